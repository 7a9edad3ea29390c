// A line diff of two texts (longest common subsequence), grouped into unified-diff hunks.

/**
 * @typedef {"same" | "removed" | "added"} LineChange
 * @typedef {{change: LineChange, text: string, oldLine: number | null, newLine: number | null}} DiffLine
 *   line numbers count from 1; a removed line has no newLine, an added one no oldLine
 * @typedef {{oldStart: number, oldCount: number, newStart: number, newCount: number, lines: DiffLine[]}} Hunk
 */

/** @param {string} text */
const splitLines = (text) => (text === "" ? [] : text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n"));

/**
 * Every line of `before` and `after`, in order, marked same / removed / added.
 * @param {string} before
 * @param {string} after
 * @returns {DiffLine[]}
 */
export function diffLines(before, after) {
  const a = splitLines(before);
  const b = splitLines(after);
  // Equal heads and tails need no table; learners usually change a few lines in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  // common[i][j] = length of the LCS of midA[i:] and midB[j:], in one flat array.
  const width = midB.length + 1;
  const common = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      common[i * width + j] =
        midA[i] === midB[j] ? common[(i + 1) * width + j + 1] + 1 : Math.max(common[(i + 1) * width + j], common[i * width + j + 1]);
    }
  }

  /** @type {DiffLine[]} */
  const lines = [];
  let oldLine = 1;
  let newLine = 1;
  /** @param {LineChange} change @param {string} text */
  const push = (change, text) => {
    lines.push({ change, text, oldLine: change === "added" ? null : oldLine++, newLine: change === "removed" ? null : newLine++ });
  };
  for (let k = 0; k < head; k++) push("same", a[k]);
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      push("same", midA[i++]);
      j++;
    } else if (j === midB.length || (i < midA.length && common[(i + 1) * width + j] >= common[i * width + j + 1])) {
      // On a tie, the removal first: `diff -u` prints a changed line's old text before its new.
      push("removed", midA[i++]);
    } else {
      push("added", midB[j++]);
    }
  }
  for (let k = a.length - tail; k < a.length; k++) push("same", a[k]);
  return lines;
}

/**
 * The changed lines with `context` unchanged lines around them, as unified-diff hunks.
 * @param {DiffLine[]} lines
 * @param {number} [context]
 * @returns {Hunk[]}
 */
export function unifiedHunks(lines, context = 3) {
  /** @type {Hunk[]} */
  const hunks = [];
  const changed = lines.flatMap((line, index) => (line.change === "same" ? [] : [index]));
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - context);
    let end = changed[k];
    // Changes closer than two contexts apart share one hunk.
    while (k + 1 < changed.length && changed[k + 1] - end <= 2 * context) end = changed[++k];
    k++;
    const slice = lines.slice(start, Math.min(lines.length, end + context + 1));
    const oldLines = slice.filter((l) => l.oldLine !== null);
    const newLines = slice.filter((l) => l.newLine !== null);
    hunks.push({
      oldStart: oldLines[0]?.oldLine ?? previousLine(lines, start, "oldLine"),
      oldCount: oldLines.length,
      newStart: newLines[0]?.newLine ?? previousLine(lines, start, "newLine"),
      newCount: newLines.length,
      lines: slice,
    });
  }
  return hunks;
}

/**
 * The number `diff -u` prints for an empty side of a hunk: the line just before it.
 * @param {DiffLine[]} lines
 * @param {number} index
 * @param {"oldLine" | "newLine"} side
 */
function previousLine(lines, index, side) {
  for (let i = index - 1; i >= 0; i--) {
    const n = lines[i][side];
    if (n !== null) return n;
  }
  return 0;
}
