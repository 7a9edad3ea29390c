// Announcements for screen readers through one polite ARIA live region.

/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/**
 * Announce a message. The region is cleared first so that repeating the same message is read again.
 * @param {string} message
 */
export function announce(message) {
  const region = document.getElementById("live");
  if (!region) return;
  clearTimeout(timer);
  region.textContent = "";
  timer = setTimeout(() => {
    region.textContent = message;
  }, 60);
}
