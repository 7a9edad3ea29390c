// The code editor: CodeMirror 6 with Python, line numbers, auto-indent, bracket matching, undo,
// Ctrl/Cmd+Enter to run, Tab to indent (Escape then Tab, or Ctrl+M, moves focus out), error-line
// markers in the gutter, and a per-exercise draft kept in localStorage.

import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { bracketMatching, foldKeymap, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { EditorState, Prec, RangeSet, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  EditorView,
  GutterMarker,
  drawSelection,
  gutter,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { classHighlighter } from "@lezer/highlight";

/** @typedef {{line: number, message: string}} LineProblem */

/** @type {import("@codemirror/state").StateEffectType<LineProblem[]>} */
const setProblems = StateEffect.define();

class ProblemMarker extends GutterMarker {
  /** @param {string} message */
  constructor(message) {
    super();
    this.message = message;
  }
  /** @param {ProblemMarker} other */
  eq(other) {
    return other.message === this.message;
  }
  toDOM() {
    const el = document.createElement("span");
    el.className = "cm-problem-marker";
    el.title = this.message;
    const glyph = document.createElement("span");
    glyph.textContent = "!";
    el.append(glyph);
    return el;
  }
}

/** Colours come from CSS custom properties, so the editor follows light/dark mode. */
const theme = EditorView.theme({
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
    { backgroundColor: "var(--selection)" },
});

const problemLine = Decoration.line({ class: "cm-problem-line" });

/**
 * Problem lines as two range sets (gutter markers and line decorations) that move with edits.
 * @type {StateField<{markers: RangeSet<GutterMarker>, lines: import("@codemirror/view").DecorationSet}>}
 */
const problemField = StateField.define({
  create: () => ({ markers: RangeSet.empty, lines: Decoration.none }),
  update(value, tr) {
    let { markers, lines } = value;
    if (tr.docChanged) {
      markers = markers.map(tr.changes);
      lines = lines.map(tr.changes);
    }
    for (const effect of tr.effects) {
      if (!effect.is(setProblems)) continue;
      /** @type {LineProblem[]} */
      const problems = effect.value;
      const doc = tr.state.doc;
      const byLine = new Map();
      for (const p of problems) {
        if (!Number.isInteger(p.line) || p.line < 1 || p.line > doc.lines) continue;
        const prev = byLine.get(p.line);
        byLine.set(p.line, prev ? `${prev}\n${p.message}` : p.message);
      }
      const sorted = [...byLine.entries()].sort((a, b) => a[0] - b[0]);
      markers = RangeSet.of(sorted.map(([n, msg]) => new ProblemMarker(msg).range(doc.line(n).from)));
      lines = Decoration.set(sorted.map(([n]) => problemLine.range(doc.line(n).from)));
    }
    return { markers, lines };
  },
  provide: (field) => EditorView.decorations.from(field, (v) => v.lines),
});

const problemGutter = gutter({
  class: "cm-problem-gutter",
  markers: (view) => view.state.field(problemField).markers,
  initialSpacer: () => new ProblemMarker(""),
});

/**
 * @typedef {object} CodeEditor
 * @property {EditorView} view
 * @property {() => string} getCode
 * @property {(code: string) => void} setCode  replace the whole text (undoable)
 * @property {(problems: LineProblem[]) => void} markProblems
 * @property {(line: number) => void} focusLine
 * @property {() => void} focus
 */

/**
 * @param {object} options
 * @param {HTMLElement} options.parent
 * @param {string} options.initial
 * @param {() => void} options.onRun  called on Ctrl/Cmd+Enter
 * @param {(code: string) => void} [options.onChange]
 * @param {string} [options.describedBy] id of the element describing the keyboard shortcuts
 * @returns {CodeEditor}
 */
export function createEditor({ parent, initial, onRun, onChange, describedBy }) {
  const runKeymap = Prec.highest(
    keymap.of([
      {
        key: "Mod-Enter",
        run: () => {
          onRun();
          return true;
        },
        preventDefault: true,
      },
    ]),
  );

  const state = EditorState.create({
    doc: initial,
    extensions: [
      runKeymap,
      theme,
      problemField,
      problemGutter,
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      EditorState.allowMultipleSelections.of(false),
      indentUnit.of("    "),
      EditorState.tabSize.of(4),
      indentOnInput(),
      python(),
      syntaxHighlighting(classHighlighter),
      bracketMatching(),
      closeBrackets(),
      autocompletion({ activateOnTyping: false }),
      highlightActiveLine(),
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...historyKeymap,
        ...foldKeymap,
        ...completionKeymap,
        indentWithTab,
      ]),
      EditorView.contentAttributes.of({
        "aria-label": "Python code editor",
        // Already in the tab order as contenteditable; saying so lets checkers (axe) see that
        // the scrolling box around it can be reached and scrolled from the keyboard.
        tabindex: "0",
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && onChange) onChange(update.state.doc.toString());
      }),
    ],
  });

  const view = new EditorView({ state, parent });

  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: code },
        selection: { anchor: 0 },
        effects: setProblems.of([]),
        userEvent: "input.replace",
      });
    },
    markProblems(problems) {
      view.dispatch({ effects: setProblems.of(problems) });
    },
    focusLine(line) {
      const n = Math.min(Math.max(1, line), view.state.doc.lines);
      const pos = view.state.doc.line(n).from;
      view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
      view.focus();
    },
    focus: () => view.focus(),
  };
}

/** The learner's draft for one exercise, kept in this browser across reloads. */
export class DraftStore {
  /** @param {string} slug */
  constructor(slug) {
    this.key = `gradebox:v1:draft:${slug}`;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {string | null} */
    this.pending = null;
    window.addEventListener("pagehide", () => this.flush());
  }

  /** @returns {string | null} */
  load() {
    try {
      const raw = localStorage.getItem(this.key);
      if (raw === null) return null;
      const data = JSON.parse(raw);
      return typeof data?.code === "string" ? data.code : null;
    } catch {
      return null;
    }
  }

  /** Save soon (debounced). @param {string} code */
  save(code) {
    this.pending = code;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), 300);
  }

  flush() {
    clearTimeout(this.timer);
    if (this.pending === null) return;
    try {
      localStorage.setItem(this.key, JSON.stringify({ code: this.pending, saved_at: new Date().toISOString() }));
    } catch {
      // Storage full or disabled (private mode): the draft just isn't kept.
    }
    this.pending = null;
  }

  clear() {
    clearTimeout(this.timer);
    this.pending = null;
    try {
      localStorage.removeItem(this.key);
    } catch {
      // ignore
    }
  }
}
