// "Try your own call": the learner writes one call of their function (`positional_encoding(4, 6)`)
// and sees what came back, what it printed and, where the exercise shows it, the reference's
// answer to the same call beside it. Nothing is graded or stored (POST /api/exercises/{slug}/scratch).

import * as api from "./api.js";
import { formatNumber, h, plural, scrollableByKeyboard } from "./dom.js";
import { statusIcon } from "./icons.js";
import { heatmapsLoadingFor, loadedHeatmaps } from "./lazy.js";
import { announce } from "./live.js";
import { noticeFor } from "./messages.js";
import { diagnosisExplanation, fitsTable, previewTable, printedOutput } from "./report.js";

/**
 * @typedef {import("./api.js").ScratchInfo} ScratchInfo
 * @typedef {import("./api.js").ScratchRun} ScratchRun
 * @typedef {import("./api.js").ScratchValue} ScratchValue
 * @typedef {import("./api.js").ArrayPreview} ArrayPreview
 * @typedef {{
 *   slug: string, info: ScratchInfo, getCode: () => string, codeLimit: number,
 *   onGoToLine?: (line: number) => void
 * }} ScratchOptions
 */

/**
 * Each outcome's icon and words. The icon and the label say it together, never colour alone;
 * "ours" is never worded as the learner's mistake.
 * @type {Record<ScratchRun["status"], {icon: string, label: string}>}
 */
const OUTCOMES = {
  returned: { icon: "info", label: "Returned" },
  raised: { icon: "error", label: "Your function raised an error" },
  refused: { icon: "info", label: "The call was not made" },
  error: { icon: "error", label: "Your code could not be loaded" },
  timed_out: { icon: "timed_out", label: "Out of time" },
  internal_error: { icon: "internal_error", label: "A problem on our side, not in your code" },
};

/** @param {ArrayPreview | null | undefined} p */
const isTwoD = (p) => p?.shape?.length === 2;

/** @param {ArrayPreview | null | undefined} a @param {ArrayPreview | null | undefined} b */
const sameShape = (a, b) => !!a && !!b && a.shape.join("×") === b.shape.join("×");

/**
 * The heatmap code, when a run has 2-D arrays to draw: lazy.js loads it for a report's tests,
 * so the run's two answers are handed over as one test's got and expected.
 * @param {ScratchRun} run
 * @returns {Promise<void> | null}
 */
function heatmapsLoadingForRun(run) {
  const test = { got: run.result?.preview ?? null, expected: run.reference?.preview ?? null };
  return heatmapsLoadingFor(/** @type {import("./api.js").Submission} */ (/** @type {unknown} */ ({ tests: [test] })));
}

/**
 * One answer: a table when it is a small array, a note pointing at the heatmaps when it is a
 * larger 2-D one, NumPy's own text otherwise.
 * @param {ScratchValue} value
 * @param {string} caption  "Yours" or "Reference"
 * @param {string} call
 * @param {ScratchValue | null} other  the answer to mark differing cells against
 * @param {number | null} tolerance
 * @param {boolean} heatmapped
 */
function valueView(value, caption, call, other, tolerance, heatmapped) {
  const preview = value.preview ?? null;
  const table = preview ? previewTable(preview, caption, call, other?.preview ?? null, tolerance) : null;
  if (table) return table;
  if (heatmapped && isTwoD(preview)) return h("p", { class: "muted small" }, "Drawn as a heatmap below.");
  const text = h("pre", { class: "message scratch-text" }, value.text);
  scrollableByKeyboard(text, `${caption} as NumPy prints it`);
  return text;
}

/**
 * The learner's answer and, where shown, the reference's: side by side, then how they compare.
 * @param {ScratchRun} run
 * @returns {HTMLElement[]}
 */
function answers(run) {
  const got = run.result ?? null;
  const reference = run.reference ?? null;
  const comparison = run.comparison ?? null;
  // The reference raised on this call: what it raised stands where its answer would.
  const referenceRaised = run.reference_missing === "reference-raised";
  if (!got && !reference && !referenceRaised) return [];
  const tolerance = comparison?.tolerance ?? null;
  const maps = loadedHeatmaps();
  const tooBigForTable = (/** @type {ScratchValue | null} */ v) => !!v?.preview && isTwoD(v.preview) && !fitsTable(v.preview);
  const heatmapped = !!maps && (tooBigForTable(got) || tooBigForTable(reference));
  // Two small tables that differ get the difference map too; larger arrays are only heatmaps.
  const differenceMap = !!maps && !!comparison && !comparison.matches && isTwoD(got?.preview) && sameShape(got?.preview, reference?.preview);

  /** @param {string} title @param {string} caption @param {ScratchValue | null} value @param {ScratchValue | null} other */
  const side = (title, caption, value, other) =>
    h(
      "div",
      { class: "scratch-side" },
      h("h3", {}, title),
      value
        ? [h("p", { class: "muted small" }, value.description), valueView(value, caption, run.call, other, tolerance, heatmapped)]
        : h("p", { class: "muted" }, "Nothing came back: the call did not return."),
    );
  const raisedSide = referenceRaised
    ? h("div", { class: "scratch-side scratch-reference-raised" }, h("h3", {}, "The reference's answer"), h("p", {}, run.reference_note))
    : null;
  const out = [
    h(
      "div",
      { class: `scratch-sides${reference || raisedSide ? "" : " scratch-sides-one"}` },
      side("Your answer", "Yours", got, reference),
      reference ? side("The reference's answer", "Reference", reference, null) : raisedSide,
    ),
  ];
  if (comparison) {
    out.push(
      h(
        "div",
        { class: `scratch-comparison ${comparison.matches ? "scratch-matches" : "scratch-differs"}` },
        statusIcon(comparison.matches ? "passed" : "failed"),
        h("p", {}, comparison.message),
      ),
    );
    const diagnosis = comparison.diagnosis;
    if (diagnosis) {
      out.push(
        h(
          "aside",
          { class: "callout scratch-misconception", "aria-label": `Likely misconception: ${diagnosis.title}` },
          h("p", { class: "callout-kicker" }, statusIcon("info"), "Likely misconception"),
          h("p", { class: "callout-title" }, diagnosis.title),
          diagnosisExplanation(diagnosis),
        ),
      );
    }
  }
  if (!reference && !referenceRaised && run.reference_note) out.push(h("p", { class: "muted small scratch-reference-note" }, run.reference_note));
  if (maps && (heatmapped || differenceMap)) {
    const map = maps.renderHeatmaps(
      isTwoD(got?.preview) ? (got?.preview ?? null) : null,
      isTwoD(reference?.preview) ? (reference?.preview ?? null) : null,
      tolerance,
      "reference",
    );
    if (map) out.push(map);
  }
  return out;
}

/**
 * Everything the learner is told about one call.
 * @param {ScratchRun} run
 * @param {ScratchOptions} options
 */
function renderRun(run, options) {
  const outcome = OUTCOMES[run.status] ?? OUTCOMES.internal_error;
  const matches = run.comparison?.matches;
  const icon = run.status === "returned" && matches !== undefined ? (matches ? "passed" : "failed") : outcome.icon;
  // A returned call is judged against the reference, where there is one: say which way.
  const label =
    run.status === "returned" && matches !== undefined
      ? matches
        ? "Returned the reference's answer"
        : "Returned an answer unlike the reference's"
      : outcome.label;
  const box = h(
    "div",
    // A refused call names why with a stable id, for scripts and tests that read the page, and
    // so does a call beside which the reference's answer is not shown.
    { class: `scratch-run scratch-run-${run.status}`, "data-refusal": run.refusal, "data-reference-missing": run.reference_missing },
    h(
      "div",
      { class: "scratch-outcome" },
      statusIcon(icon),
      h("div", {}, h("p", { class: "scratch-outcome-label" }, label), h("p", { class: "scratch-message" }, run.message)),
    ),
  );
  const line = run.error?.line;
  if (run.status === "error" && run.error) {
    box.append(h("pre", { class: "message" }, `${run.error.type}: ${run.error.message}`));
  }
  if (line && options.onGoToLine && (run.status === "error" || run.status === "raised")) {
    box.append(h("button", { type: "button", class: "btn btn-small", onclick: () => options.onGoToLine?.(line) }, `Go to line ${line} in the editor`));
  }
  if (run.arguments.length) {
    box.append(
      h(
        "details",
        { class: "scratch-arguments-made" },
        h("summary", {}, `The ${plural(run.arguments.length, "argument")} as made`),
        h(
          "dl",
          { class: "facts" },
          ...run.arguments.flatMap((argument) => [
            h("dt", {}, h("code", {}, argument.name)),
            h("dd", {}, argument.value.description, argument.value.text.includes("\n") ? h("pre", { class: "message" }, argument.value.text) : null),
          ]),
        ),
      ),
    );
  }
  box.append(...answers(run));
  if (run.stdout || run.stdout_truncated) {
    box.append(
      h("div", { class: "scratch-printed" }, h("h3", {}, "Printed output"), printedOutput(run.stdout, `Printed by ${run.call}`, run.stdout_truncated)),
    );
  } else if (run.status === "returned" || run.status === "raised") {
    box.append(h("p", { class: "muted small" }, "Nothing was printed."));
  }
  if (run.duration_ms && run.status !== "internal_error") box.append(h("p", { class: "muted small" }, `Ran in ${formatNumber(run.duration_ms)} ms.`));
  return box;
}

/**
 * The live announcement of a run: its outcome in one or two sentences.
 * @param {ScratchRun} run
 */
function announcement(run) {
  // A call that did not return, on which the reference raises too: what the reference raised.
  const referenceRaised = run.reference_missing === "reference-raised" ? ` ${run.reference_note}` : "";
  if (run.status !== "returned") return `${OUTCOMES[run.status]?.label ?? "Not run"}. ${run.message}${referenceRaised}`;
  const parts = [run.message]; // the comparison says that the reference raises
  const comparison = run.comparison;
  if (comparison?.matches) parts.push("It matches the reference's answer.");
  else if (comparison) parts.push(`It differs from the reference's answer. ${comparison.message.split("\n")[0]}`);
  if (comparison?.diagnosis) parts.push(`Likely misconception: ${comparison.diagnosis.title}.`);
  if (run.stdout) parts.push("It printed output, shown below.");
  return parts.join(" ");
}

/**
 * What a refused request (problem+json) or a failed connection tells the learner. The messages
 * module words them for test runs; a call's rate window and refusals are its own.
 * @param {unknown} err
 */
function noticeOf(err) {
  const notice = noticeFor(err);
  if (!(err instanceof api.ApiError)) return notice;
  if (err.status === 429) {
    const text = err.detail || "You have tried many calls in a short while.";
    return { ...notice, text: `${text} Your code is saved; try the call again when the pause is over.` };
  }
  if (err.status === 409) return { ...notice, title: "This exercise takes no calls of your own", text: err.detail || "Run the tests instead." };
  if (err.status === 422) return { ...notice, title: "The call was not accepted", text: err.detail || "Write one call of your function." };
  return notice;
}

/** The "Try your own call" section of the practice page (its markup is in exercise.html). */
export class ScratchPanel {
  /** @param {ScratchOptions} options */
  constructor(options) {
    this.options = options;
    this.section = /** @type {HTMLElement} */ (document.getElementById("scratch"));
    this.form = /** @type {HTMLFormElement} */ (document.getElementById("scratch-form"));
    this.input = /** @type {HTMLInputElement} */ (document.getElementById("scratch-call"));
    this.button = /** @type {HTMLButtonElement} */ (document.getElementById("scratch-button"));
    this.result = /** @type {HTMLElement} */ (document.getElementById("scratch-result"));
    this.running = false;
    /** The code the shown result was called on (null: no result shown), to tell when it is stale. */
    this.calledCode = /** @type {string | null} */ (null);
    /** Time (ms since epoch) before which another call is refused anyway (429 Retry-After). */
    this.waitUntil = 0;
  }

  /** Fill in the exercise's example and arguments, and show the section. */
  mount() {
    const { info } = this.options;
    this.input.value = info.example;
    this.input.maxLength = info.call_chars; // the server's limit, typed (ScratchInfo.call_chars)
    document.getElementById("scratch-argument-list")?.replaceChildren(
      ...info.arguments.map((argument) =>
        h("li", {}, h("code", {}, argument.name), `: ${argument.description}`, argument.optional ? " (optional)" : ""),
      ),
    );
    this.form.addEventListener("submit", (event) => {
      event.preventDefault(); // Enter in the input runs the call, as the button does
      void this.run();
    });
    this.section.hidden = false;
  }

  async run() {
    if (this.running) return;
    const call = this.input.value.trim();
    if (!call) {
      this.showNotice({ kind: "yours", title: "Write a call first", text: `For example ${this.options.info.example}.`, retryAfter: null });
      this.input.focus();
      return;
    }
    const waiting = Math.ceil((this.waitUntil - Date.now()) / 1000);
    if (waiting > 0) {
      announce(`Please wait ${plural(waiting, "second")} before trying another call.`);
      return;
    }
    const code = this.options.getCode();
    const size = new TextEncoder().encode(code).length;
    if (size > this.options.codeLimit) {
      const detail = `Your code is ${size.toLocaleString()} bytes; at most ${this.options.codeLimit.toLocaleString()} bytes are accepted.`;
      this.showNotice(noticeFor(new api.ApiError("too large", { status: 413, detail })));
      return;
    }
    this.setRunning(true);
    this.result.replaceChildren(h("p", { class: "muted scratch-running" }, `Calling ${call}…`));
    announce(`Calling ${call}…`);
    try {
      const run = await api.scratch(this.options.slug, code, call);
      await heatmapsLoadingForRun(run);
      this.result.replaceChildren(renderRun(run, this.options));
      this.calledCode = code;
      announce(announcement(run));
      this.codeChanged(this.options.getCode()); // edited while the call ran
    } catch (err) {
      const notice = noticeOf(err);
      if (notice.retryAfter) this.waitUntil = Date.now() + notice.retryAfter * 1000;
      this.showNotice(notice);
    } finally {
      this.setRunning(false);
    }
  }

  /**
   * The editor's code changed: a result called on other code than the editor's now is marked
   * stale (`data-stale`, dimmed, a note and a way to call again) and its misconception callout
   * is hidden, since neither describes the code as it is; back to the same code, it is current.
   * @param {string} code
   */
  codeChanged(code) {
    const box = this.result.querySelector(".scratch-run");
    if (!(box instanceof HTMLElement) || this.calledCode === null) return;
    const stale = code !== this.calledCode;
    if (stale === box.hasAttribute("data-stale")) return;
    box.toggleAttribute("data-stale", stale);
    for (const callout of box.querySelectorAll(".scratch-misconception")) /** @type {HTMLElement} */ (callout).hidden = stale;
    if (!stale) {
      box.querySelector(".scratch-stale-note")?.remove();
      return;
    }
    box.prepend(
      h(
        "p",
        { class: "scratch-stale-note" },
        statusIcon("info"),
        h("span", {}, "Your code has changed since this call, so this result may no longer hold. "),
        // Focus moves to the call's own button first: this one goes with the old result.
        h("button", { type: "button", class: "btn btn-small", onclick: () => (this.button.focus(), void this.run()) }, "Run the call again"),
      ),
    );
  }

  /** @param {boolean} running */
  setRunning(running) {
    this.running = running;
    this.button.textContent = running ? "Running…" : "Run call";
    // aria-disabled, not disabled: the button keeps focus while the call runs.
    if (running) this.button.setAttribute("aria-disabled", "true");
    else this.button.removeAttribute("aria-disabled");
    if (running) this.result.setAttribute("aria-busy", "true");
    else this.result.removeAttribute("aria-busy");
  }

  /** @param {import("./messages.js").Notice} notice */
  showNotice(notice) {
    this.calledCode = null;
    this.result.replaceChildren(
      h(
        "div",
        { class: `notice notice-${notice.kind}` },
        statusIcon(notice.kind === "yours" ? "error" : notice.kind === "ours" ? "internal_error" : "timed_out"),
        h("div", {}, h("p", { class: "notice-title" }, notice.title), h("p", {}, notice.text)),
      ),
    );
    announce(`${notice.title}. ${notice.text}`);
  }
}
