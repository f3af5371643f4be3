// Ordinal numbers (OZ) in a sheet column: "01.0010", "1.2.10", "01." for a title. Excel may hold
// an OZ as a number (1.001 for "01.0010"); then its number format says how it is displayed.

import type { SheetCell } from "./grid";
import { formatNumber, OZ_NUMBERS } from "./numbers";

/** Up to 7 segments of letters and digits, at least one digit. */
const OZ_PATTERN = /^(?=.*\d)[0-9A-Za-z]{1,6}(?:\.[0-9A-Za-z]{1,6}){0,6}$/;

/** The OZ in a cell's text – trimmed, a "Pos." prefix and a trailing dot removed – or "" when the
 *  text is no ordinal number ("Summe", "Titel 1", a sentence). */
export function cleanOz(text: string): string {
  const s = text
    .trim()
    .replace(/^(?:pos(?:ition)?|oz|nr)\.?\s*/i, "")
    .replace(/\s*\.\s*/g, ".")
    .replace(/\.+$/, "");
  return OZ_PATTERN.test(s) ? s : "";
}

export interface CellOz {
  oz: string;
  /** The cell holds the OZ as a number shown without a number format ("1.001"): leading or
   *  trailing zeros ("01.0010") may have been lost when it was typed into Excel. */
  numberWithoutFormat: boolean;
}

export function ozFromCell(cell: SheetCell): CellOz {
  if (cell.num === undefined) return { oz: cleanOz(cell.text), numberWithoutFormat: false };
  const shown = formatNumber(cell.num, cell.fmt, OZ_NUMBERS);
  return { oz: cleanOz(shown), numberWithoutFormat: !cell.fmt && !Number.isInteger(cell.num) };
}
