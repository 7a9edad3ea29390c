// Math typesetting with KaTeX: a chunk of its own, loaded by lazy.js (which also adds KaTeX's
// stylesheet) the first time a page has math.

import katex from "katex";
import renderMathInElement from "katex/contrib/auto-render";

import { scrollableByKeyboard } from "./dom.js";

const DELIMITERS = [
  { left: "$$", right: "$$", display: true },
  { left: "\\[", right: "\\]", display: true },
  { left: "$", right: "$", display: false },
  { left: "\\(", right: "\\)", display: false },
];

const SLICE_MS = 8; // typeset in slices so the page (and its editor) stays responsive

/**
 * Typeset `$...$` and `$$...$$` left in server-rendered HTML (code and pre blocks are skipped).
 * Long statements are typeset a slice at a time between frames, so the editor takes input at
 * once instead of after every formula is laid out.
 * @param {Element} el
 * @returns {Promise<void>}  resolves when every formula is typeset
 */
export function typesetIn(el) {
  // Math that a Markdown plugin already isolated (e.g. markdown-it's dollarmath:
  // <span class="math inline">…</span>, <div class="math block">…</div>) is typeset directly.
  const pending = [...el.querySelectorAll(".math.inline, .math.block, .math.display, .math-inline, .math-display")];
  /** @param {() => void} done */
  const step = (done) => {
    const until = performance.now() + SLICE_MS;
    while (pending.length && performance.now() < until) typesetNode(/** @type {HTMLElement} */ (pending.shift()));
    if (pending.length) {
      setTimeout(step, 0, done);
      return;
    }
    renderMathInElement(/** @type {HTMLElement} */ (el), {
      delimiters: DELIMITERS,
      throwOnError: false,
      ignoredTags: ["script", "noscript", "style", "textarea", "pre", "code", "option"],
      ignoredClasses: ["no-math"],
      trust: false,
      strict: "ignore",
    });
    for (const display of el.querySelectorAll(".katex-display")) scrollableByKeyboard(/** @type {HTMLElement} */ (display), "Formula");
    done();
  };
  return new Promise(step);
}

/** @param {HTMLElement} node */
function typesetNode(node) {
  if (node.querySelector(".katex")) return;
  const display = !node.classList.contains("inline") && !node.classList.contains("math-inline");
  const tex = (node.textContent ?? "").trim().replace(/^\$\$?([\s\S]*?)\$\$?$/, "$1");
  katex.render(tex, node, { displayMode: display, throwOnError: false, trust: false, strict: "ignore" });
}
