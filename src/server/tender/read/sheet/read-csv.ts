// CSV LVs → one grid of texts. Decoded as UTF-8 (with or without BOM) or Windows-1252, the
// delimiter (; , or tab) detected from the first lines outside quotes, parsed with csv-parse.
// Rows and columns beyond the caps are not read; the work stays linear in the file size.

import { parse } from "csv-parse/sync";
import { decodeBytes } from "../decode";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";
import {
  assertRowCount,
  cleanCellText,
  columnCapWarning,
  EMPTY_CELL,
  FAR_BEYOND_FACTOR,
  rowCapWarning,
  type SheetBook,
  type SheetCell,
  type SheetRow,
} from "./grid";

export type Delimiter = ";" | "," | "\t";
const DELIMITERS: Delimiter[] = [";", "\t", ","];
/** Characters of the file looked at to find the delimiter. */
const SNIFF_CHARS = 64 * 1024;
const SNIFF_LINES = 30;
/** No sane record (one LV row) is longer; a longer one is a broken quote swallowing the file. */
const MAX_RECORD_CHARS = 1_000_000;

/**
 * The delimiter that splits the first lines most consistently: for each candidate the most
 * common non-zero number of delimiters per line (outside quotes), and in how many lines it
 * occurs. Lines above the table (title, project) with fewer fields do not disturb this. Ties go
 * to ";" (German Excel), then tab, then ",".
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<Delimiter, number[]>(DELIMITERS.map((d) => [d, []]));
  const current = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  let lines = 0;
  let lineHasContent = false;
  const end = Math.min(text.length, SNIFF_CHARS);
  const endLine = () => {
    if (lineHasContent) {
      for (const d of DELIMITERS) counts.get(d)!.push(current.get(d)!);
      lines++;
    }
    for (const d of DELIMITERS) current.set(d, 0);
    lineHasContent = false;
  };
  for (let i = 0; i < end && lines < SNIFF_LINES; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (c === "\n" || c === "\r") endLine();
    else if (c === ";" || c === "," || c === "\t") current.set(c, current.get(c)! + 1);
    if (c !== "\n" && c !== "\r" && c.trim()) lineHasContent = true;
  }
  if (lines < SNIFF_LINES) endLine();

  let best: Delimiter = ";";
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const n of counts.get(d)!) if (n > 0) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    let score = 0;
    for (const [n, times] of frequency) score = Math.max(score, times * 1000 + n);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** csv-parse's error codes (CsvError.code). */
const errorCode = (err: unknown) => (err && typeof err === "object" && "code" in err ? String(err.code) : "");

export function readCsv(bytes: Uint8Array, fileName: string, limits: ReadLimits): SheetBook {
  const text = decodeBytes(bytes).text.replace(/^\uFEFF/, "");
  const name = fileName.replace(/^.*[\\/]/, "") || "CSV";
  if (!text.trim()) throw new GaebError("sheet_empty", "csv without content");
  const delimiter = detectDelimiter(text);
  const maxRecords = limits.maxSheetRows * FAR_BEYOND_FACTOR + 1;
  const warnings: string[] = [];
  let widest = 0;
  const parseRecords = (quote: boolean): string[][] => {
    widest = 0;
    return parse(text, {
      delimiter,
      quote: quote ? '"' : false,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      to: maxRecords,
      max_record_size: MAX_RECORD_CHARS,
      // Columns beyond the cap are dropped as each record is read.
      on_record: (record: string[]) => {
        if (record.length <= limits.maxSheetColumns) return record;
        widest = Math.max(widest, record.length);
        return record.slice(0, limits.maxSheetColumns);
      },
    });
  };
  let records: string[][];
  try {
    records = parseRecords(true);
  } catch (err) {
    // An opening quote that is never closed swallows the rest of the file: read the lines as
    // they are instead, and say so.
    try {
      records = parseRecords(false);
    } catch (again) {
      const message = again instanceof Error ? again.message : String(again);
      if (errorCode(again) === "CSV_MAX_RECORD_SIZE")
        throw new GaebError("too_large", `csv: ${message}`, "eine Zeile mit mehr als 1 Mio. Zeichen");
      throw new GaebError("sheet_unreadable", `csv: ${message}`, "CSV-Datei");
    }
    warnings.push(
      `Die CSV-Datei enthält ein Anführungszeichen, das nicht geschlossen wird (${errorCode(err) || "Fehler beim Lesen"}); die Zeilen wurden ohne Auswertung der Anführungszeichen gelesen. Zeilenumbrüche innerhalb von Texten können dadurch falsch getrennt sein.`,
    );
  }

  assertRowCount(records.length, limits.maxSheetRows, name, records.length >= maxRecords);
  if (records.length > limits.maxSheetRows) {
    warnings.push(rowCapWarning(name, records.length, limits.maxSheetRows));
    records = records.slice(0, limits.maxSheetRows);
  }
  if (widest > 0) warnings.push(columnCapWarning(name, widest, limits.maxSheetColumns));

  const rows: SheetRow[] = [];
  records.forEach((record, index) => {
    const cells: SheetCell[] = record.map((raw) => {
      const cellText = cleanCellText(raw);
      return cellText ? { text: cellText } : EMPTY_CELL;
    });
    while (cells.length > 0 && !cells[cells.length - 1].text) cells.pop();
    if (cells.length > 0) rows.push({ index, cells });
  });
  // A comma-separated file rarely writes decimal commas (they would need quotes).
  return { sheets: [{ name, rows, warnings, decimalComma: delimiter !== "," }] };
}
