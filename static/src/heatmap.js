// Heatmaps of 2-D results: the learner's matrix, the expected matrix and their difference, on
// small canvases with a colour-blind-safe diverging blue–orange palette. Cells whose |difference|
// exceeds the tolerance are hatched (difference map) and outlined (learner's map), so they stand
// out without relying on colour. Every canvas has a text alternative.

import { formatNumber, formatPreviewValue, formatTolerance, h, isNonFinite, plural, previewNumber } from "./dom.js";

/** @typedef {import("./api.js").ArrayPreview} ArrayPreview */
/** @typedef {{rows: number, cols: number, values: number[], raw: unknown[]}} Matrix */

/** Diverging palettes (blue = negative, orange = positive); the middle stop is "zero". */
const PALETTES = {
  light: ["#1d4f91", "#5b8fcb", "#b9d0ea", "#f4f3ef", "#f6c594", "#e8832f", "#a24a09"],
  dark: ["#9cc3ff", "#5a8fd6", "#2f4f7c", "#24272e", "#7c4a22", "#d27a33", "#ffbb7a"],
};

const isDark = () => window.matchMedia("(prefers-color-scheme: dark)").matches;

/**
 * @param {string} hex
 * @returns {[number, number, number]}
 */
function rgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Colour for t in [0, 1] (0.5 is the middle of the scale).
 * @param {number} t
 * @param {string[]} palette
 * @returns {[number, number, number]}
 */
export function colourAt(t, palette) {
  const x = Math.min(1, Math.max(0, t)) * (palette.length - 1);
  const i = Math.min(palette.length - 2, Math.floor(x));
  const f = x - i;
  const a = rgb(palette[i]);
  const b = rgb(palette[i + 1]);
  return /** @type {[number, number, number]} */ ([0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f)));
}

/** @param {[number, number, number]} c */
const css = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;
/** Relative luminance, to pick black or white marks over a cell. @param {[number, number, number]} c */
const luminance = (c) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

/**
 * The preview as a row-major matrix, if it is 2-D and numeric enough to draw.
 * @param {ArrayPreview | null | undefined} preview
 * @returns {Matrix | null}
 */
export function toMatrix(preview) {
  if (!preview || !Array.isArray(preview.values) || preview.shape?.length !== 2) return null;
  const rowsData = /** @type {unknown[]} */ (preview.values);
  if (!rowsData.length || !rowsData.every(Array.isArray)) return null;
  const rows = rowsData.length;
  const cols = /** @type {unknown[]} */ (rowsData[0]).length;
  if (!cols || rowsData.some((r) => /** @type {unknown[]} */ (r).length !== cols)) return null;
  const raw = rowsData.flat();
  const values = raw.map(previewNumber);
  // Not numeric data (e.g. strings of an object array): nothing to draw. An all-nan result is drawn.
  if (!raw.some((v) => typeof v === "number" || typeof v === "boolean" || isNonFinite(v))) return null;
  return { rows, cols, values, raw };
}

/**
 * @typedef {object} Comparison
 * @property {number[]} diff           got - expected (NaN where not comparable)
 * @property {boolean[]} bad           |diff| > tolerance (or not comparable)
 * @property {number} badCount
 * @property {number} maxAbs           largest |diff| among finite cells
 * @property {number} maxRow
 * @property {number} maxCol
 * @property {number} nonFinite        cells where either side is nan/inf and they don't agree
 */

/**
 * Compare two same-shape matrices cell by cell.
 * @param {Matrix} got
 * @param {Matrix} expected
 * @param {number | null} tolerance  absolute tolerance; null means exact
 * @returns {Comparison}
 */
export function compare(got, expected, tolerance) {
  const tol = tolerance ?? 0;
  const n = got.values.length;
  const diff = new Array(n);
  const bad = new Array(n);
  let badCount = 0;
  let maxAbs = 0;
  let maxIndex = -1;
  let nonFinite = 0;
  for (let i = 0; i < n; i++) {
    const a = got.values[i];
    const b = expected.values[i];
    if (Number.isFinite(a) && Number.isFinite(b)) {
      const d = a - b;
      diff[i] = d;
      bad[i] = Math.abs(d) > tol;
      if (Math.abs(d) > maxAbs) {
        maxAbs = Math.abs(d);
        maxIndex = i;
      }
    } else {
      const same = Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
      diff[i] = same ? 0 : NaN;
      bad[i] = !same;
      if (!same) nonFinite++;
    }
    if (bad[i]) badCount++;
  }
  if (maxIndex < 0 && badCount) maxIndex = bad.indexOf(true);
  return {
    diff,
    bad,
    badCount,
    maxAbs,
    maxRow: maxIndex < 0 ? -1 : Math.floor(maxIndex / got.cols),
    maxCol: maxIndex < 0 ? -1 : maxIndex % got.cols,
    nonFinite,
  };
}

/**
 * Sentence describing the differences, used both as visible text and as the canvas's label.
 * @param {Comparison} cmp
 * @param {number} cells
 * @param {number | null} tolerance
 */
export function describeComparison(cmp, cells, tolerance) {
  const than = tolerance ? `by more than ${formatTolerance(tolerance)}` : "at all";
  if (!cmp.badCount) return `All ${plural(cells, "cell")} match within ${tolerance ? formatTolerance(tolerance) : "exact equality"}.`;
  let text = `${cmp.badCount} of ${cells} cells differ ${than}`;
  if (cmp.maxRow >= 0 && cmp.maxAbs > 0) {
    text += `; largest difference ${formatNumber(cmp.maxAbs, 4)} at row ${cmp.maxRow}, column ${cmp.maxCol}`;
  }
  if (cmp.nonFinite) text += `; ${plural(cmp.nonFinite, "cell")} ${cmp.nonFinite === 1 ? "holds" : "hold"} nan or inf on one side only`;
  return `${text}.`;
}

/** Longer lists of rows or columns are tiring to listen to; a count with bounds says it better. */
const MAX_LISTED_RUNS = 8;

/**
 * Indices as runs of consecutive numbers: [1, 2, 3, 7] → [[1, 3], [7, 7]].
 * @param {number[]} indices  ascending
 * @returns {[number, number][]}
 */
function runs(indices) {
  /** @type {[number, number][]} */
  const out = [];
  for (const i of indices) {
    const last = out[out.length - 1];
    if (last && last[1] === i - 1) last[1] = i;
    else out.push([i, i]);
  }
  return out;
}

/**
 * Words for a list of items: "a", "a and b", "a, b and c".
 * @param {string[]} items
 */
function listInWords(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * "column 3", "columns 1 to 6", "columns 0, 2 to 4 and 9" ("to" rather than a dash, which screen
 * readers may read as "minus").
 * @param {"row" | "column"} noun
 * @param {number[]} indices  ascending, not empty
 */
function indicesInWords(noun, indices) {
  const parts = runs(indices).flatMap(([a, b]) => (a === b ? [`${a}`] : b === a + 1 ? [`${a}`, `${b}`] : [`${a} to ${b}`]));
  return `${indices.length === 1 ? noun : `${noun}s`} ${listInWords(parts)}`;
}

/** @param {string} text */
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * @param {number} n
 * @returns {number[]}
 */
const upTo = (n) => Array.from({ length: n }, (_, i) => i);

/**
 * The rows and columns that bound the marked cells, naming only the bounds that narrow them down:
 * "all within rows 0 to 4 and columns 2 and 3", or "spread over every row and column".
 * @param {number[]} marked  row-major indices of the marked cells, not empty
 * @param {number} rows
 * @param {number} cols
 */
function boundsInWords(marked, rows, cols) {
  /** @param {number[]} seen */
  const span = (seen) => {
    const first = Math.min(...seen);
    return upTo(Math.max(...seen) - first + 1).map((k) => first + k);
  };
  const rowSpan = span(marked.map((i) => Math.floor(i / cols)));
  const colSpan = span(marked.map((i) => i % cols));
  const bounds = [];
  if (rowSpan.length < rows) bounds.push(indicesInWords("row", rowSpan));
  if (colSpan.length < cols) bounds.push(indicesInWords("column", colSpan));
  return bounds.length ? `all within ${bounds.join(" and ")}` : "spread over every row and column";
}

/**
 * The marked cells themselves: "cell (2, 5)", "cells (0, 0), (1, 1) and (2, 2)".
 * @param {number[]} marked  row-major indices
 * @param {number} cols
 */
const cellList = (marked, cols) =>
  `${marked.length === 1 ? "cell" : "cells"} ${listInWords(marked.map((i) => `(${Math.floor(i / cols)}, ${i % cols})`))}`;

/**
 * The pattern of a "differs" grid in words, for a screen reader: whole columns or whole rows when
 * they account for every differing cell ("Columns 1 to 6 differ; columns 0 and 7 match."), else
 * the cells themselves when there are at most 3 ("Only cell (2, 5) differs."), else a count with
 * the rows and columns that bound them.
 * @param {boolean[]} differs  row-major, rows × cols
 * @param {number} rows
 * @param {number} cols
 * @returns {string}
 */
export function describeDifferencePattern(differs, rows, cols) {
  const marked = upTo(rows * cols).filter((i) => differs[i]);
  if (!marked.length) return "No cell differs.";
  if (marked.length === rows * cols) return "Every cell differs.";
  if (marked.length <= 3) {
    return `Only ${cellList(marked, cols)} ${marked.length === 1 ? "differs" : "differ"}.`;
  }
  const wholeColumns = upTo(cols).filter((c) => upTo(rows).every((r) => differs[r * cols + c]));
  const wholeRows = upTo(rows).filter((r) => upTo(cols).every((c) => differs[r * cols + c]));
  /** @type {["row" | "column", number[], number] | null} */
  const whole =
    wholeColumns.length * rows === marked.length
      ? ["column", wholeColumns, cols]
      : wholeRows.length * cols === marked.length
        ? ["row", wholeRows, rows]
        : null;
  if (whole) {
    const [noun, differing, total] = whole;
    const matching = upTo(total).filter((k) => !differing.includes(k));
    if (runs(differing).length <= MAX_LISTED_RUNS && runs(matching).length <= MAX_LISTED_RUNS) {
      const differ = differing.length === 1 ? "differs" : "differ";
      const match = matching.length === 1 ? "matches" : "match";
      return `${capitalise(indicesInWords(noun, differing))} ${differ}; ${indicesInWords(noun, matching)} ${match}.`;
    }
  }
  return `${marked.length} cells differ, ${boundsInWords(marked, rows, cols)}.`;
}

/**
 * Which cells hold nan or inf on one side only, or null when none does.
 * @param {Comparison} cmp
 * @param {number} rows
 * @param {number} cols
 * @returns {string | null}
 */
function describeNonFiniteCells(cmp, rows, cols) {
  // compare() leaves diff NaN exactly where one side is nan/inf and the other does not agree.
  const marked = upTo(rows * cols).filter((i) => cmp.bad[i] && Number.isNaN(cmp.diff[i]));
  if (!marked.length) return null;
  const where = marked.length <= 3 ? cellList(marked, cols) : `${marked.length} cells, ${boundsInWords(marked, rows, cols)}`;
  return `Nan or inf on one side only in ${where}.`;
}

/** Ids for the pattern sentences that canvases point to with aria-describedby. */
let patternIds = 0;

/**
 * @param {Matrix} m
 * @returns {{min: number, max: number}}
 */
function range(m) {
  let min = Infinity;
  let max = -Infinity;
  for (const v of m.values) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return Number.isFinite(min) ? { min, max } : { min: 0, max: 0 };
}

/**
 * The values of a matrix in words, for a canvas's text alternative: their range, and how many
 * cells are nan or infinite (those are drawn grey with a dot, or at the end of the scale).
 * @param {Matrix} m
 */
function describeValues(m) {
  const r = range(m);
  const nan = m.values.filter((v) => Number.isNaN(v)).length;
  const inf = m.values.filter((v) => v === Infinity || v === -Infinity).length;
  const finite = m.values.length - nan - inf;
  const parts = [finite ? `values from ${formatNumber(r.min, 3)} to ${formatNumber(r.max, 3)}` : "no finite values"];
  if (nan) parts.push(`${plural(nan, "cell")} ${nan === 1 ? "is" : "are"} nan`);
  if (inf) parts.push(`${plural(inf, "cell")} ${inf === 1 ? "is" : "are"} infinite`);
  return parts.join("; ");
}

/**
 * Pixel size (width, height) of one cell: a map is at most ~192 px on each side, cells are
 * 3–24 px, and never more than three times wider than tall (or the reverse).
 * @param {number} rows
 * @param {number} cols
 * @returns {{w: number, h: number}}
 */
export function cellSize(rows, cols) {
  const fit = (/** @type {number} */ n) => Math.max(3, Math.min(24, Math.floor(192 / n)));
  let w = fit(cols);
  let h = fit(rows);
  w = Math.min(w, 3 * h);
  h = Math.min(h, 3 * w);
  return { w, h };
}

/**
 * @typedef {object} DrawSpec
 * @property {number} rows
 * @property {number} cols
 * @property {(i: number) => number} value   value to colour (NaN draws a neutral grey with a dot)
 * @property {number} scale                  |value| that maps to the end of the palette
 * @property {(i: number) => boolean} [marked]  whether to mark cell i
 * @property {"outline"|"hatch"} [mark]
 * @property {(i: number) => boolean} [muted]   draw the cell as "zero" regardless of its value
 */

/**
 * Draw one heatmap.
 * @param {HTMLCanvasElement} canvas
 * @param {DrawSpec} spec
 */
function draw(canvas, spec) {
  const palette = isDark() ? PALETTES.dark : PALETTES.light;
  const { w: cw, h: ch } = cellSize(spec.rows, spec.cols);
  const s = Math.min(cw, ch); // the smaller side decides how much marking fits in a cell
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  const width = spec.cols * cw;
  const height = spec.rows * ch;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  // CSS scales the canvas down (keeping its aspect ratio) when three maps don't fit side by side.
  const fig = canvas.closest("figure");
  if (fig) fig.style.maxWidth = `${width + 6}px`;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const scale = spec.scale > 0 ? spec.scale : 1;
  for (let r = 0; r < spec.rows; r++) {
    for (let c = 0; c < spec.cols; c++) {
      const i = r * spec.cols + c;
      const v = spec.value(i);
      const x = c * cw;
      const y = r * ch;
      /** @type {[number, number, number]} */
      const colour = Number.isNaN(v)
        ? [128, 128, 128]
        : spec.muted?.(i)
          ? colourAt(0.5, palette)
          : colourAt(0.5 + (Number.isFinite(v) ? v / scale : Math.sign(v)) / 2, palette);
      ctx.fillStyle = css(colour);
      ctx.fillRect(x, y, cw, ch);
      const ink = luminance(colour) > 0.5 ? "rgba(0,0,0,0.85)" : "rgba(255,255,255,0.9)";
      if (Number.isNaN(v)) {
        ctx.fillStyle = ink;
        ctx.fillRect(x + cw / 2 - 0.75, y + ch / 2 - 0.75, 1.5, 1.5);
      }
      if (!spec.marked?.(i)) continue;
      ctx.strokeStyle = ink;
      if (spec.mark === "hatch") {
        // Diagonal hatching, clipped to the cell.
        ctx.save();
        ctx.beginPath();
        ctx.rect(x, y, cw, ch);
        ctx.clip();
        ctx.lineWidth = s >= 8 ? 1.25 : 1;
        ctx.beginPath();
        const step = s >= 10 ? s / 3 : Math.max(3, s);
        for (let k = step / 2; k < cw + ch; k += step) {
          ctx.moveTo(x + k, y);
          ctx.lineTo(x + k - ch, y + ch);
        }
        ctx.stroke();
        ctx.restore();
      }
      if (s >= 6) {
        ctx.lineWidth = 1;
        ctx.strokeRect(x + 0.5, y + 0.5, cw - 1, ch - 1);
      }
    }
  }
}

/**
 * A colour legend: gradient bar with its end values.
 * @param {number} scale
 * @param {string} label
 * @param {boolean} [withHatch]  add the "differs by more than tolerance" swatch
 * @param {number | null} [tolerance]
 */
function legend(scale, label, withHatch = false, tolerance = null) {
  const bar = h("span", { class: "legend-bar", "aria-hidden": "true" });
  const palette = isDark() ? PALETTES.dark : PALETTES.light;
  bar.style.background = `linear-gradient(to right, ${palette.join(", ")})`;
  return h(
    "div",
    { class: "legend" },
    h("span", { class: "legend-label" }, label),
    h("span", { class: "legend-scale" }, h("span", {}, formatNumber(-scale, 3)), bar, h("span", {}, formatNumber(scale, 3))),
    withHatch
      ? h(
          "span",
          { class: "legend-hatch" },
          h("span", { class: "hatch-swatch", "aria-hidden": "true" }),
          tolerance ? `differs by more than ${formatTolerance(tolerance)}` : "differs",
        )
      : null,
  );
}

/**
 * @param {string} caption
 * @param {string} label
 * @returns {{figure: HTMLElement, canvas: HTMLCanvasElement, cursor: HTMLElement}}
 */
function figure(caption, label) {
  const canvas = /** @type {HTMLCanvasElement} */ (h("canvas", { role: "img", "aria-label": label }));
  // The keyboard's cell, drawn over the canvas so moving it never repaints the map.
  const cursor = h("span", { class: "heatmap-cursor", hidden: true });
  const fig = h(
    "figure",
    { class: "heatmap" },
    h("div", { class: "heatmap-frame" }, h("div", { class: "heatmap-canvas" }, canvas, cursor)),
    h("figcaption", {}, caption),
  );
  return { figure: fig, canvas, cursor };
}

/** Rows that Page Up and Page Down move the keyboard's cell by. */
const PAGE_ROWS = 8;

/**
 * @param {ArrayPreview} p
 */
function shapeText(p) {
  return p.shape.length ? p.shape.join("×") : "scalar";
}

/**
 * Build the three heatmaps for a value test, or null when there is nothing 2-D to draw.
 * @param {ArrayPreview | null} gotPreview
 * @param {ArrayPreview | null} expectedPreview
 * @param {number | null} tolerance
 * @param {string} other  what the second matrix is, in a word: "expected" in a report, "reference"
 *   beside a call of the learner's own
 * @returns {HTMLElement | null}
 */
export function renderHeatmaps(gotPreview, expectedPreview, tolerance, other = "expected") {
  const Other = other.charAt(0).toUpperCase() + other.slice(1);
  const got = toMatrix(gotPreview);
  const expected = toMatrix(expectedPreview);
  if (!got && !expected) return null;

  const container = h("div", { class: "heatmaps" });
  // Says the cell under the pointer or the keyboard's cell; polite, so a keyboard move is heard.
  const readout = h("p", { class: "heatmap-readout", "aria-live": "polite" }, "\u00a0");
  const keysId = `heatmap-keys-${++patternIds}`;
  const keys = h(
    "p",
    { class: "heatmap-keys muted small", id: keysId },
    "Arrow keys move between cells; Home and End go to the ends of a row, with Ctrl to the first and last cell; " +
      `Page Up and Page Down move ${PAGE_ROWS} rows; Escape leaves the maps.`,
  );
  const rows = Math.max(got?.rows ?? 0, expected?.rows ?? 0);
  const cols = Math.max(got?.cols ?? 0, expected?.cols ?? 0);
  /** @type {{row: number, col: number} | null} the keyboard's cell, kept when the maps are redrawn */
  let cursor = null;

  const redraw = () => {
    const sameShape = got && expected && got.rows === expected.rows && got.cols === expected.cols;
    const cmp = sameShape ? compare(got, expected, tolerance) : null;
    const r1 = got ? range(got) : null;
    const r2 = expected ? range(expected) : null;
    const valueScale = Math.max(
      ...[r1, r2].filter(Boolean).flatMap((r) => [Math.abs(/** @type {any} */ (r).min), Math.abs(/** @type {any} */ (r).max)]),
    );
    // One tab stop for all the maps: the arrow keys move one cell, shown on every map at once.
    const figs = h("div", {
      class: "heatmap-row",
      role: "group",
      tabindex: "0",
      "aria-label": "Heatmap cells: use the arrow keys to read them",
      "aria-describedby": keysId,
    });
    /** @type {{canvas: HTMLCanvasElement, m: Matrix, cursor: HTMLElement}[]} */
    const drawn = [];

    const truncatedNote = [gotPreview, expectedPreview].some((p) => p?.truncated)
      ? h(
          "p",
          { class: "muted small" },
          `Showing the first ${got?.rows ?? expected?.rows}×${got?.cols ?? expected?.cols} values only (your result is ${gotPreview ? shapeText(gotPreview) : "missing"}).`,
        )
      : null;

    if (got && gotPreview) {
      const f = figure(
        `Yours (${shapeText(gotPreview)})`,
        `Your result: ${got.rows} by ${got.cols} heatmap, ${describeValues(got)}.` +
          (cmp && cmp.badCount ? ` Cells that differ from the ${other} result are outlined.` : ""),
      );
      draw(f.canvas, {
        rows: got.rows,
        cols: got.cols,
        value: (i) => got.values[i],
        scale: valueScale,
        marked: cmp ? (i) => cmp.bad[i] : undefined,
        mark: "outline",
      });
      figs.append(f.figure);
      drawn.push({ canvas: f.canvas, m: got, cursor: f.cursor });
    }
    if (expected && expectedPreview) {
      const f = figure(
        `${Other} (${shapeText(expectedPreview)})`,
        `${Other} result: ${expected.rows} by ${expected.cols} heatmap, ${describeValues(expected)}.`,
      );
      draw(f.canvas, { rows: expected.rows, cols: expected.cols, value: (i) => expected.values[i], scale: valueScale });
      figs.append(f.figure);
      drawn.push({ canvas: f.canvas, m: expected, cursor: f.cursor });
    }
    /** @type {HTMLElement | null} */
    let summary = null;
    /** @type {HTMLElement | null} */
    let pattern = null;
    let diffScale = 0;
    if (cmp && got) {
      const cells = got.rows * got.cols;
      const text = describeComparison(cmp, cells, tolerance);
      diffScale = cmp.maxAbs || (tolerance ?? 0) || 1;
      const f = figure(`Difference (yours − ${other})`, `Difference map. ${text}`);
      draw(f.canvas, {
        rows: got.rows,
        cols: got.cols,
        value: (i) => cmp.diff[i],
        scale: diffScale,
        marked: (i) => cmp.bad[i],
        muted: (i) => !cmp.bad[i],
        mark: "hatch",
      });
      figs.append(f.figure);
      drawn.push({ canvas: f.canvas, m: got, cursor: f.cursor });
      summary = h("p", { class: "heatmap-summary" }, text);
      if (cmp.badCount) {
        // The label keeps the counts; the description adds where the differences are, which is
        // what a learner who cannot see the map needs to spot the mistake.
        const id = `heatmap-pattern-${++patternIds}`;
        const where = describeDifferencePattern(cmp.bad, got.rows, got.cols);
        const nonFinite = describeNonFiniteCells(cmp, got.rows, got.cols);
        pattern = h("p", { class: "heatmap-pattern", id }, nonFinite ? `${where} ${nonFinite}` : where);
        f.canvas.setAttribute("aria-describedby", id);
      }
    } else if (got && expected) {
      summary = h(
        "p",
        { class: "heatmap-summary" },
        `The shapes differ (yours ${got.rows}×${got.cols}, ${other} ${expected.rows}×${expected.cols}), so there is no difference map.`,
      );
    }

    /**
     * One cell in words: "Row 3, column 5: yours 0.5 (expected 1, difference -0.5, beyond the tolerance)".
     * @param {number} r
     * @param {number} c
     */
    const cellText = (r, c) => {
      const value = (/** @type {Matrix | null} */ m) => (m && r < m.rows && c < m.cols ? formatPreviewValue(m.raw[r * m.cols + c]) : null);
      const yours = value(got);
      const theirs = value(expected);
      const i = r * (got?.cols ?? 0) + c;
      const extra = [];
      if (theirs !== null) extra.push(`${other} ${theirs}`);
      if (cmp && yours !== null) extra.push(`difference ${formatNumber(cmp.diff[i])}`, ...(cmp.bad[i] ? ["beyond the tolerance"] : []));
      if (yours === null) return `Row ${r}, column ${c}: ${extra.length ? extra.join(", ") : "no value"}`;
      return `Row ${r}, column ${c}: yours ${yours}${extra.length ? ` (${extra.join(", ")})` : ""}`;
    };

    /** Show the keyboard's cell on every map that has it, and say it. */
    const showCursor = () => {
      for (const { m, cursor: box } of drawn) {
        const inside = !!cursor && cursor.row < m.rows && cursor.col < m.cols;
        box.hidden = !inside;
        if (!cursor || !inside) continue;
        box.style.left = `${(cursor.col / m.cols) * 100}%`;
        box.style.top = `${(cursor.row / m.rows) * 100}%`;
        box.style.width = `${100 / m.cols}%`;
        box.style.height = `${100 / m.rows}%`;
      }
      readout.textContent = cursor ? cellText(cursor.row, cursor.col) : "\u00a0";
    };
    figs.addEventListener("focus", () => {
      // The first visit starts on the largest difference: the cell most worth reading.
      cursor ??= cmp && cmp.maxRow >= 0 ? { row: cmp.maxRow, col: cmp.maxCol } : { row: 0, col: 0 };
      showCursor();
    });
    figs.addEventListener("blur", () => {
      for (const { cursor: box } of drawn) box.hidden = true;
      readout.textContent = "\u00a0";
    });
    figs.addEventListener("keydown", (event) => {
      if (!cursor || event.altKey || event.metaKey) return;
      let { row, col } = cursor;
      const corner = event.ctrlKey;
      switch (event.key) {
        case "ArrowLeft": col -= 1; break;
        case "ArrowRight": col += 1; break;
        case "ArrowUp": row -= 1; break;
        case "ArrowDown": row += 1; break;
        case "Home": col = 0; if (corner) row = 0; break;
        case "End": col = cols - 1; if (corner) row = rows - 1; break;
        case "PageUp": row -= PAGE_ROWS; break;
        case "PageDown": row += PAGE_ROWS; break;
        case "Escape": {
          // Back to the test's row, whose summary the learner came from.
          const summary = /** @type {HTMLElement | null} */ (figs.closest("details")?.querySelector(":scope > summary") ?? null);
          if (summary) summary.focus();
          else figs.blur();
          event.preventDefault();
          return;
        }
        default:
          return;
      }
      event.preventDefault();
      cursor = { row: Math.min(rows - 1, Math.max(0, row)), col: Math.min(cols - 1, Math.max(0, col)) };
      showCursor();
    });

    // Mouse readout of the cell under the pointer (the summary above is the text alternative).
    for (const { canvas, m } of drawn) {
      canvas.addEventListener("mousemove", (event) => {
        const rect = canvas.getBoundingClientRect();
        const c = Math.floor(((event.clientX - rect.left) / rect.width) * m.cols);
        const r = Math.floor(((event.clientY - rect.top) / rect.height) * m.rows);
        if (r < 0 || c < 0 || r >= m.rows || c >= m.cols) return;
        readout.textContent = cellText(r, c);
      });
      canvas.addEventListener("mouseleave", () => {
        if (document.activeElement === figs) showCursor();
        else readout.textContent = "\u00a0";
      });
    }

    const legends = h(
      "div",
      { class: "legends" },
      legend(valueScale || 1, "Values"),
      cmp ? legend(diffScale, "Difference", true, tolerance) : null,
    );
    const hadFocus = document.activeElement?.classList.contains("heatmap-row") && container.contains(document.activeElement);
    container.replaceChildren(...[summary, pattern, figs, readout, keys, legends, truncatedNote].filter((x) => x !== null));
    if (hadFocus) figs.focus();
  };

  redraw();
  // Redraw with the other palette when the colour scheme changes.
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const onSchemeChange = () => {
    if (container.isConnected) redraw();
    else media.removeEventListener("change", onSchemeChange);
  };
  media.addEventListener("change", onSchemeChange);
  return container;
}
