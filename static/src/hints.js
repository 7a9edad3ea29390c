// Hints: "Show hint k of N" reveals the next hint through the API (so it is recorded); hints
// already revealed are loaded with GET and stay visible after a reload.

import * as api from "./api.js";
import { h, scrollIntoViewGently } from "./dom.js";
import { highlightCodeBlocksIn, typesetIn } from "./lazy.js";

/** @typedef {import("./api.js").Hint} Hint */

/**
 * Make each code block a named, focusable group: its long lines scroll inside the block (never
 * the page), and a keyboard user can only scroll what can take focus.
 * @param {HTMLElement} body
 * @param {number} hintIndex
 */
function labelCodeBlocks(body, hintIndex) {
  const blocks = [...body.querySelectorAll("pre")];
  blocks.forEach((pre, i) => {
    pre.setAttribute("tabindex", "0");
    pre.setAttribute("role", "group");
    const which = blocks.length > 1 ? ` (${i + 1} of ${blocks.length})` : "";
    pre.setAttribute("aria-label", `Code from hint ${hintIndex}${which}`);
  });
}

export class HintsPanel {
  /**
   * @param {object} options
   * @param {string} options.slug
   * @param {HTMLElement} options.container  where the panel is drawn
   * @param {number} options.total
   * @param {(message: string) => void} options.announce
   * @param {(err: unknown) => string} options.describeError
   */
  constructor({ slug, container, total, announce, describeError }) {
    this.slug = slug;
    this.container = container;
    this.total = total;
    this.announce = announce;
    this.describeError = describeError;
    /** @type {Hint[]} sorted by index */
    this.revealed = [];
    /** @type {Promise<Hint | null> | null} the reveal in flight, so clicks never race */
    this.busy = null;
    this.list = h("ol", { class: "hint-list" });
    this.status = h("p", { class: "hint-status muted" });
    this.error = h("p", { class: "inline-error", role: "alert", hidden: true });
    this.button = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "btn", onclick: () => this.onShowNext() }, "Show hint")
    );
    container.replaceChildren(
      h("h2", { id: "hints-heading" }, "Hints"),
      this.list,
      this.error,
      h("div", { class: "hint-actions" }, this.button, this.status),
    );
    container.setAttribute("aria-labelledby", "hints-heading");
    this.render();
  }

  get revealedCount() {
    return this.revealed.length;
  }

  /** @param {number} index */
  isRevealed(index) {
    return this.revealed.some((x) => x.index === index);
  }

  /** @param {number} index */
  get(index) {
    return this.revealed.find((x) => x.index === index) ?? null;
  }

  /** Load the hints this learner has already revealed. */
  async load() {
    if (!this.total) return;
    try {
      const data = await api.listHints(this.slug);
      this.total = data.total ?? this.total;
      this.revealed = [...(data.revealed ?? [])].sort((a, b) => a.index - b.index);
      this.render();
    } catch (err) {
      this.showError(`Your earlier hints could not be loaded. ${this.describeError(err)}`);
    }
  }

  /**
   * Reveal the next hint (one request at a time).
   * @returns {Promise<Hint | null>}
   */
  revealNext() {
    if (this.busy) return this.busy;
    this.busy = (async () => {
      try {
        const hint = await api.revealNextHint(this.slug);
        if (hint.total) this.total = hint.total;
        if (!this.isRevealed(hint.index)) this.revealed.push(hint);
        this.revealed.sort((a, b) => a.index - b.index);
        this.showError("");
        return hint;
      } catch (err) {
        if (err instanceof api.ApiError && err.status === 409) {
          // Everything was already revealed (e.g. in another tab): resynchronise.
          await this.load();
          return null;
        }
        throw err;
      } finally {
        this.busy = null;
        this.render();
      }
    })();
    return this.busy;
  }

  /**
   * Reveal hints in order until hint `index` is visible; returns that hint.
   * @param {number} index
   * @returns {Promise<Hint | null>}
   */
  async revealUpTo(index) {
    try {
      while (!this.isRevealed(index) && this.revealedCount < this.total) {
        const before = this.revealedCount;
        await this.revealNext();
        if (this.revealedCount === before) break; // nothing new came back
      }
      const hint = this.get(index);
      if (hint) this.announce(`Hint ${hint.index} of ${this.total} shown: ${hint.title}`);
      return hint;
    } catch (err) {
      this.showError(`The hint could not be shown. ${this.describeError(err)}`);
      throw err;
    }
  }

  async onShowNext() {
    if (this.button.getAttribute("aria-disabled") === "true") return;
    // aria-disabled rather than disabled: a disabled button would drop keyboard focus.
    this.button.setAttribute("aria-disabled", "true");
    try {
      const hint = await this.revealNext();
      if (hint) {
        this.announce(`Hint ${hint.index} of ${this.total} shown: ${hint.title}`);
        const item = this.list.querySelector(`[data-hint="${hint.index}"]`);
        if (item) scrollIntoViewGently(item);
        if (this.revealedCount >= this.total) {
          // The button disappears: keep keyboard focus nearby, on the new hint.
          /** @type {HTMLElement | null} */ (item?.querySelector("h3"))?.focus();
        }
      }
    } catch (err) {
      this.showError(`The hint could not be shown. ${this.describeError(err)}`);
    } finally {
      this.button.removeAttribute("aria-disabled");
    }
  }

  /** @param {string} message */
  showError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
  }

  /**
   * The content of one hint (also used inline by diagnosis callouts).
   * @param {Hint} hint
   * @param {"h3"|"h4"} [headingTag]
   */
  renderHint(hint, headingTag = "h3") {
    const body = h("div", { class: "md" });
    // `html` is rendered by the server from authored Markdown (raw HTML off), like the statement.
    body.innerHTML = hint.html;
    typesetIn(body);
    highlightCodeBlocksIn(body);
    labelCodeBlocks(body, hint.index);
    return h(
      "div",
      { class: "hint" },
      h(headingTag, { tabindex: "-1" }, `Hint ${hint.index}`, hint.title ? `: ${hint.title}` : ""),
      body,
    );
  }

  render() {
    const shown = new Set([...this.list.children].map((li) => Number(/** @type {HTMLElement} */ (li).dataset.hint)));
    for (const hint of this.revealed) {
      if (shown.has(hint.index)) continue;
      const li = h("li", { "data-hint": String(hint.index) }, this.renderHint(hint));
      const next = [...this.list.children].find((el) => Number(/** @type {HTMLElement} */ (el).dataset.hint) > hint.index);
      this.list.insertBefore(li, next ?? null);
    }
    this.list.hidden = this.revealed.length === 0;
    const remaining = this.total - this.revealedCount;
    if (!this.total) {
      this.button.hidden = true;
      this.status.textContent = "This exercise has no hints.";
    } else if (remaining <= 0) {
      this.button.hidden = true;
      this.status.textContent = `All ${this.total} hints shown.`;
    } else {
      this.button.hidden = false;
      this.button.textContent = `Show hint ${this.revealedCount + 1} of ${this.total}`;
      this.status.textContent = this.revealedCount === 0 ? "Stuck? Hints come one at a time; each one is saved with your progress." : "";
    }
  }
}
