// The first rows of a sheet as the column-mapping dialog shows them.

import type { ColumnMapping, SheetPreview } from "../../../../common/schemas/boq";
import type { SheetGrid } from "./grid";
import { PREVIEW_COLUMNS } from "./guess-columns";

export const PREVIEW_ROWS = 20;
export const PREVIEW_CELL_CHARS = 80;

const cut = (text: string) => {
  const line = text.replace(/\n/g, " ");
  return line.length > PREVIEW_CELL_CHARS ? `${line.slice(0, PREVIEW_CELL_CHARS - 1)}…` : line;
};

/** Rows 0–19 of the sheet (empty ones as []), 30 columns, cells cut to 80 characters. */
export function buildPreview(sheetNames: string[], grid: SheetGrid, guess: ColumnMapping | null): SheetPreview {
  const top = grid.rows.filter((r) => r.index < PREVIEW_ROWS);
  const rows: string[][] = Array.from({ length: top.length ? top[top.length - 1].index + 1 : 0 }, () => []);
  for (const row of top) rows[row.index] = row.cells.slice(0, PREVIEW_COLUMNS).map((c) => cut(c.text));
  return { sheets: sheetNames, sheet: grid.name, rows, guess };
}
