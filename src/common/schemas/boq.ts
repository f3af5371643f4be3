// Shared between server and client: how a user tells the reader which spreadsheet column holds
// what, when the header row of an Excel/CSV LV is not recognised (or was recognised wrongly).
import { z } from "zod";

const columnIndex = z.number().int().min(0).max(4999);
const optionalColumn = columnIndex.nullable().optional();

export const columnMappingSchema = z.object({
  /** Worksheet name (XLSX). Omitted for CSV and single-sheet workbooks; without it the reader
   *  uses the sheet it picks as the LV – the one `SheetPreview.sheet` shows. */
  sheet: z.string().max(200).optional(),
  /** 0-based row index of the header row (Excel row number − 1, CSV record number − 1; empty rows
   *  count, as in `SheetPreview.rows`); the data starts in the row after it. null: no header, data
   *  from row 0. */
  headerRow: z.number().int().min(0).max(49_999).nullable(),
  columns: z.object({
    oz: columnIndex,
    shortText: columnIndex,
    longText: optionalColumn,
    qty: optionalColumn,
    unit: optionalColumn,
    unitPrice: optionalColumn,
    total: optionalColumn,
  }),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;
export type MappedField = keyof ColumnMapping["columns"];

/** German names of the fields a column can be mapped to, in the order the dialog shows them. */
export const MAPPED_FIELD_LABELS: Record<MappedField, string> = {
  oz: "Ordnungszahl (OZ)",
  shortText: "Kurztext",
  longText: "Langtext",
  qty: "Menge",
  unit: "Einheit",
  unitPrice: "Einheitspreis",
  total: "Gesamtpreis",
};

/** The first rows of a sheet, so the user can pick the columns (cells as displayed text). */
export const sheetPreviewSchema = z.object({
  /** All worksheet names (XLSX); one entry for CSV. */
  sheets: z.array(z.string()),
  /** The sheet the rows are from. */
  sheet: z.string(),
  /** Rows 0–19 of the sheet × up to 30 columns (an empty row is []), each cell as displayed and
   *  cut to 80 characters; the index in this array is the row index `headerRow` refers to. */
  rows: z.array(z.array(z.string())),
  /** The mapping the reader guessed, if any (the dialog starts from it). */
  guess: columnMappingSchema.nullable(),
});
export type SheetPreview = z.infer<typeof sheetPreviewSchema>;
