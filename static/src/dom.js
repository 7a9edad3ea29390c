// Small DOM and formatting helpers shared by both pages.

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * Create an element. Attribute values that are functions and whose name starts with "on" become
 * event listeners; `false`, `null` and `undefined` attributes are skipped; strings are always
 * inserted as text (never parsed as HTML).
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function" && name.startsWith("on")) {
      el.addEventListener(name.slice(2).toLowerCase(), /** @type {EventListener} */ (value));
    } else if (name === "class") {
      el.className = String(value);
    } else if (value === true) {
      el.setAttribute(name, "");
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

/**
 * @param {Element} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/**
 * Text that only screen readers see.
 * @param {string} text
 */
export function srOnly(text) {
  return h("span", { class: "sr-only" }, text);
}

/**
 * Human-friendly number for tables, captions and summaries.
 * @param {unknown} v
 * @param {number} [digits] significant digits
 */
export function formatNumber(v, digits = 4) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "string") return v;
  if (typeof v !== "number") return JSON.stringify(v);
  if (Number.isNaN(v)) return "nan";
  if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
  if (Number.isInteger(v) && Math.abs(v) < 1e9) return String(v);
  const abs = Math.abs(v);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e6)) {
    return v.toExponential(Math.max(0, digits - 2)).replace(/\.?0+e/, "e").replace("e+", "e");
  }
  return String(Number(v.toPrecision(digits)));
}

/** JSON has no NaN or infinities: previews carry them as these strings. */
const NON_FINITE = new Map([
  ["NaN", NaN],
  ["Infinity", Infinity],
  ["-Infinity", -Infinity],
]);

/**
 * One value of an array preview as a number: finite numbers as they are, "NaN" / "Infinity" /
 * "-Infinity" as the non-finite numbers, booleans as 0/1; anything else is NaN.
 * @param {unknown} v
 */
export function previewNumber(v) {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") return NON_FINITE.get(v) ?? NaN;
  return NaN;
}

/**
 * Whether a preview value stands for NaN or an infinity.
 * @param {unknown} v
 */
export function isNonFinite(v) {
  return (typeof v === "string" && NON_FINITE.has(v)) || (typeof v === "number" && !Number.isFinite(v));
}

/**
 * A preview value as text: numbers as formatNumber writes them; non-finite values as NumPy
 * prints them (nan, inf, -inf).
 * @param {unknown} v
 * @param {number} [digits]
 */
export function formatPreviewValue(v, digits) {
  return isNonFinite(v) ? formatNumber(previewNumber(v)) : formatNumber(v, digits);
}

/**
 * Tolerance as people write it: 0.0001 -> "1e−4" (a real minus sign, so a line never breaks
 * inside the number).
 * @param {number} tol
 */
export function formatTolerance(tol) {
  if (tol === 0) return "0 (exact)";
  const exp = Math.log10(tol);
  const text = Number.isInteger(exp) && Math.abs(exp) >= 3 ? `1e${exp}` : formatNumber(tol, 3);
  return text.replace("e-", "e\u2212");
}

/**
 * "5 minutes ago", "yesterday", … (falls back to the date for older times).
 * @param {string} iso
 * @param {Date} [now]
 */
export function relativeTime(iso, now = new Date()) {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 45 * 60) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 22 * 3600) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 6 * 86400) return rtf.format(Math.round(seconds / 86400), "day");
  return then.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/**
 * Full local date and time, for title attributes.
 * @param {string} iso
 */
export function absoluteTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** @returns {boolean} */
export function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scroll an element into view, honouring prefers-reduced-motion.
 * @param {Element} el
 */
export function scrollIntoViewGently(el) {
  el.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "nearest" });
}

/**
 * Let the keyboard scroll `el` once its content overflows it: a scrolling box that cannot take
 * focus cannot be scrolled without a mouse (WCAG 2.1.1). Boxes that fit add no tab stop; one
 * that has overflowed (a narrow screen, fonts arriving) keeps its tab stop.
 * @param {HTMLElement} el
 * @param {string} name  what the box holds, read when it takes focus
 */
export function scrollableByKeyboard(el, name) {
  if (!el.hasAttribute("aria-label")) {
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", name);
  }
  const update = () => {
    if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight) el.setAttribute("tabindex", "0");
  };
  update();
  new ResizeObserver(update).observe(el);
  void document.fonts.ready.then(update);
}
