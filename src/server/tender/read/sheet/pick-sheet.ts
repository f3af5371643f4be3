// Which worksheet of a workbook is the LV: the one with a recognised header naming the most
// fields, else the one with the most rows starting with an ordinal number. Hidden sheets only
// when no visible one qualifies; a user's mapping names the sheet itself.

import { findHeader, type HeaderMatch } from "./find-header";
import type { SheetGrid } from "./grid";
import { cleanOz } from "./oz";

/** Rows looked at to count ordinal numbers. */
const SAMPLE_ROWS = 500;

export interface PickedSheet {
  grid: SheetGrid;
  header: HeaderMatch | null;
}

/** Rows whose OZ column (the header's, else the first filled cell) holds an ordinal number. */
function ozRows(grid: SheetGrid, header: HeaderMatch | null): number {
  let count = 0;
  for (const row of grid.rows.slice(0, SAMPLE_ROWS)) {
    const cell = header ? row.cells[header.mapping.columns.oz] : row.cells.find((c) => c.text);
    if (cell && cleanOz(cell.text)) count++;
  }
  return count;
}

export function pickSheet(sheets: SheetGrid[], hidden: ReadonlySet<string> = new Set()): PickedSheet | null {
  let best: (PickedSheet & { score: number }) | null = null;
  for (const grid of sheets) {
    if (grid.rows.length === 0) continue;
    const header = findHeader(grid);
    const score = (header ? 1_000_000 + header.score * 10_000 : 0) + ozRows(grid, header) - (hidden.has(grid.name) ? 500_000 : 0);
    if (!best || score > best.score) best = { grid, header, score };
  }
  return best && { grid: best.grid, header: best.header };
}
