// Excel workbooks (.xlsx) → one grid of display texts per worksheet. The zip is checked first
// (xlsx-guard); exceljs then loads it. Formula cells give their cached result, merged cells their
// value once (in the top-left cell), dates are left out, rows and columns beyond the caps are not
// read.

import ExcelJS from "exceljs";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";
import {
  assertRowCount,
  cleanCellText,
  columnCapWarning,
  EMPTY_CELL,
  rowCapWarning,
  type SheetBook,
  type SheetCell,
  type SheetGrid,
  type SheetRow,
} from "./grid";
import { formatNumber, GERMAN_NUMBERS } from "./numbers";
import { checkXlsxContainer } from "./xlsx-guard";

/** Worksheet parts exceljs need not build for reading values. */
const IGNORED_NODES = [
  "dataValidations",
  "conditionalFormatting",
  "hyperlinks",
  "drawing",
  "picture",
  "legacyDrawing",
  "tableParts",
  "extLst",
  "rowBreaks",
  "colBreaks",
  "headerFooter",
  "printOptions",
  "pageMargins",
  "pageSetup",
  "sheetProtection",
  "autoFilter",
];

type Scalar = ExcelJS.CellValue;

function richText(value: ExcelJS.CellRichTextValue): string {
  return value.richText.map((run) => run.text ?? "").join("");
}

/** A cell value (or a formula's result) as a SheetCell; dates and empty values give EMPTY_CELL. */
function valueToCell(value: Scalar, numFmt: string | undefined): SheetCell {
  if (value === null || value === undefined) return EMPTY_CELL;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return EMPTY_CELL;
    const fmt = numFmt && numFmt !== "General" ? numFmt : undefined;
    return { text: formatNumber(value, fmt, GERMAN_NUMBERS), num: value, ...(fmt ? { fmt } : {}) };
  }
  if (typeof value === "string") {
    const text = cleanCellText(value);
    return text ? { text } : EMPTY_CELL;
  }
  if (typeof value === "boolean") return { text: value ? "WAHR" : "FALSCH" };
  if (value instanceof Date) return EMPTY_CELL;
  if ("richText" in value) return valueToCell(richText(value), undefined);
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as ExcelJS.CellFormulaValue | ExcelJS.CellSharedFormulaValue).result;
    if (result === undefined || result === null) return { text: "", formulaWithoutResult: true };
    return valueToCell(result as Scalar, numFmt);
  }
  if ("error" in value) return { text: String(value.error) };
  if ("hyperlink" in value) {
    const text = (value as ExcelJS.CellHyperlinkValue).text as unknown;
    if (typeof text === "string") return valueToCell(text, undefined);
    if (text && typeof text === "object" && "richText" in text) return valueToCell(richText(text as ExcelJS.CellRichTextValue), undefined);
    return EMPTY_CELL;
  }
  return EMPTY_CELL;
}

function toCell(cell: ExcelJS.Cell): SheetCell {
  // exceljs repeats a merged range's value in every cell of it; only the top-left one keeps it.
  if (cell.type === ExcelJS.ValueType.Merge) return EMPTY_CELL;
  if (cell.type === ExcelJS.ValueType.Formula) {
    // cell.value drops a cached result of 0 (exceljs copies only truthy fields); cell.result keeps it.
    const result = cell.result as Scalar | undefined;
    if (result === undefined || result === null) return { text: "", formulaWithoutResult: true };
    return valueToCell(result, cell.numFmt);
  }
  return valueToCell(cell.value, cell.numFmt);
}

function worksheetToGrid(sheet: ExcelJS.Worksheet, limits: ReadLimits): SheetGrid {
  const rows: SheetRow[] = [];
  const warnings: string[] = [];
  let widest = 0;
  let lastRow = 0;
  let nonEmptyRows = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (column > limits.maxSheetColumns) {
        if (cell.type !== ExcelJS.ValueType.Merge) widest = Math.max(widest, column);
        return;
      }
      const converted = toCell(cell);
      if (converted.text || converted.formulaWithoutResult) cells[column - 1] = converted;
    });
    if (!cells.some((c) => c?.text)) return;
    nonEmptyRows++;
    lastRow = rowNumber;
    if (rowNumber > limits.maxSheetRows) return;
    for (let i = 0; i < cells.length; i++) cells[i] ??= EMPTY_CELL;
    rows.push({ index: rowNumber - 1, cells });
  });
  assertRowCount(nonEmptyRows, limits.maxSheetRows, sheet.name);
  if (lastRow > limits.maxSheetRows) warnings.push(rowCapWarning(sheet.name, lastRow, limits.maxSheetRows));
  if (widest > 0) warnings.push(columnCapWarning(sheet.name, widest, limits.maxSheetColumns));
  return { name: sheet.name, rows, warnings, decimalComma: true };
}

export async function readXlsx(bytes: Uint8Array, limits: ReadLimits): Promise<SheetBook> {
  await checkXlsxContainer(bytes, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its input as an ArrayBuffer (JSZip reads one): the bytes' own when they
    // fill it, else a copy of just them.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const data: ExcelJS.Buffer = whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : bytes.slice().buffer;
    await workbook.xlsx.load(data, { ignoreNodes: IGNORED_NODES });
  } catch (err) {
    throw new GaebError("sheet_unreadable", `exceljs: ${err instanceof Error ? err.message : String(err)}`);
  }
  const sheets = workbook.worksheets.map((sheet) => worksheetToGrid(sheet, limits));
  const hidden = new Set(workbook.worksheets.filter((s) => s.state !== "visible").map((s) => s.name));
  return { sheets, hidden };
}
