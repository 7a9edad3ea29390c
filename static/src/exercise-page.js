// The practice page, /exercises/{slug}: statement (with KaTeX and highlighted code) on one side,
// editor, results, hints and history on the other.

import * as api from "./api.js";
import { absoluteTime, h, plural, relativeTime, scrollIntoViewGently, scrollableByKeyboard } from "./dom.js";
import { DraftStore, createEditor } from "./editor.js";
import { HintsPanel } from "./hints.js";
import { HistoryPanel } from "./history.js";
import { progressBadge, statusIcon, statusLabel } from "./icons.js";
import { initLayout } from "./layout.js";
import { heatmapsLoadingFor, highlightCodeBlocksIn, highlightPythonInto, typesetIn } from "./lazy.js";
import { announce } from "./live.js";
import { describeError, noticeFor } from "./messages.js";
import { PICTURED_EXERCISE, showProperties } from "./properties.js";
import { focusTestRow, focusedTestId, problemLines, renderReport, summarize } from "./report.js";
import { ScratchPanel } from "./scratch.js";

/** @typedef {import("./api.js").Exercise} Exercise */
/** @typedef {import("./api.js").Submission} Submission */
/** @typedef {import("./api.js").TestResult} TestResult */
/** @typedef {import("./editor.js").CodeEditor} CodeEditor */

const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const RUN_KEYS = isMac ? "⌘ Enter" : "Ctrl + Enter";

/** How long the page keeps asking for the result of a submission that is still being graded. */
const PENDING_PATIENCE_MS = 3 * 60 * 1000;
/** How long the page follows a run's events before asking for its result instead. */
const STREAM_PATIENCE_MS = 60 * 1000;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The history row of a submission.
 * @param {Submission} sub
 * @param {string | undefined} version  the exercise's current version
 * @returns {import("./api.js").SubmissionSummary}
 */
const summaryOf = (sub, version) => ({
  id: sub.id,
  created_at: sub.created_at,
  verdict: sub.verdict,
  passed: sub.passed,
  total: sub.total,
  exercise_version: sub.exercise_version ?? null,
  current: !sub.exercise_version || !version || sub.exercise_version === version,
});

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The exercise slug from /exercises/{slug}. */
function slugFromPath() {
  const m = location.pathname.match(/^\/exercises\/([^/]+)\/?$/);
  return m ? decodeURIComponent(m[1]) : null;
}

/**
 * Seconds of the run-time limit, if the exercise's limits say. The backend's Limits table has
 * `wall_seconds` (and `cpu_seconds`); other usual spellings are accepted too.
 * @param {Record<string, unknown> | undefined} limits
 * @returns {number | null}
 */
function timeLimitSeconds(limits) {
  if (!limits) return null;
  for (const key of ["wall_seconds", "timeout_seconds", "time_limit_seconds", "timeout_s", "cpu_seconds"]) {
    if (typeof limits[key] === "number") return /** @type {number} */ (limits[key]);
  }
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== "number" || !/time|timeout|wall/i.test(key)) continue;
    return /(^|_)ms$|millis/i.test(key) ? value / 1000 : value;
  }
  return null;
}

/**
 * The learner's own result of one call (properties.js FetchTable), from a scratch run: the
 * table its result previews. Null when the exercise takes no calls (409): then the page draws
 * no pictures. A call that did not return a table is an error, in the run's own words.
 * @param {string} slug
 * @param {string} code
 * @param {string} call
 * @returns {Promise<import("./api.js").ArrayPreview | null>}
 */
async function learnerResult(slug, code, call) {
  let run;
  try {
    run = await api.scratch(slug, code, call);
  } catch (err) {
    if (err instanceof api.ApiError && err.status === 409) return null;
    throw err;
  }
  const preview = run.result?.preview;
  if (run.status !== "returned" || !preview) {
    throw new api.ApiError("no table", { status: 200, title: run.message || `${call} returned no table` });
  }
  return preview;
}

class ExercisePage {
  /**
   * @param {string} slug
   */
  constructor(slug) {
    this.slug = slug;
    /** @type {Exercise | null} */
    this.exercise = null;
    /** @type {CodeEditor | null} */
    this.editor = null;
    this.drafts = new DraftStore(slug);
    /** @type {Submission | null} the result of the latest run in this page */
    this.latest = null;
    /** @type {Submission | null} the report on screen */
    this.shown = null;
    this.running = false;
    /** Time (ms since epoch) before which a new run is pointless (429/503 Retry-After). */
    this.cooldownUntil = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.cooldownTimer = undefined;
    /** @type {HintsPanel | null} */
    this.hints = null;
    /** @type {HistoryPanel | null} */
    this.history = null;
    /** @type {ScratchPanel | null} */
    this.scratch = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.progressTimer = undefined;
    /** Bumped whenever another submission is shown, so an older wait for a result stops. */
    this.showToken = 0;
    /** @type {string | null} the test whose row had the focus when a run's re-render removed it */
    this.focusedTest = null;

    this.runButton = /** @type {HTMLButtonElement} */ (byId("run-button"));
    this.resetButton = /** @type {HTMLButtonElement} */ (byId("reset-button"));
    this.resultsBody = byId("results-body");
    this.resultsBar = byId("results-bar");
  }

  async start() {
    byId("run-keys").textContent = RUN_KEYS;
    this.runButton.setAttribute("aria-keyshortcuts", isMac ? "Meta+Enter" : "Control+Enter");
    byId("editor-help-run").textContent = `${RUN_KEYS} runs the tests.`;
    if (isMac) {
      const keys = (/** @type {string[]} */ ...names) => names.flatMap((n, i) => [i ? "+" : "", h("kbd", {}, n)]);
      byId("tab-mode-keys").replaceChildren(...keys("Shift", "Option", "M"));
      byId("undo-keys").replaceChildren(...keys("⌘", "Z"));
    }
    let exercise;
    try {
      exercise = await api.getExercise(this.slug);
    } catch (err) {
      this.showLoadError(err);
      return;
    }
    this.exercise = exercise;
    this.renderStatement(exercise);
    this.mountEditor(exercise);
    this.hints = new HintsPanel({
      slug: this.slug,
      container: byId("hints"),
      total: exercise.hints?.total ?? 0,
      announce,
      describeError,
    });
    this.history = new HistoryPanel({
      slug: this.slug,
      container: byId("history"),
      onOpen: (id) => this.openSubmission(id),
      describeError,
      resultsBar: this.resultsBar,
      getEditorCode: () => this.editor?.getCode() ?? "",
    });
    if (exercise.scratch) {
      this.scratch = new ScratchPanel({
        slug: this.slug,
        info: exercise.scratch,
        getCode: () => this.editor?.getCode() ?? "",
        codeLimit: exercise.limits.code_bytes,
        onGoToLine: (line) => {
          layout.reveal(byId("editor"));
          this.editor?.focusLine(line);
        },
      });
      this.scratch.mount();
    }
    this.runButton.addEventListener("click", () => this.run());
    this.resetButton.addEventListener("click", () => this.confirmReset());
    // Ctrl/Cmd+Enter runs the tests from anywhere on the page (the editor handles its own).
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || !(isMac ? event.metaKey : event.ctrlKey) || event.defaultPrevented) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      this.run();
    });
    this.setRunState();
    byId("workspace").removeAttribute("aria-busy");
    await Promise.all([exercise.hints?.revealed ? this.hints.load() : Promise.resolve(), this.history.load()]);
  }

  /** @param {unknown} err */
  showLoadError(err) {
    const notFound = err instanceof api.ApiError && err.status === 404;
    const n = noticeFor(err);
    document.title = `${notFound ? "Exercise not found" : "Could not load"} · gradebox`;
    byId("exercise-title").textContent = notFound ? "We couldn't find this exercise" : "This exercise could not be loaded";
    byId("statement").replaceChildren(
      h("p", {}, notFound ? "The link may be out of date or mistyped." : n.text),
      h("p", {}, h("a", { href: "/" }, "See all exercises")),
    );
    byId("workspace").hidden = true;
    byId("main").classList.add("single");
    byId("hints").hidden = true;
    byId("exercise-meta").replaceChildren();
  }

  /** @param {Exercise} ex */
  renderStatement(ex) {
    document.title = `${ex.title} · gradebox`;
    byId("exercise-title").textContent = ex.title;
    if (ex.section) {
      byId("crumb").append(h("span", { class: "crumb-sep", "aria-hidden": "true" }, " / "), h("span", {}, ex.section));
    }
    const meta = byId("exercise-meta");
    meta.replaceChildren(
      h("span", { class: `difficulty difficulty-${String(ex.difficulty).toLowerCase()}` }, ex.difficulty),
      ...(ex.tags ?? []).map((t) => h("span", { class: "tag" }, t)),
    );
    if (ex.status && ex.status !== "not_tried") meta.append(progressBadge(ex.status, ex.status_current));
    if (ex.status === "passed") this.showAfterPass();
    const statement = byId("statement");
    statement.innerHTML = ex.statement_html ?? ""; // server-rendered from the exercise's own Markdown
    const first = statement.firstElementChild;
    if (first?.tagName === "H1" && first.textContent?.trim() === ex.title.trim()) first.remove();
    typesetIn(statement);
    highlightCodeBlocksIn(statement);

    if (ex.entry?.signature) {
      const code = h("code");
      highlightPythonInto(ex.entry.signature, code);
      const block = h("pre", { class: "code-block" }, code);
      byId("signature").replaceChildren(h("p", { class: "muted small" }, "Write this function:"), block);
      scrollableByKeyboard(block, "Function signature");
    }
    if (ex.tests?.length) {
      byId("tests-info").replaceChildren(
        h("summary", {}, `What the ${plural(ex.tests.length, "test")} check`),
        h(
          "ol",
          { class: "tests-info-list" },
          ...ex.tests.map((t) => h("li", {}, h("strong", {}, t.title), t.description ? h("span", { class: "muted" }, ` — ${t.description}`) : null)),
        ),
      );
      byId("tests-info").hidden = false;
    }
  }

  /** @param {Exercise} ex */
  mountEditor(ex) {
    const draft = this.drafts.load();
    const parent = byId("editor");
    parent.replaceChildren();
    this.editor = createEditor({
      parent,
      initial: draft ?? ex.starter ?? "",
      onRun: () => this.run(),
      onChange: (code) => {
        this.drafts.save(code);
        this.scratch?.codeChanged(code); // a call's result on other code is marked stale
      },
      describedBy: "editor-help",
    });
    // A small handle for automated browser tests and the console; not used by the page itself.
    const editor = this.editor;
    /** @type {any} */ (window).gradebox = { getCode: () => editor.getCode(), setCode: (/** @type {string} */ c) => editor.setCode(c) };
    performance.mark("gradebox:editor-ready"); // scripts/page_timing.py reads this
    if (draft !== null && draft !== ex.starter) {
      byId("draft-note").textContent = "Your saved code from this browser was restored.";
    }
  }

  /** Enable, disable or relabel the Run button (aria-disabled keeps it focusable). */
  setRunState() {
    const waiting = Math.ceil((this.cooldownUntil - Date.now()) / 1000);
    const label = byId("run-label");
    if (this.running) {
      label.textContent = "Running…";
      this.runButton.setAttribute("aria-disabled", "true");
    } else if (waiting > 0) {
      label.textContent = `Wait ${waiting} s`;
      this.runButton.setAttribute("aria-disabled", "true");
    } else {
      label.textContent = "Run tests";
      this.runButton.removeAttribute("aria-disabled");
    }
  }

  /** @param {number} seconds */
  startCooldown(seconds) {
    this.cooldownUntil = Date.now() + seconds * 1000;
    clearInterval(this.cooldownTimer);
    this.cooldownTimer = setInterval(() => {
      const left = Math.ceil((this.cooldownUntil - Date.now()) / 1000);
      const countdown = document.getElementById("cooldown-seconds");
      if (countdown) countdown.textContent = String(Math.max(0, left));
      if (left <= 0) {
        clearInterval(this.cooldownTimer);
        if (countdown) countdown.closest(".notice")?.querySelector(".notice-wait")?.replaceChildren("You can run the tests again now.");
      }
      this.setRunState();
    }, 1000);
    this.setRunState();
  }

  async run() {
    if (!this.editor || !this.exercise) return;
    if (this.running) return;
    layout.show("results", { fromTop: true }); // narrow screens: the run's progress and report are there
    const waiting = Math.ceil((this.cooldownUntil - Date.now()) / 1000);
    if (waiting > 0) {
      announce(`Please wait ${plural(waiting, "second")} before running the tests again.`);
      return;
    }
    const code = this.editor.getCode();
    const limit = this.exercise.limits.code_bytes; // the exercise's own (the server checks it too)
    const size = new TextEncoder().encode(code).length;
    if (size > limit) {
      const detail = `Your code is ${size.toLocaleString()} bytes; at most ${limit.toLocaleString()} bytes are accepted.`;
      const notice = noticeFor(new api.ApiError("too large", { status: 413, detail }));
      this.showNotice(notice);
      announce(`${notice.title}. ${notice.text}`); // the same words as a refusal from the server
      return;
    }
    this.drafts.save(code);
    this.drafts.flush();
    this.running = true;
    this.setRunState();
    this.editor.markProblems([]);
    this.showProgress();
    announce("Running the tests…");
    const token = ++this.showToken;
    try {
      let sub = await api.submitAsync(this.slug, code);
      this.latest = sub;
      if (sub.status === "pending") {
        // Stored and being graded: each test shows as it is decided, then the whole report.
        this.history?.add(summaryOf(sub, this.exercise?.version));
        const streamed = await this.follow(sub, () => token === this.showToken);
        if (!streamed && token === this.showToken) this.showSubmission(sub, { isLatest: true });
        const graded = streamed ?? (await this.untilGraded(sub, () => token === this.showToken));
        if (!graded) {
          this.showNotice({
            kind: "busy",
            title: "Still grading",
            text: "Your code is saved and still in the grading queue. Its result will appear under “Your submissions” when it is ready.",
            retryAfter: null,
          });
          announce("Still grading. The result will appear under Your submissions when it is ready.");
          return;
        }
        sub = graded;
        this.latest = sub;
        this.history?.update(summaryOf(sub, this.exercise?.version));
      }
      this.showSubmission(sub, { isLatest: true });
      this.editor.markProblems(problemLines(sub));
      this.history?.add(summaryOf(sub, this.exercise?.version));
      this.updateStatus(sub);
      if (sub.verdict === "passed") this.showProperties(code);
      announce(this.announcement(sub));
    } catch (err) {
      const notice = noticeFor(err);
      this.showNotice(notice);
      if (notice.retryAfter) this.startCooldown(notice.retryAfter);
      announce(`${notice.title}. ${notice.text}`);
    } finally {
      this.running = false;
      clearInterval(this.progressTimer);
      this.setRunState();
      byId("results").removeAttribute("aria-busy");
    }
  }

  /**
   * Follow a pending submission's events: each test's row fills in as the grader decides it.
   * Resolves with the graded submission, or null (no EventSource, the stream broke off, it took
   * too long, or the learner moved on) for the caller to ask for it instead.
   * @param {Submission} sub
   * @param {() => boolean} wanted
   * @returns {Promise<Submission | null>}
   */
  follow(sub, wanted) {
    if (typeof EventSource === "undefined") return Promise.resolve(null);
    const rows = this.showArriving();
    return new Promise((resolve) => {
      const source = new EventSource(api.eventsUrl(sub.id));
      let settled = false;
      /** @param {Submission | null} value */
      const finish = (value) => {
        if (settled) return;
        settled = true;
        source.close();
        clearTimeout(patience);
        resolve(value);
      };
      const patience = setTimeout(() => finish(null), STREAM_PATIENCE_MS);
      source.addEventListener("run", () => rows.reset());
      source.addEventListener("test", (event) => {
        if (!wanted()) return finish(null);
        const data = api.eventData(event, "test");
        if (data) rows.arrived(data.test);
      });
      source.addEventListener("report", (event) => {
        const data = api.eventData(event, "report");
        finish(data ? { ...sub, ...data.report, status: "graded" } : null);
      });
      // EventSource reconnects by itself (sending Last-Event-ID); closed means it gave up.
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) finish(null);
      };
    });
  }

  /** The running view with one row per test, waiting until its result arrives. */
  showArriving() {
    const tests = this.exercise?.tests ?? [];
    /** @type {Map<string, HTMLElement>} */
    const rows = new Map();
    const list = h("ol", { class: "arriving", "aria-label": "Test results so far" });
    const counter = h("span", {}, "");
    const running = this.resultsBody.querySelector(".running");
    let decided = 0;
    const reset = () => {
      decided = 0;
      counter.textContent = `0 of ${plural(tests.length, "test")} decided`;
      this.keepTestFocus(() =>
        list.replaceChildren(
          ...tests.map((test) => {
            const row = h("li", { class: "arriving-row", "data-test": test.id, "data-status": "waiting" },
              statusIcon(null), h("span", { class: "arriving-title" }, test.title), h("span", { class: "arriving-status muted small" }, "waiting"));
            rows.set(test.id, row);
            return row;
          }),
        ),
      );
    };
    reset();
    this.keepTestFocus(() => running?.append(h("p", { class: "arriving-count muted small" }, counter), list));
    return {
      reset,
      /** @param {TestResult} test */
      arrived(test) {
        const row = rows.get(test.id);
        if (!row || row.dataset.status !== "waiting") return;
        decided += 1;
        counter.textContent = `${decided} of ${plural(tests.length, "test")} decided`;
        row.dataset.status = test.status;
        row.replaceChildren(
          statusIcon(test.status),
          h("span", { class: "arriving-title" }, row.querySelector(".arriving-title")?.textContent ?? test.id),
          h("span", { class: "arriving-status small" }, statusLabel(test.status)),
        );
      },
    };
  }

  /** @param {Submission} sub */
  announcement(sub) {
    let text = summarize(sub);
    /** @type {Map<string, string>} */
    const diagnosed = new Map();
    for (const t of sub.tests ?? []) if (t.diagnosis) diagnosed.set(t.diagnosis.id, t.diagnosis.title);
    const names = [...diagnosed.values()];
    if (names.length === 1) text += ` Likely misconception: ${names[0]}.`;
    else if (names.length > 1) text += ` Likely misconceptions: ${names.join("; ")}.`;
    const lines = [...new Set(problemLines(sub).map((p) => p.line))].sort((a, b) => a - b);
    if (lines.length === 1) text += ` Line ${lines[0]} is marked in the editor.`;
    else if (lines.length > 1) text += ` Lines ${lines.join(", ")} are marked in the editor.`;
    return text;
  }

  /**
   * Ask again for a submission that is still being graded, backing off, until it is graded.
   * @param {Submission} sub
   * @param {() => boolean} wanted  false once the page no longer needs this result
   * @returns {Promise<Submission | null>}  null when no longer wanted or after too long
   */
  async untilGraded(sub, wanted) {
    const deadline = Date.now() + PENDING_PATIENCE_MS;
    let delay = 300;
    while (sub.status === "pending") {
      if (Date.now() > deadline) return null;
      await sleep(delay);
      delay = Math.min(3000, Math.round(delay * 1.5));
      if (!wanted()) return null;
      sub = await api.getSubmission(sub.id);
    }
    return sub;
  }

  /** @param {Submission} sub */
  updateStatus(sub) {
    if (!this.exercise || sub.status === "pending" || sub.verdict === null) return;
    const passedNow = sub.verdict === "passed";
    const status = passedNow || this.exercise.status === "passed" ? "passed" : "failed";
    // A pass on this version makes the status current; a failure leaves an older pass as it was.
    const current = passedNow || status === "failed" || this.exercise.status_current;
    if (status === this.exercise.status && current === this.exercise.status_current) return;
    this.exercise.status = status;
    this.exercise.status_current = current;
    const meta = byId("exercise-meta");
    meta.querySelector(".badge")?.remove();
    meta.append(progressBadge(status, current));
    if (status === "passed") this.showAfterPass();
  }

  /** Somewhere to go after a pass: the next exercise in learning order, and the editorial. */
  showAfterPass() {
    const ex = this.exercise;
    const section = byId("after-pass");
    if (!ex || !section.hidden) return;
    const next = ex.next
      ? h("p", { class: "after-pass-next" }, "Next: ", h("a", { href: `/exercises/${encodeURIComponent(ex.next.slug)}` }, ex.next.title))
      : h("p", { class: "after-pass-next" }, "You have reached the last exercise of the course.");
    /** @type {HTMLElement | null} */
    let editorial = null;
    if (ex.has_editorial) {
      const body = h("div", { class: "editorial md" }, h("p", { class: "muted" }, "Loading the editorial…"));
      editorial = h("details", { class: "editorial-panel" }, h("summary", {}, "Read the editorial"), body);
      let loaded = false;
      editorial.addEventListener("toggle", async () => {
        if (loaded || !(/** @type {HTMLDetailsElement} */ (editorial)).open) return;
        loaded = true;
        try {
          const got = await api.getEditorial(this.slug);
          body.innerHTML = got.html; // server-rendered from the exercise's own solution.md
          highlightCodeBlocksIn(body);
          typesetIn(body);
        } catch (err) {
          loaded = false;
          body.replaceChildren(h("p", { class: "notice-text" }, describeError(err)));
        }
      });
    }
    section.replaceChildren(h("h2", { id: "after-pass-heading" }, "You passed this exercise"), next);
    if (editorial) section.append(editorial);
    section.hidden = false;
  }

  /**
   * After a pass on the flagship, its lesson's properties pictured on the learner's own tables.
   * @param {string} code  the code that passed
   */
  showProperties(code) {
    if (this.slug !== PICTURED_EXERCISE) return;
    const section = byId("after-pass");
    const box = /** @type {HTMLElement | null} */ (section.querySelector(".properties")) ?? section.appendChild(h("div", { class: "properties" }));
    void showProperties(box, (call) => learnerResult(this.slug, code, call), describeError).then((drawn) => {
      if (!drawn) box.remove();
    });
  }

  /**
   * Change what the results show, keeping the focus on the same test's row when the change
   * removed the focused one: tests arriving, the report replacing them or a second run must not
   * drop a keyboard user at the top of the page.
   * @param {() => void} change
   * @param {boolean} [remember]  keep the test in mind for a later change (the run goes on)
   */
  keepTestFocus(change, remember = true) {
    const focusLost = () => !document.activeElement || document.activeElement === document.body;
    const id = focusedTestId(this.resultsBody) ?? (focusLost() ? this.focusedTest : null);
    change();
    this.focusedTest = remember ? id : null;
    if (id && focusLost()) focusTestRow(this.resultsBody, id);
  }

  showProgress() {
    const total = this.exercise?.tests?.length ?? 0;
    const started = Date.now();
    const elapsed = h("span", { class: "muted" }, "");
    this.resultsBar.replaceChildren();
    byId("results").setAttribute("aria-busy", "true");
    this.keepTestFocus(() =>
      this.resultsBody.replaceChildren(
        h(
          "div",
          { class: "running" },
          h("div", { class: "progress", role: "progressbar", "aria-label": "Running the tests" }, h("span", { class: "progress-bar" })),
          h("p", {}, total ? `Running ${plural(total, "test")}… ` : "Running the tests… ", elapsed),
        ),
      ),
    );
    clearInterval(this.progressTimer);
    this.progressTimer = setInterval(() => {
      elapsed.textContent = `${Math.round((Date.now() - started) / 1000)} s`;
    }, 1000);
  }

  /** @param {import("./messages.js").Notice} notice */
  showNotice(notice) {
    this.resultsBar.replaceChildren();
    const wait = notice.retryAfter
      ? h("p", { class: "notice-wait" }, "You can try again in ", h("span", { id: "cooldown-seconds" }, String(notice.retryAfter)), " s.")
      : null;
    this.resultsBody.replaceChildren(
      h(
        "div",
        { class: `notice notice-${notice.kind}` },
        statusIcon(notice.kind === "yours" ? "error" : notice.kind === "ours" ? "internal_error" : "timed_out"),
        h("div", {}, h("p", { class: "notice-title" }, notice.title), h("p", {}, notice.text), wait),
      ),
    );
  }

  /**
   * @param {Submission} sub
   * @param {{isLatest: boolean}} options
   */
  showSubmission(sub, { isLatest }) {
    this.shown = sub;
    const ctx = {
      hints: this.hints ?? undefined,
      onGoToLine: (/** @type {number} */ line) => {
        layout.reveal(byId("editor"));
        this.editor?.focusLine(line);
      },
      timeLimit: timeLimitSeconds(this.exercise?.limits),
    };
    this.history?.setActive(sub.id);
    if (isLatest) {
      this.resultsBar.replaceChildren();
    } else {
      const restore = h(
        "button",
        { type: "button", class: "btn btn-small btn-primary", onclick: () => this.restore(sub) },
        "Restore this code",
      );
      const back = this.latest
        ? h("button", { type: "button", class: "btn btn-small", onclick: () => this.backToLatest() }, "Back to latest run")
        : null;
      const code = h("code");
      highlightPythonInto(sub.code ?? "", code);
      this.resultsBar.replaceChildren(
        h(
          "div",
          { class: "viewing" },
          h(
            "p",
            {},
            "Showing your submission from ",
            h("time", { datetime: sub.created_at, title: absoluteTime(sub.created_at) }, relativeTime(sub.created_at)),
            ".",
          ),
          h("div", { class: "viewing-actions" }, restore, back),
          h("details", { class: "viewing-code" }, h("summary", {}, "Code of this submission"), h("pre", { class: "code-block" }, code)),
        ),
      );
    }
    const heatmapCode = heatmapsLoadingFor(sub);
    if (heatmapCode) {
      // A report with 2-D arrays waits for the heatmap code (a chunk of its own), so it is drawn
      // once and whole; unless another report was asked for meanwhile.
      void heatmapCode.then(() => this.shown === sub && this.keepTestFocus(() => this.resultsBody.replaceChildren(renderReport(sub, ctx)), sub.status === "pending"));
      return;
    }
    this.keepTestFocus(() => this.resultsBody.replaceChildren(renderReport(sub, ctx)), sub.status === "pending");
  }

  /** @param {string} id */
  async openSubmission(id) {
    if (this.running) return;
    const token = ++this.showToken;
    try {
      let sub = await api.getSubmission(id);
      if (token !== this.showToken) return;
      this.showSubmission(sub, { isLatest: this.latest?.id === id });
      announce(`Showing your submission from ${relativeTime(sub.created_at)}: ${summarize(sub)}`);
      scrollIntoViewGently(byId("results"));
      byId("results-heading").focus({ preventScroll: true });
      if (sub.status === "pending") {
        const graded = await this.untilGraded(sub, () => token === this.showToken);
        if (!graded) return;
        sub = graded;
        this.history?.update(summaryOf(sub, this.exercise?.version));
        if (this.latest?.id === id) this.latest = sub;
        this.showSubmission(sub, { isLatest: this.latest?.id === id });
        this.updateStatus(sub);
        announce(`Your submission from ${relativeTime(sub.created_at)} is graded: ${this.announcement(sub)}`);
      }
    } catch (err) {
      this.history?.setError(`That submission could not be opened. ${describeError(err)}`);
    }
  }

  backToLatest() {
    if (!this.latest) return;
    this.showToken++;
    this.showSubmission(this.latest, { isLatest: true });
    announce(`Showing your latest run: ${summarize(this.latest)}`);
    byId("results-heading").focus();
  }

  /** @param {Submission} sub */
  restore(sub) {
    if (!this.editor) return;
    this.editor.setCode(sub.code ?? "");
    this.editor.markProblems(problemLines(sub));
    this.drafts.save(sub.code ?? "");
    announce(`The code from ${relativeTime(sub.created_at)} is back in the editor. Undo restores what you had.`);
    layout.reveal(byId("editor"));
    this.editor.focus();
  }

  confirmReset() {
    const dialog = /** @type {HTMLDialogElement} */ (byId("reset-dialog"));
    dialog.returnValue = "";
    dialog.addEventListener(
      "close",
      () => {
        if (dialog.returnValue === "reset" && this.editor && this.exercise) {
          this.editor.setCode(this.exercise.starter ?? "");
          this.drafts.save(this.exercise.starter ?? "");
          byId("draft-note").textContent = "";
          announce("The editor now holds the starter code. Undo brings your code back.");
          this.editor.focus();
        } else {
          this.resetButton.focus();
        }
      },
      { once: true },
    );
    dialog.showModal();
  }
}

const layout = initLayout();
const slug = slugFromPath();
if (slug) {
  new ExercisePage(slug).start();
} else {
  byId("exercise-title").textContent = "No exercise selected";
  byId("workspace").hidden = true;
  byId("main").classList.add("single");
}
