// The learner's earlier submissions for one exercise (newest first). Opening one shows its
// report; the page then offers "Restore this code".

import * as api from "./api.js";
import { absoluteTime, h, relativeTime } from "./dom.js";
import { statusIcon, statusLabel } from "./icons.js";

/** @typedef {import("./api.js").SubmissionSummary} SubmissionSummary */

const PAGE = 20;

export class HistoryPanel {
  /**
   * @param {object} options
   * @param {string} options.slug
   * @param {HTMLElement} options.container
   * @param {(id: string) => void} options.onOpen
   * @param {(err: unknown) => string} options.describeError
   */
  constructor({ slug, container, onOpen, describeError }) {
    this.slug = slug;
    this.onOpen = onOpen;
    this.describeError = describeError;
    /** @type {SubmissionSummary[]} */
    this.items = [];
    this.total = 0;
    /** @type {string | null} */
    this.activeId = null;
    this.loaded = false;
    this.list = h("ol", { class: "history-list" });
    this.count = h("p", { class: "muted small history-count" });
    this.more = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "btn btn-small", hidden: true, onclick: () => this.loadMore() }, "Show older submissions")
    );
    this.error = h("p", { class: "inline-error", role: "alert", hidden: true });
    container.replaceChildren(
      h("h2", { id: "history-heading" }, "Your submissions"),
      this.count,
      this.list,
      this.error,
      this.more,
    );
    container.setAttribute("aria-labelledby", "history-heading");
    this.render();
  }

  async load() {
    try {
      const page = await api.listSubmissions(this.slug, { limit: PAGE, offset: 0 });
      this.items = page.items ?? [];
      this.total = page.total ?? this.items.length;
      this.loaded = true;
      this.setError("");
    } catch (err) {
      this.setError(`Your earlier submissions could not be loaded. ${this.describeError(err)}`);
    }
    this.render();
  }

  async loadMore() {
    if (this.more.getAttribute("aria-disabled") === "true") return;
    this.more.setAttribute("aria-disabled", "true");
    const before = this.items.length;
    try {
      const page = await api.listSubmissions(this.slug, { limit: PAGE, offset: this.items.length });
      const known = new Set(this.items.map((i) => i.id));
      this.items.push(...(page.items ?? []).filter((i) => !known.has(i.id)));
      this.total = page.total ?? this.total;
      this.setError("");
    } catch (err) {
      this.setError(`Older submissions could not be loaded. ${this.describeError(err)}`);
    } finally {
      this.more.removeAttribute("aria-disabled");
    }
    const hadFocus = document.activeElement === this.more;
    const firstNew = this.items[before]?.id;
    this.render();
    if (hadFocus && this.more.hidden && firstNew) {
      // The button is gone: move focus to the first of the older submissions just listed.
      /** @type {HTMLElement | null} */ (this.list.querySelector(`[data-submission="${CSS.escape(firstNew)}"]`))?.focus();
    }
  }

  /**
   * Add a submission that was just made.
   * @param {SubmissionSummary} item
   */
  add(item) {
    if (this.items.some((i) => i.id === item.id)) return;
    this.items.unshift(item);
    this.total += 1;
    this.activeId = item.id;
    this.render();
  }

  /**
   * Replace a listed submission's row (e.g. once a pending submission is graded).
   * @param {SubmissionSummary} item
   */
  update(item) {
    const i = this.items.findIndex((x) => x.id === item.id);
    if (i < 0) return;
    this.items[i] = item;
    this.render();
  }

  /** @param {string | null} id */
  setActive(id) {
    this.activeId = id;
    this.render();
  }

  /** @param {string} message */
  setError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
  }

  render() {
    const focusedId = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.submission;
    this.count.textContent = !this.loaded && !this.items.length
      ? "Loading…"
      : this.total === 0
        ? "Nothing yet: your runs will be listed here."
        : `${this.total} ${this.total === 1 ? "submission" : "submissions"}, newest first.`;
    this.list.replaceChildren(
      ...this.items.map((item) => {
        const time = h("time", { datetime: item.created_at, title: absoluteTime(item.created_at) }, relativeTime(item.created_at));
        const tests = item.total && item.verdict && item.verdict !== "internal_error" ? `${item.passed}/${item.total} tests` : "";
        const current = item.id === this.activeId;
        // Graded by an earlier version of the exercise's tests: its verdict may not hold now.
        const earlier = item.current === false;
        return h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: `history-item verdict-${item.verdict ?? "pending"}`,
              "data-submission": item.id,
              "aria-current": current ? "true" : false,
              "aria-label": `${statusLabel(item.verdict)}, ${tests ? `${item.passed} of ${item.total} tests passed, ` : ""}${relativeTime(item.created_at)}${earlier ? ", graded by an earlier version of this exercise" : ""}${current ? ", shown" : ""}`,
              onclick: () => this.onOpen(item.id),
            },
            statusIcon(item.verdict),
            h(
              "span",
              { class: "history-verdict" },
              statusLabel(item.verdict),
              earlier ? h("span", { class: "history-earlier", title: "Graded by an earlier version of this exercise's tests" }, "earlier version") : null,
            ),
            h("span", { class: "history-tests" }, tests),
            time,
          ),
        );
      }),
    );
    this.more.hidden = this.items.length >= this.total;
    if (focusedId) /** @type {HTMLElement | null} */ (this.list.querySelector(`[data-submission="${CSS.escape(focusedId)}"]`))?.focus();
  }
}
