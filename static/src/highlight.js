// Syntax highlighting of read-only code blocks (statement, hints, diagnoses) with the same Lezer
// Python parser and token classes as the editor, so both look alike in light and dark mode.

import { classHighlighter, highlightCode } from "@lezer/highlight";
import { parser } from "@lezer/python";

import { scrollableByKeyboard } from "./dom.js";

/** Languages we highlight as Python (a block with no language class is taken to be Python). */
const PYTHON = /^(?:language-|lang-)?(?:python|py|python3|pycon)$/i;
const OTHER = /^(?:language-|lang-)/i;

/**
 * Fill `target` with highlighted spans for `code`.
 * @param {string} code
 * @param {Element} target
 */
export function highlightPythonInto(code, target) {
  const tree = parser.parse(code);
  const fragment = document.createDocumentFragment();
  highlightCode(
    code,
    tree,
    classHighlighter,
    (text, classes) => {
      if (classes) {
        const span = document.createElement("span");
        span.className = classes;
        span.textContent = text;
        fragment.append(span);
      } else {
        fragment.append(text);
      }
    },
    () => fragment.append("\n"),
  );
  target.replaceChildren(fragment);
}

/**
 * Highlight an interactive-session block (`>>> ` / `... ` prompts): the code after each prompt is
 * highlighted as Python, the prompts and the printed output are left plain.
 * @param {string} text
 * @param {Element} target
 */
function highlightPyconInto(text, target) {
  const fragment = document.createDocumentFragment();
  const lines = text.replace(/\n$/, "").split("\n");
  lines.forEach((line, i) => {
    const m = line.match(/^(>>> |\.\.\. |>>>$|\.\.\.$)(.*)$/);
    if (m) {
      const prompt = document.createElement("span");
      prompt.className = "tok-prompt";
      prompt.textContent = m[1];
      const code = document.createElement("span");
      highlightPythonInto(m[2], code);
      fragment.append(prompt, code);
    } else {
      const out = document.createElement("span");
      out.className = "tok-output";
      out.textContent = line;
      fragment.append(out);
    }
    if (i < lines.length - 1) fragment.append("\n");
  });
  target.replaceChildren(fragment);
}

/**
 * Highlight every `pre > code` block inside `root` that is Python or has no language.
 * @param {Element} root
 */
export function highlightCodeBlocksIn(root) {
  for (const code of root.querySelectorAll("pre > code")) {
    const langs = [...code.classList].filter((c) => OTHER.test(c));
    const parentLangs = [...(code.parentElement?.classList ?? [])].filter((c) => OTHER.test(c) || PYTHON.test(c));
    const all = [...langs, ...parentLangs];
    if (all.length && !all.some((c) => PYTHON.test(c))) continue;
    const text = code.textContent ?? "";
    if (all.some((c) => /pycon$/i.test(c)) || /^>>> /.test(text)) highlightPyconInto(text, code);
    else highlightPythonInto(text.replace(/\n$/, ""), code);
    const pre = code.parentElement;
    if (!pre) continue;
    pre.classList.add("code-block");
    scrollableByKeyboard(pre, "Code example");
  }
}
