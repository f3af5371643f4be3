// A first guess at the columns of a sheet without a recognisable header, from the shapes of its
// values: ordinal numbers, texts, units, numbers. The user confirms or corrects it in the
// column-mapping dialog; the reader never reads a sheet with a guessed mapping on its own.

import type { ColumnMapping } from "../../../../common/schemas/boq";
import type { SheetGrid } from "./grid";
import { cleanOz } from "./oz";
import { isBlankMark, parseSheetNumber } from "./numbers";

/** Rows looked at for the guess. */
const GUESS_ROWS = 300;
/** The dialog shows this many columns; a guess beyond them could not be checked by the user. */
export const PREVIEW_COLUMNS = 30;

/** Units of measurement in German LVs. */
export const UNIT =
  /^(?:m|m1|lfm|lfdm|m2|m²|qm|m3|m³|cbm|st|stk|stck|stück|psch|pausch|pauschal|h|std|t|kg|g|l|ltr|wo|mwo|m2wo|stwo|tg|d|mon|mt|kw|kwh|satz|paar|pkt|ve|lage|stg|km|cm|mm|to|ha|a|%)\.?$/i;

interface ColumnShape {
  column: number;
  filled: number;
  oz: number;
  /** Cells with at least three letters that are no unit. */
  text: number;
  textChars: number;
  unit: number;
  numeric: number;
}

function shapes(grid: SheetGrid): ColumnShape[] {
  const result: ColumnShape[] = [];
  for (const row of grid.rows.slice(0, GUESS_ROWS)) {
    row.cells.slice(0, PREVIEW_COLUMNS).forEach((cell, column) => {
      if (!cell.text || isBlankMark(cell.text)) return;
      const s = (result[column] ??= { column, filled: 0, oz: 0, text: 0, textChars: 0, unit: 0, numeric: 0 });
      s.filled++;
      // An ordinal number has a dot or a leading zero ("01", "01.0010"); a quantity has neither.
      if (cleanOz(cell.text) && (/[.]/.test(cell.text) || /^0\d/.test(cell.text)) && !/,/.test(cell.text)) s.oz++;
      if (UNIT.test(cell.text)) s.unit++;
      else if ((cell.text.match(/\p{L}/gu)?.length ?? 0) >= 3) {
        s.text++;
        s.textChars += cell.text.length;
      }
      if (cell.num !== undefined || parseSheetNumber(cell.text, grid.decimalComma) !== null) s.numeric++;
    });
  }
  return result.filter(Boolean);
}

/** Guesses the mapping of a sheet without header, or null when no OZ and text column show. */
export function guessColumns(grid: SheetGrid): ColumnMapping | null {
  const columns = shapes(grid).filter((s) => s.filled >= 2);
  const oz = columns.find((s) => s.oz >= s.filled * 0.5);
  if (!oz) return null;
  const others = columns.filter((s) => s !== oz);
  const unit = others.filter((s) => s.unit >= s.filled * 0.6).sort((a, b) => b.unit - a.unit)[0];
  const texts = others
    .filter((s) => s !== unit && s.text >= s.filled * 0.5)
    .map((s) => ({ shape: s, average: s.textChars / s.text }))
    .sort((a, b) => b.average - a.average);
  if (texts.length === 0) return null;
  // The longest texts are the long text when a clearly shorter text column exists as well.
  const [longest, second] = texts;
  const split = second && longest.average >= second.average * 1.5;
  const shortText = split ? second.shape : longest.shape;
  const longText = split ? longest.shape : null;
  const used = new Set([oz, unit, shortText, longText]);
  // Numbers right of the OZ, left to right: quantity, unit price, total.
  const numeric = others
    .filter((s) => !used.has(s) && s.column > oz.column && s.numeric >= s.filled * 0.8)
    .sort((a, b) => a.column - b.column);
  return {
    headerRow: null,
    columns: {
      oz: oz.column,
      shortText: shortText.column,
      longText: longText?.column ?? null,
      qty: numeric[0]?.column ?? null,
      unit: unit?.column ?? null,
      unitPrice: numeric[1]?.column ?? null,
      total: numeric[2]?.column ?? null,
    },
  };
}
