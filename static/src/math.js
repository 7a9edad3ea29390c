// Math typesetting with KaTeX (bundled; its CSS and fonts are served from /static/dist/katex/).

import katex from "katex";
import renderMathInElement from "katex/contrib/auto-render";

const DELIMITERS = [
  { left: "$$", right: "$$", display: true },
  { left: "\\[", right: "\\]", display: true },
  { left: "$", right: "$", display: false },
  { left: "\\(", right: "\\)", display: false },
];

/**
 * Typeset `$...$` and `$$...$$` left in server-rendered HTML (code and pre blocks are skipped).
 * @param {Element} el
 */
export function typesetIn(el) {
  // Math that a Markdown plugin already isolated (e.g. markdown-it's dollarmath:
  // <span class="math inline">…</span>, <div class="math block">…</div>) is typeset directly.
  for (const node of el.querySelectorAll(".math.inline, .math.block, .math.display, .math-inline, .math-display")) {
    if (node.querySelector(".katex")) continue;
    const display = !node.classList.contains("inline") && !node.classList.contains("math-inline");
    const tex = (node.textContent ?? "").trim().replace(/^\$\$?([\s\S]*?)\$\$?$/, "$1");
    katex.render(tex, /** @type {HTMLElement} */ (node), { displayMode: display, throwOnError: false, trust: false, strict: "ignore" });
  }
  renderMathInElement(/** @type {HTMLElement} */ (el), {
    delimiters: DELIMITERS,
    throwOnError: false,
    ignoredTags: ["script", "noscript", "style", "textarea", "pre", "code", "option"],
    ignoredClasses: ["no-math"],
    trust: false,
    strict: "ignore",
  });
}

/**
 * Render one TeX expression to an HTML string (KaTeX escapes its input; `trust` stays off so
 * commands such as \href or \htmlClass are rejected).
 * @param {string} tex
 * @param {boolean} display
 * @returns {string}
 */
export function texToHtml(tex, display) {
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, trust: false, strict: "ignore" });
}
