// Builders for the sheet reader's tests (not used by production code): grids from string rows, a
// tiny zip writer (also for hostile zips whose headers lie), a minimal .xlsx with inline strings
// for large generated sheets, and a deflate stream of many zeros built without inflating memory.

import { constants, crc32, deflateRawSync } from "node:zlib";
import type { SheetGrid } from "./grid";

/** A grid from rows of cell texts ("" = empty); row i has index i. */
export function gridOf(rows: string[][], options: { name?: string; decimalComma?: boolean } = {}): SheetGrid {
  return {
    name: options.name ?? "Tabelle1",
    rows: rows.map((cells, index) => ({ index, cells: cells.map((text) => ({ text })) })).filter((r) => r.cells.some((c) => c.text)),
    warnings: [],
    decimalComma: options.decimalComma ?? true,
  };
}

export interface ZipEntrySpec {
  name: string;
  /** Stored deflated. */
  data?: Buffer | string;
  /** Already raw-deflated data with its real size and CRC. */
  deflated?: { data: Buffer; size: number; crc: number };
  /** Uncompressed size written into the headers instead of the real one (a lying zip). */
  declaredSize?: number;
}

/** A zip file (deflate, no zip64) from the entries. */
export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    let compressed: Buffer;
    let size: number;
    let crc: number;
    if (entry.deflated) {
      ({ data: compressed, size, crc } = entry.deflated);
    } else {
      const raw = typeof entry.data === "string" || entry.data === undefined ? Buffer.from(entry.data ?? "", "utf8") : entry.data;
      compressed = deflateRawSync(raw);
      size = raw.length;
      crc = crc32(raw);
    }
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Raw deflate data of `megabytes` MB of zeros, about 1 KB per MB: one fully flushed block of 1 MB
 * of zeros repeated (a full flush makes each block independent), then an empty final block.
 */
export function deflatedZeros(megabytes: number): { data: Buffer; size: number; crc: number } {
  const chunk = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(chunk, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(chunk, crc);
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))]);
  return { data, size: megabytes * chunk.length, crc };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="LV" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const columnName = (i: number) => (i < 26 ? "" : String.fromCharCode(64 + Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));

/** The parts of a minimal one-sheet workbook ("LV"); strings inline, numbers as numbers. */
export function minimalXlsxEntries(rows: (string | number | null)[][], sheetXml?: string): ZipEntrySpec[] {
  const body =
    sheetXml ??
    rows
      .map((cells, r) => {
        const xml = cells
          .map((value, c) => {
            const ref = `${columnName(c)}${r + 1}`;
            if (value === null || value === "") return "";
            if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
            return `<c r="${ref}" t="inlineStr"><is><t>${xmlEscape(value)}</t></is></c>`;
          })
          .join("");
        return `<row r="${r + 1}">${xml}</row>`;
      })
      .join("");
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
  return [
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: ROOT_RELS },
    { name: "xl/workbook.xml", data: WORKBOOK },
    { name: "xl/_rels/workbook.xml.rels", data: WORKBOOK_RELS },
    { name: "xl/worksheets/sheet1.xml", data: sheet },
  ];
}

export const minimalXlsx = (rows: (string | number | null)[][]) => buildZip(minimalXlsxEntries(rows));
