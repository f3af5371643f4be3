// Pages of text runs for the reader's unit tests, without a PDF (not used by production code):
// runs at x and y (from the top of the page) with widths from the glyph table, as PDF.js would
// report them.

import { relativeWidth } from "../lines";
import type { PageText, TextRun } from "../model";

/** x, y (from the top), text; bold and size (default 10) optional. */
export type Cell = [x: number, y: number, text: string, options?: { bold?: boolean; size?: number }];

export function run([x, y, str, options]: Cell): TextRun {
  const size = options?.size ?? 10;
  return { str, x, y, width: (relativeWidth(str) * size) / 1000, size, bold: options?.bold ?? false };
}

export function page(number: number, cells: Cell[], width = 595, height = 842): PageText {
  return { number, width, height, runs: cells.map(run) };
}

/** A right-aligned cell: the text ends at `right`. */
export function right(rightEdge: number, y: number, text: string, options?: { bold?: boolean; size?: number }): Cell {
  return [rightEdge - (relativeWidth(text) * (options?.size ?? 10)) / 1000, y, text, options];
}
