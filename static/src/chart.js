// Small SVG charts drawn by us (no chart library): lines, vertical ranges, a shaded band, a
// threshold rule and one ringed point, over two axes with their end values. Colours come from
// CSS classes (style.css, "After a pass"), so the page's light and dark themes apply.

import { formatNumber } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** The charts' drawing box (the SVG scales to its column); the plot sits inside the margins. */
const BOX = { width: 320, height: 170, left: 44, right: 10, top: 10, bottom: 34 };

/** An axis value, with a real minus sign. @param {number} v */
const fmt = (v) => formatNumber(v, 3).replaceAll("-", "\u2212");

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...(Node | string)} children
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

/**
 * @typedef {object} ChartSpec
 * @property {[number, number]} x  the x range
 * @property {[number, number]} y  the y range
 * @property {string} xLabel
 * @property {string} yLabel
 * @property {{from: number, to: number}} [band]  a shaded range of y, its ends marked on the axis
 * @property {{y: number, label: string}} [rule]  a dashed horizontal line (a threshold)
 * @property {{values: number[], className: string}[]} [lines]  y at x = 0, 1, 2, …
 * @property {({low: number, high: number} | null)[]} [ranges]  a vertical bar at x = 0, 1, 2, …
 * @property {{x: number, y: number, label: string}} [mark]  one point ringed and labelled
 */

/**
 * A small chart; its name is given by the caller (aria-labelledby).
 * @param {ChartSpec} spec
 */
export function chart(spec) {
  const plotWidth = BOX.width - BOX.left - BOX.right;
  const plotHeight = BOX.height - BOX.top - BOX.bottom;
  const [x0, x1] = spec.x;
  const [y0, y1] = spec.y[0] === spec.y[1] ? [spec.y[0] - 1, spec.y[1] + 1] : spec.y;
  const px = (/** @type {number} */ x) => BOX.left + ((x - x0) / (x1 - x0 || 1)) * plotWidth;
  const py = (/** @type {number} */ y) => BOX.top + (1 - (Math.min(y1, Math.max(y0, y)) - y0) / (y1 - y0)) * plotHeight;
  const out = svg("svg", { viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: "property-chart" });
  if (spec.band) {
    const top = py(spec.band.to);
    out.append(svg("rect", { class: "chart-band", x: BOX.left, y: top, width: plotWidth, height: py(spec.band.from) - top }));
  }
  const ticks = spec.band ? [spec.band.from, 0, spec.band.to] : [...new Set([y0, y1, ...(y0 < 0 && y1 > 0 ? [0] : [])])];
  for (const t of ticks) {
    out.append(svg("line", { class: "chart-grid", x1: BOX.left, x2: BOX.left + plotWidth, y1: py(t), y2: py(t) }));
    out.append(svg("text", { class: "chart-tick", x: BOX.left - 4, y: py(t) + 3.5, "text-anchor": "end" }, fmt(t)));
  }
  for (const t of [x0, x1]) {
    out.append(svg("text", { class: "chart-tick", x: px(t), y: BOX.top + plotHeight + 13, "text-anchor": "middle" }, fmt(t)));
  }
  out.append(
    svg("line", { class: "chart-axis", x1: BOX.left, x2: BOX.left, y1: BOX.top, y2: BOX.top + plotHeight }),
    svg("line", { class: "chart-axis", x1: BOX.left, x2: BOX.left + plotWidth, y1: BOX.top + plotHeight, y2: BOX.top + plotHeight }),
    svg("text", { class: "chart-label", x: BOX.left + plotWidth / 2, y: BOX.height - 4, "text-anchor": "middle" }, spec.xLabel),
    svg("text", { class: "chart-label", x: 10, y: BOX.top + plotHeight / 2, "text-anchor": "middle", transform: `rotate(-90 10 ${BOX.top + plotHeight / 2})` }, spec.yLabel),
  );
  spec.ranges?.forEach((range, x) => {
    if (range) out.append(svg("line", { class: "chart-range", x1: px(x), x2: px(x), y1: py(range.low), y2: py(range.high) }));
  });
  for (const line of spec.lines ?? []) {
    const points = line.values.map((y, x) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
    out.append(svg("polyline", { class: `chart-line ${line.className}`, points }));
  }
  if (spec.rule) {
    out.append(svg("line", { class: "chart-rule", x1: BOX.left, x2: BOX.left + plotWidth, y1: py(spec.rule.y), y2: py(spec.rule.y) }));
    out.append(svg("text", { class: "chart-note", x: BOX.left + 4, y: py(spec.rule.y) - 4 }, spec.rule.label));
  }
  if (spec.mark) {
    const { x, y, label } = spec.mark;
    const right = px(x) < BOX.left + plotWidth / 2;
    out.append(svg("circle", { class: "chart-mark", cx: px(x), cy: py(y), r: 4.5 }));
    out.append(svg("text", { class: "chart-note", x: px(x) + (right ? 8 : -8), y: Math.max(BOX.top + 10, py(y) - 8), "text-anchor": right ? "start" : "end" }, label));
  }
  return out;
}
