// The flagship's lesson drawn on the learner's own table after a pass: every row is distinct,
// every value lies in [-1, 1], PE[i]·PE[i+k] depends on the offset k and not on i, and a longer
// table starts with the shorter one. Small SVG charts coloured by the page's CSS variables (so
// they follow the light or dark theme), each named by its finding in words.

import { chart, svg } from "./chart.js";
import { formatNumber, formatTolerance, h, previewNumber } from "./dom.js";

/** @typedef {import("./api.js").ArrayPreview} ArrayPreview */
/** @typedef {(call: string) => Promise<ArrayPreview | null>} FetchTable  the learner's result of one call; null: no way to run it */
/** @typedef {{rows: number, cols: number, cells: number[][]}} Table */

/** The exercise whose properties these are. */
export const PICTURED_EXERCISE = "sinusoidal-positional-encoding";
/** The table the pictures are drawn on (it fits the 64 × 64 preview whole). */
export const TABLE_CALL = "positional_encoding(64, 32)";
/** The longer table whose first rows must be the table above (its preview holds 64 rows). */
export const LONGER_CALL = "positional_encoding(128, 32)";

/** When two numbers count as the same, for values rounded to 6 decimals by the preview. */
const CLOSE = {
  row: 1e-4, // two rows nearer than the exercise's tolerance are one row
  bound: 1e-6, // the preview's rounding: 1.0000004 is still inside [-1, 1]
  dot: 1e-3, // a sum of 32 products of rounded values, so looser than one value
  prefix: 1e-4, // the exercise's tolerance
};

/** @param {number} v @param {number} [digits] */
const fmt = (v, digits = 3) => formatNumber(v, digits).replaceAll("-", "\u2212");

/**
 * Words for a list: "0", "0 and 16", "0, 16 and 32".
 * @param {(string | number)[]} items
 */
const listed = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/**
 * The preview's 2-D values as numbers, or null when it is not a numeric table.
 * @param {ArrayPreview} preview
 * @returns {Table | null}
 */
export function tableOf(preview) {
  const values = preview?.values;
  if (preview?.shape?.length !== 2 || !Array.isArray(values) || !values.length) return null;
  if (!values.every((row) => Array.isArray(row) && row.length === values[0].length)) return null;
  const cells = values.map((row) => /** @type {unknown[]} */ (row).map(previewNumber));
  return cells[0].length ? { rows: cells.length, cols: cells[0].length, cells } : null;
}

/** @param {number[]} a @param {number[]} b */
const dot = (a, b) => a.reduce((sum, v, j) => sum + v * b[j], 0);

/** @param {number[]} a @param {number[]} b */
const distance = (a, b) => Math.sqrt(a.reduce((sum, v, j) => sum + (v - b[j]) ** 2, 0));

/** @param {Table} t */
const allFinite = (t) => t.cells.every((row) => row.every(Number.isFinite));

/**
 * Each row's distance to its nearest other row, and the closest pair (the first in row order).
 * @param {Table} t  at least two rows
 */
export function uniqueness(t) {
  const nearest = t.cells.map(() => Infinity);
  let closest = { a: 0, b: 1, distance: Infinity };
  for (let a = 0; a < t.rows; a++) {
    for (let b = a + 1; b < t.rows; b++) {
      const d = distance(t.cells[a], t.cells[b]);
      nearest[a] = Math.min(nearest[a], d);
      nearest[b] = Math.min(nearest[b], d);
      if (d < closest.distance) closest = { a, b, distance: d };
    }
  }
  const { a, b, distance: d } = closest;
  const text =
    d > CLOSE.row
      ? `The closest two rows are ${a} and ${b}, ${fmt(d)} apart: every position gets a distinct row.`
      : `Rows ${a} and ${b} are the same (${fmt(d)} apart): two positions get one row, so they cannot be told apart.`;
  return { nearest, closest, text };
}

/**
 * The range of every column, and whether every value lies in [-1, 1].
 * @param {Table} t
 */
export function boundedness(t) {
  const ranges = Array.from({ length: t.cols }, (_, c) => {
    const column = t.cells.map((row) => row[c]).filter(Number.isFinite);
    return column.length ? { low: Math.min(...column), high: Math.max(...column) } : null;
  });
  const values = t.cells.flat();
  const finite = values.filter(Number.isFinite);
  const outside = finite.filter((v) => Math.abs(v) > 1 + CLOSE.bound);
  const nonFinite = values.length - finite.length;
  let text;
  if (!outside.length && !nonFinite) {
    text = `All ${values.length} values lie in [\u22121, 1]: the smallest is ${fmt(Math.min(...finite))}, the largest ${fmt(Math.max(...finite))}.`;
  } else {
    const parts = [];
    if (outside.length) {
      const farthest = outside.reduce((x, v) => (Math.abs(v) > Math.abs(x) ? v : x));
      const at = values.indexOf(farthest);
      parts.push(
        `${outside.length} of ${values.length} values lie outside [\u22121, 1]; the farthest is ${fmt(farthest)} at row ${Math.floor(at / t.cols)}, column ${at % t.cols}.`,
      );
    }
    if (nonFinite) parts.push(`${nonFinite} of ${values.length} values are nan or infinite.`);
    text = parts.join(" ");
  }
  return { ranges, text };
}

/**
 * PE[i]·PE[i+k] against the offset k, for a few starting rows i, and how far apart those lines are.
 * @param {Table} t  at least two rows
 */
export function offsetDependence(t) {
  const starts = [...new Set([0, Math.floor(t.rows / 4), Math.floor(t.rows / 2)])];
  const offsets = t.rows - starts[starts.length - 1];
  const lines = starts.map((i) => Array.from({ length: offsets }, (_, k) => dot(t.cells[i], t.cells[i + k])));
  let worst = { k: 0, gap: 0 };
  for (let k = 0; k < offsets; k++) {
    const at = lines.map((line) => line[k]);
    const gap = Math.max(...at) - Math.min(...at);
    if (gap > worst.gap) worst = { k, gap };
  }
  const rows = `rows ${listed(starts)}`;
  let text;
  if (worst.gap <= CLOSE.dot) {
    text =
      `For ${rows}, PE[i]·PE[i+k] is the same at every offset k from 0 to ${offsets - 1} ` +
      `(the lines differ by at most ${fmt(worst.gap, 2)}): it depends on the offset k, not on the position i.`;
  } else {
    const at = lines.map((line) => line[worst.k]);
    const low = at.indexOf(Math.min(...at));
    const high = at.indexOf(Math.max(...at));
    text =
      `PE[i]·PE[i+k] changes with the position i: at offset k = ${worst.k} it is ${fmt(at[low])} ` +
      `for row ${starts[low]} but ${fmt(at[high])} for row ${starts[high]}.`;
  }
  return { starts, lines, text };
}

/**
 * Whether the shorter table is the first rows of the longer one, row by row.
 * @param {Table} shorter
 * @param {Table} longer
 * @param {number} longerRows  the longer table's whole length (its preview may hold fewer rows)
 */
export function prefix(shorter, longer, longerRows) {
  const shared = Math.min(shorter.rows, longer.rows);
  if (shorter.cols !== longer.cols) {
    return { perRow: [], text: `Your ${longerRows}-row table has ${longer.cols} columns but the ${shorter.rows}-row one has ${shorter.cols}.` };
  }
  let worst = { row: 0, col: 0, diff: 0 };
  const perRow = Array.from({ length: shared }, (_, r) => {
    let most = 0;
    for (let c = 0; c < shorter.cols; c++) {
      const diff = Math.abs(shorter.cells[r][c] - longer.cells[r][c]);
      // A nan on one side only is as different as it gets.
      const d = Number.isNaN(diff) && !(Number.isNaN(shorter.cells[r][c]) && Number.isNaN(longer.cells[r][c])) ? Infinity : diff || 0;
      if (d > most) most = d;
      if (d > worst.diff) worst = { row: r, col: c, diff: d };
    }
    return most;
  });
  const text =
    worst.diff <= CLOSE.prefix
      ? `The first ${shared} rows of your ${longerRows}-row table equal your ${shorter.rows}-row table ` +
        `(largest difference ${fmt(worst.diff)}): a position's row does not depend on max_len.`
      : `The first ${shared} rows of your ${longerRows}-row table differ from your ${shorter.rows}-row table ` +
        `by up to ${fmt(worst.diff)} (row ${worst.row}, column ${worst.col}): a position's row changes with max_len.`;
  return { perRow, text };
}

/** Ids that tie each chart to its finding. */
let findingIds = 0;

/**
 * One picture: its title, the chart, and the finding that names the chart.
 * @param {string} title
 * @param {string} finding
 * @param {SVGElement} picture
 * @param {HTMLElement | null} [legend]
 */
function property(title, finding, picture, legend = null) {
  const id = `property-finding-${++findingIds}`;
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-labelledby", id);
  // The finding is read once, as the chart's name; sighted readers see it above the chart.
  return h(
    "div",
    { class: "property" },
    h("h4", {}, title),
    h("p", { class: "property-finding", id, "aria-hidden": "true" }, finding),
    picture,
    legend,
  );
}

/** Line styles of the dot-product chart's lines, in order (dashes, so never colour alone). */
const LINE_STYLES = ["series-a", "series-b", "series-c"];

/**
 * Draw the four pictures of the learner's tables into `container`.
 * @param {HTMLElement} container
 * @param {ArrayPreview} tablePreview  the learner's TABLE_CALL
 * @param {ArrayPreview} longerPreview  the learner's LONGER_CALL
 */
export function renderProperties(container, tablePreview, longerPreview) {
  const table = tableOf(tablePreview);
  const longer = tableOf(longerPreview);
  if (!table || !longer || table.rows < 2) {
    container.replaceChildren(h("p", { class: "muted" }, "Your function did not return a numeric table of at least two rows, so there is nothing to draw."));
    return;
  }
  const shape = (/** @type {ArrayPreview} */ p) => p.shape.join(" × ");
  const heldRows = longerPreview.truncated ? `, of which the first ${longer.rows} rows are compared` : "";
  const pictures = [];

  const finite = allFinite(table);
  const notMeasured = (/** @type {string} */ what) =>
    h("p", { class: "muted" }, `${what} is not measured: your table holds nan or infinite values.`);

  if (finite) {
    const u = uniqueness(table);
    const top = Math.max(...u.nearest);
    pictures.push(
      property(
        "Each row's distance to its nearest other row",
        u.text,
        chart({
          x: [0, table.rows - 1],
          y: [0, top * 1.15],
          xLabel: "row",
          yLabel: "nearest row",
          lines: [{ values: u.nearest, className: "series-a" }],
          mark: { x: u.closest.a, y: u.closest.distance, label: `rows ${u.closest.a} and ${u.closest.b}` },
        }),
      ),
    );
  } else {
    pictures.push(notMeasured("Distinctness"));
  }

  const b = boundedness(table);
  const lows = b.ranges.flatMap((r) => (r ? [r.low] : []));
  const highs = b.ranges.flatMap((r) => (r ? [r.high] : []));
  pictures.push(
    property(
      "The range of each column, against [\u22121, 1]",
      b.text,
      chart({
        x: [0, table.cols - 1],
        y: [Math.min(-1.25, ...lows), Math.max(1.25, ...highs)],
        xLabel: "column",
        yLabel: "values",
        band: { from: -1, to: 1 },
        ranges: b.ranges,
      }),
    ),
  );

  if (finite) {
    const o = offsetDependence(table);
    const all = o.lines.flat();
    const legend = h(
      "ul",
      { class: "property-legend" },
      ...o.starts.map((i, n) =>
        h(
          "li",
          {},
          svg("svg", { class: "legend-line", viewBox: "0 0 24 8", "aria-hidden": "true" }, svg("line", { class: `chart-line ${LINE_STYLES[n]}`, x1: 0, x2: 24, y1: 4, y2: 4 })),
          `i = ${i}`,
        ),
      ),
    );
    pictures.push(
      property(
        "PE[i]·PE[i+k] against the offset k",
        o.text,
        chart({
          x: [0, o.lines[0].length - 1],
          y: [Math.min(0, ...all), Math.max(...all)],
          xLabel: "offset k",
          yLabel: "PE[i]·PE[i+k]",
          lines: o.lines.map((values, n) => ({ values, className: LINE_STYLES[n] })),
        }),
        legend,
      ),
    );
  } else {
    pictures.push(notMeasured("The dot product"));
  }

  const p = prefix(table, longer, longerPreview.shape[0]);
  const most = Math.max(CLOSE.prefix * 2, ...p.perRow.filter(Number.isFinite));
  pictures.push(
    property(
      "The longer table's first rows against the shorter table",
      p.text,
      chart({
        x: [0, Math.max(1, p.perRow.length - 1)],
        y: [0, most],
        xLabel: "row",
        yLabel: "largest |difference|",
        rule: { y: CLOSE.prefix, label: `tolerance ${formatTolerance(CLOSE.prefix)}` },
        lines: [{ values: p.perRow, className: "series-a" }],
      }),
    ),
  );

  container.replaceChildren(
    h("h3", {}, "Your table's properties"),
    h(
      "p",
      { class: "muted small" },
      `Drawn from your ${TABLE_CALL}, a ${shape(tablePreview)} table; the last picture also uses your ` +
        `${LONGER_CALL}, a ${shape(longerPreview)} table${heldRows}.`,
    ),
    h("div", { class: "property-grid" }, ...pictures),
  );
}

/**
 * Ask for the learner's two tables and draw their properties: the one call the page makes.
 * Resolves to false, with the container emptied, when `fetchTable` has no way to run the
 * learner's code (it resolved to null).
 * @param {HTMLElement} container
 * @param {FetchTable} fetchTable
 * @param {(err: unknown) => string} describeError
 * @returns {Promise<boolean>}
 */
export async function showProperties(container, fetchTable, describeError) {
  container.replaceChildren(h("p", { class: "muted" }, "Running your function on two tables to draw its properties…"));
  try {
    const [table, longer] = await Promise.all([fetchTable(TABLE_CALL), fetchTable(LONGER_CALL)]);
    if (!table || !longer) {
      container.replaceChildren();
      return false;
    }
    renderProperties(container, table, longer);
  } catch (err) {
    container.replaceChildren(h("p", { class: "muted" }, `The pictures of your table could not be drawn. ${describeError(err)}`));
  }
  return true;
}
