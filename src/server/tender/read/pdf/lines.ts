// Groups the text runs of a page into lines (shared baseline) of words. PDF.js merges glyphs that
// stand close together into one run, so a run can hold the words of two table cells ("1,000 psch"
// = quantity and unit); the words' positions inside a run are estimated from typical relative
// glyph widths (Helvetica/Arial metrics, scaled so they add up to the run's real width).

import type { Line, PageText, TextRun, Word } from "./model";

/** Relative glyph widths in 1/1000 em (Helvetica), by character; anything else counts 556. */
const WIDTHS: [string, number][] = [
  ["iljíìî|'", 222],
  [" .,:;!fItr[]()/·°¹²³\\", 290],
  ['-*"r', 333],
  ["J", 500],
  ["cksvxyzäüöß", 520],
  ["FTZ", 611],
  ["ABEKPSVXYÄ", 667],
  ["CDHNRUÜ", 722],
  ["GOQÖw", 778],
  ["mM%", 850],
  ["W…@", 950],
];
/** Widths by UTF-16 code unit (a typed array: this runs for every character of a PDF). */
const WIDTH = new Uint16Array(0x10000).fill(556);
for (const [chars, width] of WIDTHS) for (const c of chars) WIDTH[c.charCodeAt(0)] = width;

/** Width of a string in 1/1000 em by the table above. */
export function relativeWidth(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; i++) w += WIDTH[s.charCodeAt(i)];
  return w;
}

/** Space, tab, no-break space, line breaks. */
const isSpace = (code: number) => code === 32 || code === 9 || code === 0xa0 || code === 10 || code === 13;

/** Splits a run at whitespace into words with estimated extents. */
export function splitRun(run: TextRun): Word[] {
  const str = run.str;
  const total = relativeWidth(str);
  const scale = total > 0 ? run.width / total : 0;
  const words: Word[] = [];
  let pos = 0;
  let start = -1;
  let startPos = 0;
  for (let i = 0; i <= str.length; i++) {
    const code = i < str.length ? str.charCodeAt(i) : 32;
    if (isSpace(code)) {
      if (start >= 0)
        words.push({ text: str.slice(start, i), x0: run.x + startPos * scale, x1: run.x + pos * scale, size: run.size, bold: run.bold });
      start = -1;
    } else if (start < 0) {
      start = i;
      startPos = pos;
    }
    if (i < str.length) pos += WIDTH[code];
  }
  return words;
}

/** Runs whose baselines differ by at most this share of the font size are on one line. */
const SAME_LINE = 0.3;

/** Runs closer than this share of the font size continue one word (ligatures such as "ﬂ" come
 *  as runs of their own: "Ober" + "fl" + "äche"). */
const SAME_WORD = 0.12;

/** The page's lines, top to bottom, each with its words left to right. */
export function buildLines(page: PageText): Line[] {
  const runs = page.runs.filter((r) => r.str.trim() !== "");
  runs.sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: { y: number; size: number; runs: TextRun[] }[] = [];
  let current: { y: number; size: number; runs: TextRun[] } | null = null;
  for (const run of runs) {
    if (current && run.y - current.y <= Math.max(1.5, SAME_LINE * Math.min(current.size, run.size))) {
      current.runs.push(run);
      current.size = Math.max(current.size, run.size);
    } else {
      current = { y: run.y, size: run.size, runs: [run] };
      groups.push(current);
    }
  }
  return groups.map((group) => {
    group.runs.sort((a, b) => a.x - b.x);
    const words: Word[] = [];
    let prev: TextRun | null = null;
    for (const run of group.runs) {
      const runWords = splitRun(run);
      const last = words[words.length - 1];
      if (
        prev &&
        last &&
        runWords.length &&
        !/\s$/.test(prev.str) &&
        !/^\s/.test(run.str) &&
        Math.abs(run.x - (prev.x + prev.width)) <= SAME_WORD * run.size
      ) {
        const first = runWords.shift() as Word;
        last.text += first.text;
        last.x1 = first.x1;
        last.bold = last.bold && first.bold;
      }
      words.push(...runWords);
      prev = run;
    }
    words.sort((a, b) => a.x0 - b.x0);
    return { page: page.number, y: group.y, size: group.size, words };
  });
}
