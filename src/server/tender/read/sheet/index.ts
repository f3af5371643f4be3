// Excel (.xlsx) and CSV LVs: read the sheet into rows of texts, find the header row (or use the
// user's column mapping), turn the rows into positions. Without a recognisable header the reader
// stops with sheet_no_header and the first rows plus a guessed mapping, from which the user picks
// the columns; the file is then read again with that mapping.

import type { ColumnMapping, SheetPreview } from "../../../../common/schemas/boq";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";
import { computeTotals } from "../../totals";
import type { ParsedTender } from "../../types";
import type { SheetBook, SheetGrid } from "./grid";
import { guessColumns } from "./guess-columns";
import { pickSheet } from "./pick-sheet";
import { buildPreview } from "./preview";
import { readCsv } from "./read-csv";
import { readXlsx } from "./read-xlsx";
import { rowsToPositions } from "./rows-to-positions";
import { readTitleBlock } from "./title-block";

export interface SheetReadOptions {
  mapping: ColumnMapping | null;
  limits: ReadLimits;
}

export type ParsedSheet = ParsedTender & { sheetPreview?: SheetPreview; mapping?: ColumnMapping };

/** Sheets whose text is the LV's preliminary remarks. */
const PREAMBLE_SHEET = /vorbem|vorwort|allgemeine|hinweise|baubeschreibung|vertragsbedingungen/i;
const MAX_PREAMBLE_CHARS = 100_000;

function preambleFrom(book: SheetBook, lv: SheetGrid): string | undefined {
  const parts: string[] = [];
  let length = 0;
  for (const grid of book.sheets) {
    if (grid === lv || !PREAMBLE_SHEET.test(grid.name)) continue;
    for (const row of grid.rows) {
      const line = row.cells
        .map((c) => c.text)
        .filter(Boolean)
        .join(" ");
      parts.push(line);
      length += line.length + 1;
      if (length > MAX_PREAMBLE_CHARS) return parts.join("\n").slice(0, MAX_PREAMBLE_CHARS);
    }
  }
  return parts.length ? parts.join("\n") : undefined;
}

function withPreview(error: GaebError, preview: SheetPreview): GaebError {
  error.preview = preview;
  return error;
}

/**
 * Reads an Excel or CSV LV. Throws GaebError: sheet_unreadable, sheet_encrypted, sheet_empty,
 * too_large, and sheet_no_header (with `preview`) when no header is found and no mapping given.
 */
export async function readTenderSheet(
  buffer: Uint8Array,
  fileName: string,
  format: "xlsx" | "csv",
  options: SheetReadOptions,
): Promise<ParsedSheet> {
  const { mapping, limits } = options;
  const book = format === "xlsx" ? await readXlsx(buffer, limits) : readCsv(buffer, fileName, limits);
  const names = book.sheets.map((s) => s.name);
  const picked = pickSheet(book.sheets, book.hidden);
  if (!picked) throw new GaebError("sheet_empty", "no sheet with content");

  let grid = picked.grid;
  let used: ColumnMapping;
  if (mapping) {
    const named = mapping.sheet === undefined ? grid : book.sheets.find((s) => s.name === mapping.sheet);
    if (!named) {
      const error = new GaebError("sheet_no_header", `sheet ${mapping.sheet} not found`, `kein Tabellenblatt „${mapping.sheet}“`);
      throw withPreview(error, buildPreview(names, grid, picked.header?.mapping ?? guessColumns(grid)));
    }
    grid = named;
    used = mapping;
  } else if (picked.header) {
    used = { ...(format === "xlsx" && names.length > 1 ? { sheet: grid.name } : {}), ...picked.header.mapping };
  } else {
    const guess = guessColumns(grid);
    const sheet = format === "xlsx" && names.length > 1 ? { sheet: grid.name } : {};
    throw withPreview(
      new GaebError("sheet_no_header", `no header in ${grid.name}`),
      buildPreview(names, grid, guess && { ...sheet, ...guess }),
    );
  }

  const preview = buildPreview(names, grid, used);
  const { positions, warnings, statedTotal } = rowsToPositions(grid, used, limits);
  if (!positions.some((p) => p.kind === "item")) {
    throw withPreview(new GaebError("sheet_empty", `no items in ${grid.name}`), preview);
  }
  const priced = positions.some((p) => p.kind === "item" && (p.unitPrice !== null || p.total !== null));
  const totals = computeTotals(positions, priced ? statedTotal : null);
  const allWarnings = [...grid.warnings, ...warnings];
  const beyond = Object.values(used.columns).filter((c): c is number => typeof c === "number" && c >= limits.maxSheetColumns);
  if (beyond.length > 0) {
    allWarnings.push(
      `Die Spaltenzuordnung nennt Spalte ${Math.min(...beyond) + 1}; gelesen werden nur die ersten ${limits.maxSheetColumns} Spalten, diese Spalte blieb leer.`,
    );
  }
  if (totals.stated !== null && totals.total !== null && Math.round(totals.stated * 100) !== Math.round(totals.total * 100)) {
    allWarnings.push(
      `Die Summe laut Tabelle (${totals.stated.toFixed(2)}) weicht von der Summe der Positionen (${totals.total.toFixed(2)}) ab.`,
    );
  }
  const title = readTitleBlock(grid, used.headerRow);
  const preamble = format === "xlsx" ? preambleFrom(book, grid) : undefined;
  return {
    format,
    version: null,
    phase: null,
    projectName: title.projectName,
    boqName: title.boqName,
    currency: "EUR",
    positions,
    totals,
    warnings: allWarnings,
    ...(preamble ? { preamble } : {}),
    sheetPreview: preview,
    mapping: used,
  };
}
