// A deliberately small, safe Markdown renderer for authored snippets such as a diagnosis's
// explanation. All raw HTML is escaped. Supported: paragraphs, `- ` / `1. ` lists, fenced code
// blocks, `code`, **bold**, *italic* / _italic_, [links](https://…), $inline$ and $$display$$ math.

import { escapeHtml } from "./dom.js";
import { texToHtml } from "./math.js";

/** Inline tokens that must not be touched by emphasis rules: code spans and math. */
const INLINE_TOKEN = /(`+)([\s\S]*?[^`])\1(?!`)|\$\$([\s\S]+?)\$\$|(?<![\\$\w])\$(?!\s)([^$\n]+?)(?<!\s)\$(?![\w$])/g;

/**
 * @param {string} url
 * @returns {string | null} the URL if it is safe to link to
 */
function safeUrl(url) {
  const u = url.trim();
  if (/^(?:https?:\/\/|\/(?!\/)|#)/i.test(u)) return u;
  return null;
}

/**
 * Emphasis and links on already-escaped text.
 * @param {string} escaped
 */
function emphasis(escaped) {
  return escaped
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "<strong>$1</strong>")
    .replace(/__(?=\S)([\s\S]*?\S)__/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?![*\w])/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_(?=\S)([^_]*?\S)_(?![_\w])/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, text, url) => {
      // `url` was escaped with the rest of the text; undo &amp; so the check sees the real URL.
      const safe = safeUrl(url.replace(/&amp;/g, "&"));
      return safe ? `<a href="${escapeHtml(safe)}">${text}</a>` : whole;
    })
    .replace(/\\\$/g, "$");
}

/**
 * Render inline Markdown to HTML.
 * @param {string} text
 * @returns {string}
 */
export function renderInline(text) {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(INLINE_TOKEN)) {
    const index = m.index ?? 0;
    out += emphasis(escapeHtml(text.slice(last, index)));
    if (m[1] !== undefined) {
      const code = m[2].replace(/^ (.*) $/s, "$1");
      out += `<code>${escapeHtml(code)}</code>`;
    } else if (m[3] !== undefined) {
      out += texToHtml(m[3].trim(), true);
    } else {
      out += texToHtml(m[4], false);
    }
    last = index + m[0].length;
  }
  out += emphasis(escapeHtml(text.slice(last)));
  return out;
}

/**
 * Render a Markdown snippet to HTML. The result contains only tags this function writes.
 * @param {string} markdown
 * @returns {string}
 */
export function renderMarkdown(markdown) {
  const lines = String(markdown ?? "").replace(/\r\n?/g, "\n").split("\n");
  /** @type {string[]} */
  const html = [];
  /** @type {string[]} */
  let para = [];
  /** @type {{ordered: boolean, items: string[]} | null} */
  let list = null;

  const flushPara = () => {
    if (para.length) html.push(`<p>${renderInline(para.join("\n"))}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list) {
      const tag = list.ordered ? "ol" : "ul";
      html.push(`<${tag}>${list.items.map((i) => `<li>${renderInline(i)}</li>`).join("")}</${tag}>`);
    }
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = line.match(/^\s*(```+|~~~+)\s*([\w+-]*)\s*$/);
    if (fence) {
      flushPara();
      flushList();
      const body = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i++]);
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : "";
      html.push(`<pre><code${lang}>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    }
    const item = line.match(/^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/);
    if (item) {
      flushPara();
      const ordered = item[2] !== undefined;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push(item[3]);
      continue;
    }
    if (!line.trim()) {
      flushPara();
      flushList();
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    flushList();
    para.push(line);
  }
  flushPara();
  flushList();
  return html.join("\n");
}
