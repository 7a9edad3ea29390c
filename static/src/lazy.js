// The heavy code a page loads only when it needs it. KaTeX (math.js), the highlighter of read-only
// code (highlight.js) and the heatmaps (heatmap.js) are chunks of their own (static/build.mjs),
// fetched with import() the first time a page has math, a code block or a 2-D array to show. The
// editor stays in the page's own bundle: an editor that takes input comes first.
//
// Nothing may jump when a chunk arrives: code shows as plain text and is only coloured later (the
// same characters in the same font); math stays invisible (in its place) until it is typeset,
// since TeX source and formulas differ in size; a report with 2-D arrays is drawn once its heatmap code is here.

/** @typedef {import("./api.js").Submission} Submission */

/**
 * A module loaded on first use, and kept once it has arrived.
 * @template T
 * @param {() => Promise<T>} load
 */
function onFirstUse(load) {
  /** @type {Promise<T> | null} */
  let loading = null;
  /** @type {T | null} */
  let loaded = null;
  return {
    /** @returns {Promise<T>} */
    load() {
      loading ??= load().then(
        (module) => (loaded = module),
        (err) => {
          loading = null; // a later use tries again (the network may be back)
          throw err;
        },
      );
      return loading;
    },
    /** The module if it has arrived, else null. */
    get now() {
      return loaded;
    },
  };
}

/**
 * Add a stylesheet before the page's own (so ours still overrides it); resolves once it applies.
 * @param {string} href
 * @returns {Promise<void>}
 */
function addStylesheet(href) {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`could not load ${href}`));
    };
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"]'));
  });
}

/** The faces nearly every formula uses: loaded before math is shown, so no glyph swaps in view. */
const KATEX_FACES = ["1em KaTeX_Main", "italic 1em KaTeX_Math"];

// KaTeX's stylesheet is fetched alongside its code, not in the page's <head> (pages without math
// never wait for it), and its main fonts as soon as the stylesheet names them, while the code
// downloads and runs, rather than once the formulas ask for them.
const math = onFirstUse(() =>
  Promise.all([
    import("./math.js"),
    addStylesheet(KATEX_STYLESHEET_URL).then(() => Promise.allSettled(KATEX_FACES.map((face) => document.fonts.load(face)))),
  ]).then(([module]) => module),
);
const highlighter = onFirstUse(() => import("./highlight.js"));
const heatmaps = onFirstUse(() => import("./heatmap.js"));

/** Delimiters math.js typesets, and the elements a Markdown plugin marks as math (math.js too). */
const TEX_DELIMITER = /\$|\\\(|\\\[/;
const MATH_ELEMENTS = ".math.inline, .math.block, .math.display, .math-inline, .math-display";

/** @param {Element} el */
const hasMath = (el) => TEX_DELIMITER.test(el.textContent ?? "") || el.querySelector(MATH_ELEMENTS) !== null;

/**
 * Typeset the math in `el` (math.js). Once KaTeX is here this happens at once; before, `el` is
 * laid out but invisible until its formulas are typeset in KaTeX's fonts. Resolves when it is done, at
 * once for an element without math; if KaTeX cannot be loaded, `el` shows its TeX source.
 * @param {HTMLElement} el
 * @returns {Promise<void>}
 */
export async function typesetIn(el) {
  if (!hasMath(el)) return;
  if (math.now) return math.now.typesetIn(el);
  const visibility = el.style.visibility;
  el.style.visibility = "hidden";
  try {
    await (await math.load()).typesetIn(el);
  } catch {
    // The TeX source is readable as it is: show it rather than nothing.
  } finally {
    el.style.visibility = visibility;
  }
}

/**
 * Colour the Python code blocks in `root` (highlight.js); until the highlighter is here they show
 * as the plain text they are. Resolves when they are coloured (or left plain if it cannot load).
 * @param {Element} root
 * @returns {Promise<void>}
 */
export async function highlightCodeBlocksIn(root) {
  if (!root.querySelector("pre > code")) return;
  try {
    (highlighter.now ?? (await highlighter.load())).highlightCodeBlocksIn(root);
  } catch {
    // Plain code reads the same, only without colours.
  }
}

/**
 * Fill `target` with `code`, coloured as Python once the highlighter is here (plain text until then).
 * @param {string} code
 * @param {Element} target
 * @returns {Promise<void>}
 */
export async function highlightPythonInto(code, target) {
  if (highlighter.now) return highlighter.now.highlightPythonInto(code, target);
  target.textContent = code;
  try {
    (await highlighter.load()).highlightPythonInto(code, target);
  } catch {
    // Plain code reads the same, only without colours.
  }
}

/**
 * Does the report of `sub` show a 2-D array (report.js may draw it as heatmaps)?
 * @param {Submission} sub
 */
const showsTwoDimensions = (sub) =>
  (sub.tests ?? []).some((test) => [test.got, test.expected].some((preview) => preview?.shape?.length === 2));

/**
 * Null if the report of `sub` can be drawn now; else the heatmap code it may need is loading, and
 * this resolves when it is here (or could not be loaded: the report then shows its facts and
 * tables without heatmaps).
 * @param {Submission} sub
 * @returns {Promise<void> | null}
 */
export function heatmapsLoadingFor(sub) {
  if (heatmaps.now || !showsTwoDimensions(sub)) return null;
  return heatmaps.load().then(
    () => undefined,
    () => undefined, // drawn without heatmaps; the next report tries again
  );
}

/** The heatmap module (heatmap.js) if it has arrived, else null. */
export const loadedHeatmaps = () => heatmaps.now;
