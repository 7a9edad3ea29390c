// Status icons and labels. Every status is shown with a distinct shape *and* a text label,
// never with colour alone.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Path data on a 20x20 grid, drawn with a 2px round stroke. */
const PATHS = {
  check: "M5.5 10.5l3 3 6-7",
  cross: "M6.5 6.5l7 7M13.5 6.5l-7 7",
  bang: "M10 5.5v5.5M10 14.2v.3",
  clock: "M10 6v4.2l2.8 1.8",
  dash: "M6.5 10h7",
  dots: "M6.2 10h.1M10 10h.1M13.8 10h.1",
  none: "",
};

/**
 * @typedef {"passed"|"failed"|"error"|"timed_out"|"skipped"|"internal_error"|"not_tried"|"running"|"info"} Status
 */

/** @type {Record<Status, {label: string, glyph: keyof typeof PATHS, shape: "circle"|"square"|"diamond"|"ring"}>} */
const STATUS = {
  passed: { label: "Passed", glyph: "check", shape: "circle" },
  failed: { label: "Failed", glyph: "cross", shape: "circle" },
  error: { label: "Error", glyph: "bang", shape: "diamond" },
  timed_out: { label: "Timed out", glyph: "clock", shape: "square" },
  skipped: { label: "Skipped", glyph: "dash", shape: "ring" },
  internal_error: { label: "Platform error", glyph: "bang", shape: "square" },
  not_tried: { label: "Not tried", glyph: "none", shape: "ring" },
  running: { label: "Grading…", glyph: "dots", shape: "ring" },
  info: { label: "Note", glyph: "bang", shape: "ring" },
};

/**
 * @param {string | null | undefined} status  null: still being graded
 * @returns {string}
 */
export function statusLabel(status) {
  if (status === null || status === undefined) return STATUS.running.label;
  return (STATUS[/** @type {Status} */ (status)] ?? { label: status }).label;
}

/**
 * An inline SVG status icon (decorative: pair it with a text label).
 * @param {string | null | undefined} status
 * @returns {SVGSVGElement}
 */
export function statusIcon(status) {
  if (status === null || status === undefined) status = "running";
  const spec = STATUS[/** @type {Status} */ (status)] ?? STATUS.info;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("icon", `icon-${status}`);
  /** @type {SVGElement} */
  let shape;
  if (spec.shape === "square") {
    shape = document.createElementNS(SVG_NS, "rect");
    for (const [k, v] of Object.entries({ x: 2, y: 2, width: 16, height: 16, rx: 3.5 })) shape.setAttribute(k, String(v));
  } else if (spec.shape === "diamond") {
    shape = document.createElementNS(SVG_NS, "path");
    shape.setAttribute("d", "M10 1.2l8.8 8.8-8.8 8.8-8.8-8.8z");
  } else {
    shape = document.createElementNS(SVG_NS, "circle");
    for (const [k, v] of Object.entries({ cx: 10, cy: 10, r: 8.2 })) shape.setAttribute(k, String(v));
  }
  shape.setAttribute("class", spec.shape === "ring" ? "icon-ring" : "icon-fill");
  svg.append(shape);
  if (PATHS[spec.glyph]) {
    const glyph = document.createElementNS(SVG_NS, "path");
    glyph.setAttribute("d", PATHS[spec.glyph]);
    glyph.setAttribute("class", "icon-glyph");
    svg.append(glyph);
  }
  return svg;
}

/**
 * Icon followed by its visible label, e.g. in a badge.
 * @param {string} status
 * @param {string} [label]
 * @returns {HTMLSpanElement}
 */
export function statusBadge(status, label = statusLabel(status)) {
  const span = document.createElement("span");
  span.className = `badge badge-${status}`;
  span.append(statusIcon(status), document.createTextNode(label));
  return span;
}

/** What a learner who passed only before the exercise's tests changed is told. */
export const EARLIER_VERSION = "passed on an earlier version of this exercise";

/**
 * A learner's status on an exercise: "passed" earned only on an earlier version of its tests
 * (`current` false) says so, in words and not only in colour.
 * @param {string} status
 * @param {boolean | undefined} current  undefined: an older server that does not say
 * @returns {HTMLSpanElement}
 */
export function progressBadge(status, current) {
  if (status !== "passed" || current !== false) return statusBadge(status);
  const badge = statusBadge(status, "Passed on an earlier version");
  badge.classList.add("badge-earlier");
  badge.title = `You ${EARLIER_VERSION}; its tests have changed since. Run your code again to pass this version.`;
  return badge;
}
