// What the PDF reader works on: text runs as PDF.js reports them (one page at a time), and the
// words and lines built from them. Coordinates are PDF points; y grows downwards from the top of
// the page (the baseline of the text), x grows to the right.

/** One text run of a page (a PDF.js text item). */
export interface TextRun {
  str: string;
  /** Left end of the run. */
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font size (pt). */
  size: number;
  bold: boolean;
}

export interface PageText {
  /** 1-based page number. */
  number: number;
  width: number;
  height: number;
  runs: TextRun[];
}

/** A word (text between spaces) with its estimated horizontal extent. */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  size: number;
  bold: boolean;
}

/** The words of a page that share a baseline, left to right. */
export interface Line {
  page: number;
  y: number;
  /** Largest font size on the line. */
  size: number;
  words: Word[];
}

export const wordsText = (words: readonly Word[]) => words.map((w) => w.text).join(" ");
