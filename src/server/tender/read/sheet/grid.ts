// The common shape the Excel and CSV readers produce: rows of display texts (plus the number a
// cell holds, for Excel), with the sheet's 0-based row index kept so that a user's mapping and the
// warnings ("Zeile 14") refer to the rows as the user sees them in Excel.

import { GaebError } from "../../errors";

export interface SheetCell {
  /** The cell as displayed: trimmed, line breaks as "\n", "" when empty. */
  text: string;
  /** The number an Excel cell holds (also a formula's cached result); undefined for text cells and CSV. */
  num?: number;
  /** Excel number format of a numeric cell, unless "General". */
  fmt?: string;
  /** A formula whose result was not saved in the file (the file was never recalculated). */
  formulaWithoutResult?: boolean;
}

export interface SheetRow {
  /** 0-based row index in the sheet (Excel row number − 1, CSV record number − 1). */
  index: number;
  /** Cells by 0-based column; trailing empty cells are left out. */
  cells: SheetCell[];
}

export interface SheetGrid {
  name: string;
  /** Rows holding at least one non-empty cell, in sheet order. */
  rows: SheetRow[];
  /** German notes about what was cut off while reading this sheet (rows, columns). */
  warnings: string[];
  /** Whether numbers written as text more likely use a decimal comma (1.234,50) when the
   *  quantity and price columns themselves do not tell: CSV with ; or tab, and Excel. */
  decimalComma: boolean;
}

export interface SheetBook {
  /** All sheets in workbook order (one for CSV). */
  sheets: SheetGrid[];
  /** Names of hidden worksheets: read, but not preferred as the LV. */
  hidden?: ReadonlySet<string>;
}

export const EMPTY_CELL: SheetCell = Object.freeze({ text: "" });

export const cellAt = (row: SheetRow | undefined, column: number | null | undefined): SheetCell =>
  (row && column !== null && column !== undefined ? row.cells[column] : undefined) ?? EMPTY_CELL;

/** Trims, turns \r\n and \r into \n, non-breaking spaces into spaces, collapses runs of spaces
 *  within a line and drops empty lines. */
export function cleanCellText(raw: string): string {
  if (!/[\s\u00A0]/.test(raw)) return raw;
  return raw
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[\s\u00A0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** A sheet with more than this many times the row cap is refused instead of read in part. */
export const FAR_BEYOND_FACTOR = 2;

/**
 * Refuses (too_large) a sheet with far more rows than the cap; up to that, the first `maxRows`
 * rows are read and `rowCapWarning` says so. `countIsLowerBound`: counting stopped there.
 */
export function assertRowCount(rowCount: number, maxRows: number, sheetName: string, countIsLowerBound = false): void {
  if (rowCount <= maxRows * FAR_BEYOND_FACTOR) return;
  const found = `${countIsLowerBound ? "mehr als " : ""}${rowCount.toLocaleString("de-DE")} Zeilen, höchstens ${maxRows.toLocaleString("de-DE")} werden gelesen`;
  throw new GaebError("too_large", `sheet ${sheetName}: ${rowCount} rows, limit ${maxRows}`, found);
}

export function rowCapWarning(sheetName: string, lastRow: number, maxRows: number): string {
  return `Die Tabelle „${sheetName}“ reicht bis Zeile ${lastRow.toLocaleString("de-DE")}; gelesen wurden nur die ersten ${maxRows.toLocaleString("de-DE")} Zeilen. Positionen in den weiteren Zeilen fehlen.`;
}

export function columnCapWarning(sheetName: string, columnCount: number, maxColumns: number): string {
  return `Die Tabelle „${sheetName}“ hat ${columnCount.toLocaleString("de-DE")} Spalten; gelesen wurden nur die ersten ${maxColumns}. Inhalte weiter rechts wurden nicht berücksichtigt.`;
}
