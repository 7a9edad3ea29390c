// The exercise list, /: title, difficulty, tags and this learner's status for each exercise, in
// the learning order the API gives, under a heading per course section with its progress.

import * as api from "./api.js";
import { h } from "./dom.js";
import { progressBadge } from "./icons.js";
import { noticeFor } from "./messages.js";

/** @typedef {import("./api.js").ExerciseSummary} ExerciseSummary */

/**
 * @param {ExerciseSummary} ex
 * @param {"h2"|"h3"} titleTag  h3 under a section heading
 */
function card(ex, titleTag = "h2") {
  const href = `/exercises/${encodeURIComponent(ex.slug)}`;
  return h(
    "li",
    { class: `exercise-card status-${ex.status}` },
    h(
      "div",
      { class: "exercise-card-main" },
      h(titleTag, { class: "exercise-card-title" }, h("a", { href }, ex.title)),
      ex.summary ? h("p", { class: "exercise-card-summary" }, ex.summary) : null,
      h(
        "p",
        { class: "meta" },
        h("span", { class: `difficulty difficulty-${String(ex.difficulty).toLowerCase()}` }, h("span", { class: "sr-only" }, "Difficulty: "), ex.difficulty),
        ...(ex.tags ?? []).map((t) => h("span", { class: "tag" }, t)),
      ),
    ),
    h("div", { class: "exercise-card-status" }, h("span", { class: "sr-only" }, "Your status: "), progressBadge(ex.status, ex.status_current)),
  );
}

/**
 * "3 of 13 passed" and a bar of it, named by the section's heading and that text for screen
 * readers (a bare bar says nothing without a name).
 * @param {ExerciseSummary[]} members
 * @param {string} titleId  the id of the section's heading
 * @param {string} id  a prefix for this block's own ids
 */
function sectionProgress(members, titleId, id) {
  const passed = members.filter((ex) => ex.status === "passed").length;
  const text = `${passed} of ${members.length} passed`;
  return h(
    "div",
    { class: "section-progress" },
    h("p", { class: "section-progress-text", id: `${id}-progress` }, text),
    h(
      "progress",
      { class: "section-progress-bar", max: members.length, value: passed, "aria-labelledby": `${titleId} ${id}-progress` },
      text,
    ),
  );
}

/**
 * The list, grouped by section where the exercises have one: the API's order is kept, so a
 * section starts where its first exercise is.
 * @param {ExerciseSummary[]} exercises
 */
function grouped(exercises) {
  if (!exercises.some((ex) => ex.section)) return [h("ul", { class: "exercise-list" }, ...exercises.map((ex) => card(ex)))];
  /** @type {Map<string, ExerciseSummary[]>} */
  const sections = new Map();
  for (const ex of exercises) sections.set(ex.section, [...(sections.get(ex.section) ?? []), ex]);
  return [...sections].map(([title, members], index) => {
    const id = `section-${index + 1}`;
    return h(
      "section",
      { class: "exercise-section", "aria-labelledby": `${id}-title` },
      h(
        "div",
        { class: "exercise-section-head" },
        h("h2", { class: "exercise-section-title", id: `${id}-title` }, title || "Other exercises"),
        sectionProgress(members, `${id}-title`, id),
      ),
      h("ul", { class: "exercise-list" }, ...members.map((ex) => card(ex, "h3"))),
    );
  });
}

async function main() {
  const list = /** @type {HTMLElement} */ (document.getElementById("exercise-list"));
  const progress = /** @type {HTMLElement} */ (document.getElementById("progress"));
  try {
    const exercises = await api.listExercises();
    if (!exercises.length) {
      list.replaceChildren(h("p", { class: "muted" }, "There are no exercises yet."));
    } else {
      list.replaceChildren(...grouped(exercises));
      const passed = exercises.filter((e) => e.status === "passed").length;
      progress.textContent = `You have passed ${passed} of ${exercises.length} exercise${exercises.length === 1 ? "" : "s"}.`;
    }
  } catch (err) {
    const n = noticeFor(err);
    list.replaceChildren(
      h("div", { class: `notice notice-${n.kind}`, role: "alert" }, h("div", {}, h("p", { class: "notice-title" }, "The exercises could not be loaded"), h("p", {}, n.text))),
    );
  } finally {
    list.removeAttribute("aria-busy");
  }
}

main();
