// Printed description lines back into paragraphs: a line break the printer made (the next word did
// not fit) joins with a space; one the author made (the next word would have fitted, more space
// between the lines, a different indent) starts a new paragraph. Bidder blanks become gaps.

import { relativeWidth } from "./lines";
import { wordsText, type Word } from "./model";
import { BIDDER_GAP, BLANK_RUN } from "./patterns";

export interface TextLine {
  words: Word[];
  page: number;
  y: number;
  size: number;
}

/** Width of a word at its font size, from its estimated extent or, failing that, the glyph table. */
const wordWidth = (w: Word) => (w.x1 > w.x0 ? w.x1 - w.x0 : (relativeWidth(w.text) * w.size) / 1000);

/** Words after "Bauwasser-" that show the hyphen is a suspended compound, not a word break. */
const CONJUNCTION = /^(und|oder|bzw\.?|sowie|bis|als|u\.)$/;

/** Joins two lines of one paragraph: "Fertig-" + "stellung", "Stahlbeton-" + "Fertigteil",
 *  "PP2-" + "0,35", but "Bauwasser-" + "und". */
function joinLine(text: string, next: string): string {
  if (!text) return next;
  if (/\S-$/.test(text)) {
    const first = next.split(" ")[0];
    if (CONJUNCTION.test(first)) return `${text} ${next}`;
    if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(first)) return text.slice(0, -1) + next;
    return text + next;
  }
  return `${text} ${next}`;
}

/** Typical distance between the baselines of consecutive lines of one paragraph: the most
 *  frequent one (wider gaps between paragraphs and items are rarer). */
export function typicalPitch(lines: TextLine[]): number {
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const d = lines[i].y - lines[i - 1].y;
    if (lines[i].page === lines[i - 1].page && d > 0 && d < 2.5 * lines[i].size) pitches.push(d);
  }
  pitches.sort((a, b) => a - b);
  let best = 0;
  let bestCount = 0;
  for (let i = 0, j = 0; i < pitches.length; i++) {
    while (pitches[i] - pitches[j] > 0.4) j++;
    if (i - j + 1 > bestCount) {
      bestCount = i - j + 1;
      best = pitches[j];
    }
  }
  return best;
}

/**
 * The paragraphs of consecutive description lines. `wrapRight` is where the printer wrapped;
 * `pitch` the usual line distance (0 if unknown).
 */
export function joinParagraphs(lines: TextLine[], wrapRight: number, pitch: number): string[] {
  const paragraphs: string[] = [];
  let current = "";
  lines.forEach((line, i) => {
    if (!line.words.length) return;
    const text = wordsText(line.words);
    const prev = lines[i - 1];
    if (current && prev?.words.length && !startsParagraph(prev, line, wrapRight, pitch)) current = joinLine(current, text);
    else {
      if (current) paragraphs.push(current);
      current = text;
    }
  });
  if (current) paragraphs.push(current);
  return paragraphs;
}

function startsParagraph(prev: TextLine, line: TextLine, wrapRight: number, pitch: number): boolean {
  const size = line.size || 10;
  const last = prev.words[prev.words.length - 1];
  const first = line.words[0];
  // A word divided at the end of the line ("Fertig-" / "stellung").
  if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(first.text) && !CONJUNCTION.test(first.text)) return false;
  // A different indent.
  if (Math.abs(first.x0 - prev.words[0].x0) > 0.6 * size) return true;
  // More space than between the lines of a paragraph (on the same page).
  if (pitch > 0 && line.page === prev.page && line.y - prev.y > pitch * 1.09 + 0.3) return true;
  // The first word would have fitted at the end of the previous line.
  const space = 0.28 * size;
  return last.x1 + space + wordWidth(first) <= wrapRight - 0.5;
}

/** Replaces bidder blanks ("........", "_____") by the gap marker; returns the text and their count. */
export function markBidderGaps(text: string): { text: string; gaps: number } {
  let gaps = 0;
  const marked = text.replace(BLANK_RUN, () => {
    gaps++;
    return BIDDER_GAP;
  });
  return { text: marked, gaps };
}
