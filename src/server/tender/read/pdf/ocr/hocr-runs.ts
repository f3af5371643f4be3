// Tesseract's hOCR output of one page image → the text runs the layout reader works on (model.ts):
// one run per recognised word, in PDF points, y the baseline from the top of the page. A scan is
// rarely straight: the page's skew is taken from the baselines Tesseract fitted to its lines and
// turned back, so that the words of one table row share a baseline again and a column's left or
// right edges line up from the top of the page to the bottom, as they do in a printed PDF.

import type { PageText, TextRun } from "../model";

interface OcrWord {
  text: string;
  x0: number;
  x1: number;
}

interface OcrLine {
  x0: number;
  /** Bottom of the line's box (pixels). */
  y1: number;
  /** Baseline: y = y1 + offset + slope · (x − x0). */
  slope: number;
  offset: number;
  /** Tesseract's estimate of the line's text height (pixels). */
  xSize: number;
  words: OcrWord[];
}

/** Font size (pt) per point of Tesseract's x_size, measured on Chromium prints of our LVs. */
const SIZE_PER_X_SIZE = 1.06;
/** A word with a letter or digit, or a blank to fill in ("……", "____"); anything else that
 *  Tesseract reports on its own ("|", "-", "'") is mostly a speck, a rule or a table border. */
/** A word lower than this share of its line's text height is no text. */
const FLAT = 0.35;
const REAL_WORD = /[\p{L}\p{N}]|^[._…]{4,}$/u;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? all;
  });

const property = (title: string, name: string): number[] | null => {
  const m = new RegExp(`(?:^|;)\\s*${name}\\s+([-\\d.\\s]+)`).exec(title);
  return m ? m[1].trim().split(/\s+/).map(Number) : null;
};

const LINE = /<span class='ocr_(?:line|caption|textfloat|header)'[^>]*title="([^"]*)"/g;
const WORD = /<span class='ocrx_word'[^>]*title='([^']*)'[^>]*>/g;
const CHAR = /<span class='ocrx_cinfo'[^>]*title='x_bboxes ([-\d\s]+);[^']*'[^>]*>([\s\S]*?)<\/span>/g;

/** The parts of `text` from each match of `start` to the next one (or the end). */
function sections(text: string, start: RegExp): { match: RegExpMatchArray; body: string }[] {
  const starts = [...text.matchAll(start)];
  return starts.map((match, i) => ({
    match,
    body: text.slice((match.index ?? 0) + match[0].length, i + 1 < starts.length ? starts[i + 1].index : text.length),
  }));
}

/**
 * A word's left and right end from its characters' boxes (hocr_char_boxes): a speck or a rule next
 * to a word widens its first or last character's box far beyond the others'; such a box is
 * trimmed to the width of the word's typical character, so the word stays in its column.
 */
function wordExtent(box: number[], chars: number[][]): { x0: number; x1: number } {
  if (chars.length < 2) return { x0: box[0] ?? 0, x1: box[2] ?? 0 };
  const widths = chars.map((c) => c[2] - c[0]);
  const typical = median(widths);
  const first = chars[0];
  const last = chars[chars.length - 1];
  const x0 = first[2] - first[0] > 2.5 * typical ? first[2] - typical : first[0];
  const x1 = last[2] - last[0] > 2.5 * typical ? last[0] + typical : last[2];
  return { x0, x1 };
}

/** The lines and words of an hOCR page. */
export function parseHocr(hocr: string): OcrLine[] {
  return sections(hocr, LINE).map(({ match, body }) => {
    const [x0 = 0, y0 = 0, , y1 = 0] = property(match[1], "bbox") ?? [];
    const [slope = 0, offset = 0] = property(match[1], "baseline") ?? [];
    // Without x_size the box's height (ascenders to descenders) stands in.
    const [xSize = 0.8 * (y1 - y0)] = property(match[1], "x_size") ?? [];
    const words: OcrWord[] = [];
    for (const word of sections(body, WORD)) {
      const chars = [...word.body.matchAll(CHAR)];
      const text = unescape(chars.length ? chars.map((c) => c[2]).join("") : word.body.replace(/<[^>]*>/g, "")).trim();
      const box = property(word.match[1], "bbox") ?? [];
      // Dot leaders, price blanks and rules come out as flat "words" ("kennen", "een").
      const flat = box.length === 4 && box[3] - box[1] < FLAT * xSize;
      if (!REAL_WORD.test(text) || flat) continue;
      const extent = wordExtent(
        box,
        chars.map((c) => c[1].trim().split(/\s+/).map(Number)),
      );
      words.push({ text, ...extent });
    }
    return { x0, y1, slope, offset, xSize, words };
  });
}

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The page's skew (slope of its baselines), from lines long enough to show it. */
export function pageSlope(lines: readonly OcrLine[], pageWidthPx: number): number {
  const long = lines.filter((l) => l.words.length >= 2 && l.words[l.words.length - 1].x1 - l.words[0].x0 > 0.2 * pageWidthPx);
  return median((long.length ? long : lines).map((l) => l.slope));
}

/**
 * The runs of one page image read at `dpi`: each word's baseline point turned by the page's skew
 * and scaled to points. The page's size is the PDF page's (points), so the columns' positions are
 * comparable with those of a text PDF.
 */
export function hocrToPage(hocr: string, dpi: number, page: { number: number; width: number; height: number }): PageText {
  const toPt = 72 / dpi;
  const lines = parseHocr(hocr);
  const angle = Math.atan(pageSlope(lines, page.width / toPt));
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const runs: TextRun[] = [];
  for (const line of lines) {
    const size = Math.max(1, line.xSize * toPt * SIZE_PER_X_SIZE);
    for (const w of line.words) {
      const baseline = line.y1 + line.offset + line.slope * (w.x0 - line.x0);
      // Turned back by the page's skew: x' = x·cos + y·sin, y' = −x·sin + y·cos.
      const x = w.x0 * cos + baseline * sin;
      const y = -w.x0 * sin + baseline * cos;
      runs.push({ str: w.text, x: x * toPt, y: y * toPt, width: (w.x1 - w.x0) * cos * toPt, size, bold: false });
    }
  }
  return { number: page.number, width: page.width, height: page.height, runs };
}
