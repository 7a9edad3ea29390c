// Rendering of a grading report (a Submission): verdict headline, diagnosed misconceptions, then
// one row per test (problems first) with a status icon and label, message, call, tolerance and
// expected vs got (tables for small arrays, heatmaps for larger 2-D previews).

import { formatNumber, formatPreviewValue, formatTolerance, h, isNonFinite, plural, previewNumber, scrollIntoViewGently, srOnly } from "./dom.js";
import { statusBadge, statusIcon } from "./icons.js";
import { highlightCodeBlocksIn, highlightPythonInto, loadedHeatmaps, typesetIn } from "./lazy.js";

/**
 * @typedef {import("./api.js").Submission} Submission
 * @typedef {import("./api.js").TestResult} TestResult
 * @typedef {import("./api.js").ArrayPreview} ArrayPreview
 * @typedef {import("./api.js").Diagnosis} Diagnosis
 * @typedef {import("./hints.js").HintsPanel} HintsPanel
 * @typedef {{
 *   hints?: HintsPanel, onGoToLine?: (line: number) => void, timeLimit?: number | null,
 *   callouts?: Map<string, HTMLElement>
 * }} ReportContext
 */

/** Largest array shown as a table (rows and columns). */
const TABLE_MAX = 8;

/**
 * One-sentence outcome, for the headline and the live-region announcement.
 * @param {Submission} sub
 */
export function summarize(sub) {
  if (sub.status === "pending" || sub.verdict === null) return "Grading…";
  switch (sub.verdict) {
    case "passed":
      return `${sub.passed} of ${plural(sub.total, "test")} passed.`;
    case "failed":
      return `${sub.passed} of ${plural(sub.total, "test")} passed.`;
    case "error":
      if (sub.error) {
        const where = sub.error.line ? ` on line ${sub.error.line}` : "";
        return sub.error.type === "SyntaxError" || sub.error.type === "IndentationError"
          ? `Your code has ${sub.error.type === "IndentationError" ? "an" : "a"} ${sub.error.type}${where}.`
          : `Your code raised ${sub.error.type}${where}.`;
      }
      return `Your code raised an error; ${sub.passed} of ${plural(sub.total, "test")} passed.`;
    case "timed_out":
      return "Your code ran out of time.";
    case "internal_error":
      return "We could not grade this run because of a problem on our side.";
    default:
      return `${sub.passed} of ${plural(sub.total, "test")} passed.`;
  }
}

/**
 * @param {Submission} sub
 * @param {ReportContext} ctx
 * @returns {HTMLElement[]}
 */
function verdictDetails(sub, ctx) {
  /** @type {HTMLElement[]} */
  const out = [];
  if (sub.verdict === "error" && sub.error) {
    out.push(
      h(
        "div",
        { class: "error-box" },
        h("pre", { class: "message" }, `${sub.error.type}: ${sub.error.message}`),
        sub.error.line && ctx.onGoToLine ? goToLineButton(sub.error.line, ctx) : null,
      ),
    );
    if (sub.tests.length && sub.passed < sub.total) {
      out.push(h("p", { class: "muted" }, `${sub.passed} of ${plural(sub.total, "test")} passed.`));
    }
  } else if (sub.verdict === "timed_out") {
    const limit = ctx.timeLimit ? ` within the ${formatNumber(ctx.timeLimit)}-second limit` : " within the time limit";
    out.push(
      h(
        "p",
        {},
        `The tests stopped because your code did not finish${limit}. ` +
          "This usually means a loop that never ends, or work that grows too fast with the input size — " +
          "a vectorised NumPy operation is often much faster than a Python loop. " +
          "If you think your code is quick, run the tests again: the grader may have been busy.",
      ),
      h("p", { class: "muted" }, `${sub.passed} of ${plural(sub.total, "test")} passed before the limit.`),
    );
  } else if (sub.verdict === "internal_error") {
    out.push(
      h(
        "p",
        {},
        "Something went wrong in gradebox while grading, not in your code. Your code is kept here; " +
          "please run the tests again in a moment. If it keeps happening, let us know.",
      ),
    );
  }
  return out;
}

/**
 * @param {number} line
 * @param {ReportContext} ctx
 */
function goToLineButton(line, ctx) {
  return h(
    "button",
    { type: "button", class: "btn btn-small", onclick: () => ctx.onGoToLine?.(line) },
    `Go to line ${line} in the editor`,
  );
}

/**
 * @param {string} code
 */
function codeInline(code) {
  const el = h("code", { class: "code-inline" });
  highlightPythonInto(code, el);
  return el;
}

/**
 * Shape as Python writes it: (50, 16), (3,), ().
 * @param {number[]} shape
 */
function pyShape(shape) {
  if (!shape.length) return "()";
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
}

/**
 * Array-ish preview values as a list of rows (null when it cannot be a small table).
 * @param {ArrayPreview} p
 * @returns {unknown[][] | null}
 */
function tableRows(p) {
  const v = p.values;
  if (p.truncated) return null;
  if (p.shape.length === 1 && Array.isArray(v) && v.length <= TABLE_MAX && !v.some(Array.isArray)) return [v];
  if (
    p.shape.length === 2 &&
    Array.isArray(v) &&
    v.length <= TABLE_MAX &&
    v.every((r) => Array.isArray(r) && r.length <= TABLE_MAX && !r.some(Array.isArray))
  ) {
    return /** @type {unknown[][]} */ (v);
  }
  return null;
}

/**
 * @param {unknown} a
 * @param {unknown} b
 * @param {number | null} tol
 */
function differs(a, b, tol) {
  const x = previewNumber(a);
  const y = previewNumber(b);
  if ((typeof a === "number" || isNonFinite(a)) && (typeof b === "number" || isNonFinite(b))) {
    if (Number.isNaN(x) && Number.isNaN(y)) return false;
    return !(Math.abs(x - y) <= (tol ?? 0)) && x !== y;
  }
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * @param {string} caption
 * @param {string} testTitle  names the region apart from the same table in every other row
 * @param {unknown[][]} rows
 * @param {unknown[][] | null} other  the array to compare against (marks differing cells)
 * @param {number | null} tol
 */
function arrayTable(caption, testTitle, rows, other, tol) {
  const oneD = rows.length === 1 && caption;
  const cols = Math.max(...rows.map((r) => r.length));
  const head = h("tr", {}, h("td", { class: "corner" }), ...Array.from({ length: cols }, (_, c) => h("th", { scope: "col" }, String(c))));
  const body = rows.map((row, r) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, oneD ? "" : String(r)),
      ...row.map((v, c) => {
        const bad = other ? differs(v, other[r]?.[c], tol) : false;
        return h("td", { class: bad ? "cell-bad" : "" }, previewValue(v), bad ? srOnly(" (differs)") : null);
      }),
    ),
  );
  const table = h("table", { class: "array-table" }, h("caption", {}, caption), h("thead", {}, head), h("tbody", {}, ...body));
  // Scrolls sideways on narrow screens; focusable so the keyboard can scroll it too.
  const name = `${caption} values, ${testTitle}`;
  return h("div", { class: "table-scroll", role: "region", "aria-label": name, tabindex: "0" }, table);
}

/** Whether a preview is an array small enough to be a table (larger 2-D ones are heatmaps). @param {ArrayPreview} preview */
export const fitsTable = (preview) => preview.shape.length > 0 && tableRows(preview) !== null;

/**
 * A preview as a table, or null when it is too big for one (or not an array).
 * @param {ArrayPreview} preview
 * @param {string} caption
 * @param {string} name  names the table's region apart from every other on the page
 * @param {ArrayPreview | null} other  marks the cells that differ from it (same shape only)
 * @param {number | null} tolerance
 */
export function previewTable(preview, caption, name, other, tolerance) {
  if (!preview.shape.length) return null;
  const rows = tableRows(preview);
  if (!rows) return null;
  const otherRows = other && pyShape(other.shape) === pyShape(preview.shape) ? tableRows(other) : null;
  return arrayTable(caption, name, rows, otherRows, tolerance);
}

/** The note the grader ends a test's capped output with: "... [9,570 more characters printed]". */
const CUT_NOTE = /\n?\.\.\. \[([\d,]+) more characters? printed\]\s*$/;

/**
 * Printed output in a box of capped height that scrolls, by keyboard too (a print flood must not
 * make the page kilometres long). Where the output was cut, a note under the box says so, so it is
 * seen without scrolling to the end.
 * @param {string} text
 * @param {string} name  the box's accessible name, apart from every other box on the page
 * @param {boolean} [truncated]  the output was cut with no note of its own (the run's whole output)
 */
export function printedOutput(text, name, truncated = false) {
  const cut = text.match(CUT_NOTE);
  const shown = cut ? text.slice(0, cut.index) : text;
  const note = cut ? `The output was cut short here; ${cut[1]} more characters were printed.` : truncated ? "The output was cut short." : null;
  return h(
    "div",
    { class: "printed" },
    h("pre", { class: "message printed-output", role: "region", "aria-label": name, tabindex: "0" }, shown),
    note ? h("p", { class: "printed-note muted small" }, note) : null,
  );
}

/**
 * Expected vs got: scalars inline, small arrays as tables, larger 2-D previews as heatmaps.
 * @param {TestResult} test
 * @returns {HTMLElement | null}
 */
function comparison(test) {
  // Absent and null mean the same here: the contract leaves these fields optional.
  const got = test.got ?? null;
  const expected = test.expected ?? null;
  const tolerance = test.tolerance ?? null;
  const testTitle = test.title || test.id;
  if (!got && !expected) return null;
  const box = h("div", { class: "comparison" });

  const isScalar = (/** @type {ArrayPreview | null} */ p) => !!p && (!p.shape || p.shape.length === 0);
  if ((got === null || isScalar(got)) && (expected === null || isScalar(expected))) {
    const dl = h("dl", { class: "scalar-compare" });
    if (expected) dl.append(h("dt", {}, "Expected"), h("dd", {}, h("code", {}, previewValue(expected.values, 8)), dtypeNote(expected)));
    if (got) dl.append(h("dt", {}, "Got"), h("dd", {}, h("code", {}, previewValue(got.values, 8)), dtypeNote(got)));
    box.append(dl);
    return box;
  }

  // Shape / dtype line, with mismatches called out in words.
  const facts = h("dl", { class: "facts" });
  if (got && expected) {
    const sameShape = pyShape(got.shape) === pyShape(expected.shape);
    facts.append(
      h("dt", {}, "Shape"),
      h("dd", { class: sameShape ? "" : "mismatch" }, sameShape ? pyShape(got.shape) : `yours ${pyShape(got.shape)}, expected ${pyShape(expected.shape)}`),
      h("dt", {}, "dtype"),
      h("dd", { class: got.dtype === expected.dtype ? "" : "mismatch" }, got.dtype === expected.dtype ? got.dtype : `yours ${got.dtype}, expected ${expected.dtype}`),
    );
  } else {
    const p = /** @type {ArrayPreview} */ (got ?? expected);
    facts.append(h("dt", {}, got ? "Your shape" : "Expected shape"), h("dd", {}, `${pyShape(p.shape)}, ${p.dtype}`));
  }
  box.append(facts);

  // Each value drawn one way: small 2-D arrays as tables, larger ones as heatmaps. When one
  // side is too big for a table, both 2-D sides become heatmaps so they can be compared.
  const isTwoD = (/** @type {ArrayPreview | null} */ p) => p?.shape?.length === 2;
  const heatmapped = [got, expected].some((p) => p !== null && isTwoD(p) && !tableRows(p));
  const asTable = (/** @type {ArrayPreview | null} */ p) => (p && !(heatmapped && isTwoD(p)) ? tableRows(p) : null);
  const gotRows = asTable(got);
  const expRows = asTable(expected);
  if (gotRows || expRows) {
    box.append(
      h(
        "div",
        { class: "tables" },
        gotRows ? arrayTable("Yours", testTitle, gotRows, expRows, tolerance) : null,
        expRows ? arrayTable("Expected", testTitle, expRows, null, tolerance) : null,
      ),
    );
  }
  // The page loads heatmap.js before it renders a report with 2-D arrays (lazy.js heatmapsLoadingFor).
  const maps = heatmapped ? (loadedHeatmaps()?.renderHeatmaps(got, expected, tolerance) ?? null) : null;
  if (maps) box.append(maps);
  return box;
}

/** What a screen reader and the tooltip say for a non-finite value. */
const NON_FINITE_NAMES = { nan: "not a number", inf: "infinity", "-inf": "minus infinity" };

/**
 * One value of a preview. Non-finite values (sent as "NaN", "Infinity", "-Infinity") are
 * written as NumPy prints them and marked, so they never pass for a number or for text.
 * @param {unknown} v
 * @param {number} [digits]
 * @returns {string | HTMLElement}
 */
function previewValue(v, digits) {
  const text = formatPreviewValue(v, digits);
  if (!isNonFinite(v)) return text;
  const name = NON_FINITE_NAMES[/** @type {keyof typeof NON_FINITE_NAMES} */ (text)] ?? text;
  return h("span", { class: "nonfinite", title: name }, text, srOnly(` (${name})`));
}

/** @param {ArrayPreview} p */
function dtypeNote(p) {
  return p.dtype ? h("span", { class: "muted small" }, ` (${p.dtype})`) : null;
}

/**
 * The mistake's own tip, offered before any hint: it unlocks nothing, while showing a hint
 * also unlocks every hint before it.
 * @param {Diagnosis} diagnosis
 */
function diagnosisTip(diagnosis) {
  if (!diagnosis.tip_html && !diagnosis.tip) return null;
  const body = h("div", { class: "md" });
  if (diagnosis.tip_html) {
    // Rendered by the server from authored Markdown with raw HTML off, like the explanation.
    body.innerHTML = diagnosis.tip_html;
  } else {
    body.append(h("p", { class: "md-source" }, diagnosis.tip ?? ""));
  }
  typesetIn(body);
  highlightCodeBlocksIn(body);
  return h("div", { class: "callout-tip" }, h("p", { class: "callout-tip-title" }, "Tip"), body);
}

/**
 * A misconception's explanation, rendered (math typeset, code highlighted).
 * @param {Diagnosis} diagnosis
 */
export function diagnosisExplanation(diagnosis) {
  const explanation = h("div", { class: "md" });
  if (diagnosis.explanation_html) {
    // Rendered by the server from authored Markdown with raw HTML off, like hints and the statement.
    explanation.innerHTML = diagnosis.explanation_html;
  } else {
    // A report stored before explanations were rendered on the server: the Markdown, as text.
    explanation.append(h("p", { class: "md-source" }, diagnosis.explanation));
  }
  typesetIn(explanation);
  highlightCodeBlocksIn(explanation);
  return explanation;
}

/**
 * The diagnosed-misconception callout, shown once per misconception right under the verdict.
 * @param {Diagnosis} diagnosis
 * @param {string[]} testTitles  the tests in which it was diagnosed
 * @param {ReportContext} ctx
 */
function diagnosisCallout(diagnosis, testTitles, ctx) {
  const explanation = diagnosisExplanation(diagnosis);
  const callout = h(
    "aside",
    { class: "callout", tabindex: "-1", "aria-label": `Likely misconception: ${diagnosis.title}` },
    h("p", { class: "callout-kicker" }, statusIcon("info"), "Likely misconception"),
    h("p", { class: "callout-title" }, diagnosis.title),
    explanation,
    diagnosisTip(diagnosis) ?? "",
    h("p", { class: "callout-tests" }, `Seen in ${testTitles.length === 1 ? "the test" : `${testTitles.length} tests`}: `, testTitles.join(" · ")),
  );
  const hints = ctx.hints;
  const index = diagnosis.hint;
  if (hints && typeof index === "number" && index >= 1 && index <= hints.total) {
    const slot = h("div", { class: "callout-hint" });
    const showInline = (/** @type {import("./api.js").Hint} */ hint) => {
      const hadFocus = document.activeElement === button;
      slot.replaceChildren(hints.renderHint(hint, "h4"));
      button.remove();
      note?.remove();
      if (hadFocus) /** @type {HTMLElement | null} */ (slot.querySelector("h4"))?.focus();
    };
    const before = Math.max(0, index - 1 - hints.revealedCount);
    const note =
      before > 0
        ? h("p", { class: "muted small callout-note" }, `Hints are shown in order, so this also reveals ${before === 1 ? "the hint" : `the ${before} hints`} before it.`)
        : null;
    const button = /** @type {HTMLButtonElement} */ (
      h("button", {
        type: "button",
        class: "btn btn-small",
        onclick: async () => {
          if (button.getAttribute("aria-disabled") === "true") return;
          button.setAttribute("aria-disabled", "true");
          try {
            const hint = await hints.revealUpTo(index);
            if (hint) showInline(hint);
          } catch {
            // revealUpTo already showed what went wrong in the hints panel
          } finally {
            button.removeAttribute("aria-disabled");
          }
        },
      }, hints.isRevealed(index) ? `Show hint ${index} here` : `Show hint ${index}`)
    );
    callout.append(button, note ?? "", slot);
  }
  return callout;
}

/**
 * The message without its opening "Called f(...)." line when the row's Call field shows the
 * same call, so the call is read once.
 * @param {string} message
 * @param {string | null | undefined} call
 */
function withoutCallLine(message, call) {
  if (!call) return message;
  const line = `Called ${call}.`;
  if (message === line) return "";
  return message.startsWith(`${line}\n`) ? message.slice(line.length + 1) : message;
}

/** Whether a test's row reports a problem (failed, errored or ran out of time). */
const isProblem = (/** @type {TestResult} */ test) => test.status !== "passed" && test.status !== "skipped";

/**
 * One test row.
 * @param {TestResult} test
 * @param {ReportContext} ctx
 * @param {boolean} open
 */
function testRow(test, ctx, open) {
  const body = h("div", { class: "test-body" });
  const message = withoutCallLine(test.message, test.call);
  if (message) body.append(h("pre", { class: "message" }, message));
  const facts = h("dl", { class: "facts" });
  if (test.call) facts.append(h("dt", {}, "Call"), h("dd", {}, codeInline(test.call)));
  if (typeof test.tolerance === "number") facts.append(h("dt", {}, "Tolerance"), h("dd", {}, formatTolerance(test.tolerance)));
  if (test.line) facts.append(h("dt", {}, "Line"), h("dd", {}, String(test.line), " ", ctx.onGoToLine ? goToLineButton(test.line, ctx) : ""));
  if (facts.childElementCount) body.append(facts);
  const callout = test.diagnosis ? ctx.callouts?.get(test.diagnosis.id) : undefined;
  if (test.diagnosis && callout) {
    // The explanation is in the callout under the verdict; this row points to it.
    body.append(
      h(
        "p",
        { class: "callout-ref" },
        statusIcon("info"),
        h("span", {}, "Likely misconception: ", h("strong", {}, test.diagnosis.title), "."),
        " ",
        h(
          "button",
          {
            type: "button",
            class: "link-button",
            onclick: () => {
              scrollIntoViewGently(callout);
              callout.focus({ preventScroll: true });
            },
          },
          "See above",
        ),
      ),
    );
  }
  const cmp = comparison(test);
  if (cmp) body.append(cmp);
  if (test.stdout) {
    body.append(
      h("div", { class: "test-printed" }, h("p", { class: "printed-title" }, "Printed during this test"), printedOutput(test.stdout, `Printed during ${test.title || test.id}`)),
    );
  }

  const head = [statusBadge(test.status), h("span", { class: "test-title" }, test.title)];
  const li = h("li", { class: `test test-${test.status}`, "data-test-id": test.id });
  if (!body.childElementCount) {
    li.append(h("div", { class: "test-summary static" }, ...head));
  } else {
    li.append(h("details", { open }, h("summary", { class: "test-summary" }, ...head), body));
  }
  return li;
}

/**
 * Render a whole report.
 * @param {Submission} sub
 * @param {ReportContext} [ctx]
 * @returns {HTMLElement}
 */
export function renderReport(sub, ctx = {}) {
  if (sub.status === "pending" || sub.verdict === null) return renderPending();
  ctx = { ...ctx, callouts: new Map() };
  const headlineStatus = sub.verdict === "failed" && sub.passed > 0 ? "failed" : sub.verdict;
  const meta = [];
  if (typeof sub.duration_ms === "number" && sub.verdict !== "internal_error") meta.push(`Ran in ${formatNumber(sub.duration_ms)} ms`);
  const section = h(
    "div",
    { class: `report report-${sub.verdict}` },
    h(
      "div",
      { class: `verdict verdict-${sub.verdict}` },
      statusIcon(headlineStatus),
      h("div", {}, h("p", { class: "verdict-text" }, summarize(sub)), meta.length ? h("p", { class: "muted small" }, meta.join(" · ")) : null),
    ),
    ...verdictDetails(sub, ctx),
  );
  // Each likely misconception once, right under the verdict, naming the tests it explains.
  /** @type {Map<string, {diagnosis: Diagnosis, titles: string[]}>} */
  const diagnosed = new Map();
  for (const t of sub.tests ?? []) {
    if (!t.diagnosis) continue;
    const entry = diagnosed.get(t.diagnosis.id) ?? { diagnosis: t.diagnosis, titles: [] };
    entry.titles.push(t.title);
    diagnosed.set(t.diagnosis.id, entry);
  }
  for (const [id, { diagnosis, titles }] of diagnosed) {
    const callout = diagnosisCallout(diagnosis, titles, ctx);
    ctx.callouts?.set(id, callout);
    section.append(callout);
  }
  if (sub.tests?.length) {
    // Problems first, each group in the grader's order: the rows to read come before the rest.
    const ordered = [...sub.tests.filter(isProblem), ...sub.tests.filter((t) => !isProblem(t))];
    const firstProblem = ordered.find(isProblem);
    const few = sub.tests.length <= 8;
    /** @param {TestResult} t */
    const startsOpen = (t) => {
      if (!isProblem(t)) return false;
      if (t === firstProblem) return true;
      // A later row whose misconception the callout above already explains stays collapsed.
      const explained = !!t.diagnosis && ctx.callouts?.has(t.diagnosis.id);
      return few && !explained;
    };
    section.append(h("ol", { class: "tests", "aria-label": "Test results" }, ...ordered.map((t) => testRow(t, ctx, startsOpen(t)))));
  }
  if (sub.stdout) {
    section.append(
      h(
        "details",
        { class: "stdout" },
        h("summary", {}, "Printed output"),
        printedOutput(sub.stdout, "Printed output of the whole run", sub.stdout_truncated),
      ),
    );
  }
  return section;
}

/** A submission that is still being graded: not an error, just not finished. */
function renderPending() {
  return h(
    "div",
    { class: "report report-pending" },
    h(
      "div",
      { class: "verdict verdict-pending" },
      statusIcon(null),
      h(
        "div",
        {},
        h("p", { class: "verdict-text" }, "Grading…"),
        h("p", { class: "muted small" }, "Your code is in the grading queue; the results appear here as soon as they are ready."),
      ),
    ),
    h("div", { class: "progress", "aria-hidden": "true" }, h("span", { class: "progress-bar" })),
  );
}

/** A test's row: a report's (data-test-id) or a running view's (data-test). */
const TEST_ROW = "[data-test-id], [data-test]";

/** @param {Element} row */
const testIdOf = (row) => row.getAttribute("data-test-id") ?? row.getAttribute("data-test");

/**
 * The id of the test whose row holds the focus, if the focus is in one under `container`.
 * @param {Element} container
 * @returns {string | null}
 */
export function focusedTestId(container) {
  const active = document.activeElement;
  if (!active || !container.contains(active)) return null;
  const row = active.closest(TEST_ROW);
  return row && container.contains(row) ? testIdOf(row) : null;
}

/**
 * Focus the row of test `id` under `container`: its summary, or the row itself when it has none.
 * @param {Element} container
 * @param {string} id
 * @returns {boolean}  false when no row of that test is there
 */
export function focusTestRow(container, id) {
  const row = [...container.querySelectorAll(TEST_ROW)].find((el) => testIdOf(el) === id);
  if (!(row instanceof HTMLElement)) return false;
  const summary = row.querySelector("summary");
  if (summary) {
    summary.focus();
  } else {
    row.setAttribute("tabindex", "-1"); // focusable by script only: it is not a control
    row.focus();
  }
  return true;
}

/**
 * Lines to mark in the editor: the error line and the lines of tests that errored.
 * @param {Submission} sub
 * @returns {{line: number, message: string}[]}
 */
export function problemLines(sub) {
  const out = [];
  if (sub.error?.line) out.push({ line: sub.error.line, message: `${sub.error.type}: ${sub.error.message}` });
  for (const t of sub.tests ?? []) {
    if (t.line && (t.status === "error" || t.status === "failed" || t.status === "timed_out")) {
      out.push({ line: t.line, message: `${t.title}: ${t.message.split("\n").slice(-1)[0]}` });
    }
  }
  return out;
}
