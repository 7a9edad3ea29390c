// The learner's earlier submissions for one exercise (newest first), numbered as runs. Opening
// one shows its report; the page then offers "Restore this code", and this panel adds a
// comparison of that run with the editor.

import * as api from "./api.js";
import { diffLines, unifiedHunks } from "./diff.js";
import { absoluteTime, h, plural, prefersReducedMotion, relativeTime, srOnly } from "./dom.js";
import { statusIcon, statusLabel } from "./icons.js";

/** @typedef {import("./api.js").SubmissionSummary} SubmissionSummary */
/** @typedef {import("./diff.js").DiffLine} DiffLine */

const PAGE = 20;

/**
 * When a run was made, to the second (runs a few seconds apart must read differently), with the
 * date unless it was today.
 * @param {string} iso
 * @param {Date} [now]
 */
export function runTime(iso, now = new Date()) {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const time = then.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit", second: "2-digit" });
  if (then.toDateString() === now.toDateString()) return time;
  const year = then.getFullYear() === now.getFullYear() ? undefined : "numeric";
  return `${then.toLocaleDateString(undefined, { day: "numeric", month: "short", year })}, ${time}`;
}

/** The editor's code, through the page's handle (window.gradebox) until the page passes its own. */
const codeInPageEditor = () => /** @type {any} */ (window).gradebox?.getCode?.() ?? "";

const MARKERS = { same: " ", removed: "-", added: "+" };
const SPOKEN = { same: "", removed: "removed: ", added: "added: " };

export class HistoryPanel {
  /**
   * @param {object} options
   * @param {string} options.slug
   * @param {HTMLElement} options.container
   * @param {(id: string) => void} options.onOpen
   * @param {(err: unknown) => string} options.describeError
   * @param {HTMLElement | null} [options.resultsBar]  where the page shows an opened run's actions
   * @param {() => string} [options.getEditorCode]
   */
  constructor({
    slug,
    container,
    onOpen,
    describeError,
    resultsBar = document.getElementById("results-bar"),
    getEditorCode = codeInPageEditor,
  }) {
    this.slug = slug;
    this.onOpen = onOpen;
    this.describeError = describeError;
    this.resultsBar = resultsBar;
    this.getEditorCode = getEditorCode;
    /** @type {SubmissionSummary[]} */
    this.items = [];
    /** @type {Map<string, number>} run number of each listed submission, oldest = 1 */
    this.runNumbers = new Map();
    /** @type {Map<string, string>} code of the runs compared so far */
    this.codes = new Map();
    /** Set by a click on a row: the next run the page shows is brought into view and focus. */
    this.opening = false;
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
    // The page draws the opened run's bar ("Restore this code"); add the comparison to it and,
    // when the learner opened it here, bring it into view. Observer callbacks run after the
    // page's own scrolling and focusing, so these win.
    if (resultsBar) new MutationObserver(() => this.onRunBarChanged()).observe(resultsBar, { childList: true });
    this.render();
  }

  /**
   * Number a page of submissions listed newest first from `offset` out of `total`.
   * @param {SubmissionSummary[]} items
   * @param {number} offset
   * @param {number} total
   */
  numberRuns(items, offset, total) {
    items.forEach((item, i) => this.runNumbers.set(item.id, total - offset - i));
  }

  /** @param {string} id */
  runLabel(id) {
    const n = this.runNumbers.get(id);
    return n ? `Run ${n}` : "This run";
  }

  async load() {
    try {
      const page = await api.listSubmissions(this.slug, { limit: PAGE, offset: 0 });
      this.items = page.items ?? [];
      this.total = page.total ?? this.items.length;
      this.numberRuns(this.items, 0, this.total);
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
      const offset = this.items.length;
      const page = await api.listSubmissions(this.slug, { limit: PAGE, offset });
      const known = new Set(this.items.map((i) => i.id));
      this.total = page.total ?? this.total;
      this.numberRuns(page.items ?? [], offset, this.total);
      this.items.push(...(page.items ?? []).filter((i) => !known.has(i.id)));
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
    this.runNumbers.set(item.id, this.total);
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
    this.list.replaceChildren(...this.items.map((item) => this.renderRow(item)));
    this.more.hidden = this.items.length >= this.total;
    if (focusedId) /** @type {HTMLElement | null} */ (this.list.querySelector(`[data-submission="${CSS.escape(focusedId)}"]`))?.focus();
  }

  /** @param {SubmissionSummary} item */
  renderRow(item) {
    const when = runTime(item.created_at);
    const ago = relativeTime(item.created_at);
    const time = h("time", { datetime: item.created_at, title: `${ago} (${absoluteTime(item.created_at)})` }, when);
    const tests = item.total && item.verdict && item.verdict !== "internal_error" ? `${item.passed} of ${item.total} tests passed` : "";
    const current = item.id === this.activeId;
    // Graded by an earlier version of the exercise's tests: its verdict may not hold now.
    const earlier = item.current === false;
    const run = this.runLabel(item.id);
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
          // The visible words in their visible order, with the extras after them or in
          // parentheses, so that speech input ("click Run 2") matches the name (WCAG 2.5.3).
          "aria-label": [
            run,
            statusLabel(item.verdict),
            earlier ? "earlier version (graded by an earlier version of this exercise)" : "",
            tests,
            `${when} (${ago})`,
            current ? "shown" : "",
          ]
            .filter(Boolean)
            .join(", "),
          onclick: () => {
            this.opening = true;
            this.onOpen(item.id);
          },
        },
        // The spaces between the parts keep their words apart as text (the grid ignores them).
        statusIcon(item.verdict),
        h("span", { class: "history-run" }, run),
        " ",
        h(
          "span",
          { class: "history-verdict" },
          statusLabel(item.verdict),
          earlier ? " " : null,
          earlier ? h("span", { class: "history-earlier", title: "Graded by an earlier version of this exercise's tests" }, "earlier version") : null,
        ),
        " ",
        h("span", { class: "history-tests" }, tests),
        " ",
        time,
      ),
    );
  }

  /** The page redrew its results bar: add the comparison, and bring a run just opened here into view. */
  onRunBarChanged() {
    const bar = /** @type {HTMLElement | null} */ (this.resultsBar?.querySelector(".viewing") ?? null);
    const id = this.activeId;
    if (bar && id && !bar.dataset.run) this.addComparison(bar, id);
    if (!this.opening) return;
    this.opening = false;
    // The results from their top (heading, then the bar with "Restore this code"), not the
    // nearest edge of a long report, which lands mid-report.
    const results = this.resultsBar?.closest("section") ?? bar;
    results?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    // The bar, not the report's heading, takes focus: restoring or comparing is why one opens a
    // run. The latest run has no bar; the page has focused the results heading.
    bar?.focus({ preventScroll: true });
  }

  /**
   * @param {HTMLElement} bar  the page's bar of an opened run
   * @param {string} id  that run's submission
   */
  addComparison(bar, id) {
    const run = this.runLabel(id);
    bar.dataset.run = id;
    bar.tabIndex = -1;
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", run);
    const region = h("div", { class: "run-diff", id: `run-diff-${id}`, hidden: true });
    const button = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "btn btn-small", "aria-expanded": "false", "aria-controls": region.id }, "Compare with editor")
    );
    button.addEventListener("click", () => this.toggleComparison(id, button, region));
    const actions = bar.querySelector(".viewing-actions") ?? bar;
    actions.append(button);
    actions.after(region);
  }

  /**
   * @param {string} id
   * @param {HTMLButtonElement} button
   * @param {HTMLElement} region
   */
  async toggleComparison(id, button, region) {
    if (button.getAttribute("aria-expanded") === "true") {
      button.setAttribute("aria-expanded", "false");
      button.textContent = "Compare with editor";
      region.hidden = true;
      return;
    }
    if (button.getAttribute("aria-disabled") === "true") return;
    button.setAttribute("aria-disabled", "true");
    try {
      let code = this.codes.get(id);
      if (code === undefined) {
        code = (await api.getSubmission(id)).code ?? "";
        this.codes.set(id, code);
      }
      region.replaceChildren(...this.renderComparison(this.runLabel(id), diffLines(code, this.getEditorCode())));
    } catch (err) {
      region.replaceChildren(h("p", { class: "inline-error", role: "alert" }, `The code of this run could not be loaded. ${this.describeError(err)}`));
    } finally {
      button.removeAttribute("aria-disabled");
    }
    region.hidden = false;
    button.setAttribute("aria-expanded", "true");
    button.textContent = "Hide comparison";
  }

  /**
   * A unified diff from the run (-) to the editor (+), markers in text so colour is never the only cue.
   * @param {string} run  e.g. "Run 3"
   * @param {DiffLine[]} lines
   */
  renderComparison(run, lines) {
    const hunks = unifiedHunks(lines);
    if (!hunks.length) return [h("p", { class: "run-diff-summary" }, `Your editor holds exactly the code of ${run}.`)];
    const added = lines.filter((l) => l.change === "added").length;
    const removed = lines.filter((l) => l.change === "removed").length;
    const diff = h(
      "pre",
      { class: "diff", tabindex: "0", role: "group", "aria-label": `Changes from ${run} to your editor` },
      ...hunks.map((hunk) =>
        h(
          "code",
          { class: "diff-hunk" },
          h("span", { class: "diff-range" }, `@@ -${hunk.oldStart},${hunk.oldCount} +${hunk.newStart},${hunk.newCount} @@\n`),
          ...hunk.lines.map((line) =>
            h(
              "span",
              { class: `diff-line diff-${line.change}` },
              srOnly(SPOKEN[line.change]),
              h("span", { class: "diff-marker", "aria-hidden": "true" }, MARKERS[line.change]),
              `${line.text}\n`,
            ),
          ),
        ),
      ),
    );
    return [
      h(
        "p",
        { class: "run-diff-summary" },
        `From ${run} (-) to your editor (+): ${plural(added, "line")} added, ${plural(removed, "line")} removed.`,
      ),
      diff,
    ];
  }
}
