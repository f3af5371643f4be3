// Checks an .xlsx zip container before exceljs (JSZip) inflates it into memory: a password-
// protected workbook (an OLE2 container), a file that is no zip, too many entries, and
// decompression bombs – by the sizes the zip declares and by actually inflating every entry
// while counting bytes, so a zip that lies about its sizes cannot pass either.

import yauzl from "yauzl";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";
import { assertRowCount } from "./grid";

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Filled cells the row cap allows on average per row; beyond that exceljs' memory (≈ 1 KB per
 *  cell) is the limit, not the sheet. */
const CELLS_PER_ROW = 20;

export interface ZipSummary {
  entries: number;
  /** Inflated bytes of all entries. */
  decodedBytes: number;
  /** Row and cell elements per worksheet part (xl/worksheets/sheetN.xml). */
  worksheets: { path: string; rows: number; cells: number }[];
}

/** Counts "<row" and "<c" start tags (with or without a namespace prefix) in a stream of XML
 *  bytes, across chunk boundaries. */
class TagCounter {
  rows = 0;
  cells = 0;
  private tail = "";

  add(chunk: Buffer): void {
    // latin1 keeps one character per byte; only ASCII tag names matter here.
    const text = this.tail + chunk.toString("latin1");
    const re = /<(?:[A-Za-z_][\w.-]{0,15}:)?(row|c)[\s>/]/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      // A tag that lay wholly in the previous chunk's tail was counted with that chunk.
      if (m.index + m[0].length <= this.tail.length) continue;
      if (m[1] === "row") this.rows++;
      else this.cells++;
    }
    this.tail = text.slice(-24);
  }
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) reject(new GaebError("sheet_unreadable", `zip: ${err?.message ?? "no zip"}`));
      else resolve(zip);
    });
  });
}

function tooLarge(detail: string): GaebError {
  return new GaebError("too_large", detail, "stark komprimierte oder sehr umfangreiche Inhalte");
}

/** Inflates one entry, counting bytes against the budget (and tags for worksheets). */
function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }, counter: TagCounter | null): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(new GaebError("sheet_unreadable", `entry ${entry.fileName}: ${err?.message ?? "no stream"}`));
        return;
      }
      let bytes = 0;
      let settled = false;
      const fail = (error: GaebError) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        reject(error);
      };
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        budget.left -= chunk.length;
        if (budget.left < 0) fail(tooLarge(`inflated more than the byte limit at ${entry.fileName}`));
        else counter?.add(chunk);
      });
      // yauzl reports an entry that inflates to more or fewer bytes than it declares, and broken
      // deflate data.
      stream.on("error", (e: Error) => fail(new GaebError("sheet_unreadable", `entry ${entry.fileName}: ${e.message}`)));
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        resolve(bytes);
      });
    });
  });
}

/**
 * Throws GaebError (sheet_encrypted, sheet_unreadable, too_large) unless the bytes are a zip whose
 * entries all inflate within the limits; returns what it counted.
 */
export async function checkXlsxContainer(bytes: Uint8Array, limits: ReadLimits): Promise<ZipSummary> {
  if (startsWith(bytes, OLE_MAGIC)) throw new GaebError("sheet_encrypted", "OLE2 container given as xlsx");
  if (!startsWith(bytes, ZIP_MAGIC)) throw new GaebError("sheet_unreadable", "no zip signature");
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > limits.maxZipEntries) throw tooLarge(`${zip.entryCount} zip entries, limit ${limits.maxZipEntries}`);
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = [];
      let declared = 0;
      zip.on("entry", (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxDecodedBytes) {
          reject(tooLarge(`declared ${declared} bytes uncompressed, limit ${limits.maxDecodedBytes}`));
          return;
        }
        if (entry.isEncrypted()) {
          reject(new GaebError("sheet_encrypted", `encrypted zip entry ${entry.fileName}`));
          return;
        }
        list.push(entry);
        zip.readEntry();
      });
      zip.on("end", () => resolve(list));
      zip.on("error", (e: Error) => reject(new GaebError("sheet_unreadable", `zip: ${e.message}`)));
      zip.readEntry();
    });

    // exceljs also accepts entry names with a leading slash.
    const names = new Set(entries.map((e) => e.fileName.replace(/^\//, "")));
    if (!names.has("xl/workbook.xml")) {
      const ods = names.has("content.xml") && names.has("mimetype");
      throw new GaebError("sheet_unreadable", "no xl/workbook.xml", ods ? "OpenDocument-Tabelle (.ods)" : undefined);
    }

    const summary: ZipSummary = { entries: entries.length, decodedBytes: 0, worksheets: [] };
    const budget = { left: limits.maxDecodedBytes };
    const maxCells = limits.maxSheetRows * CELLS_PER_ROW;
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      const counter = /^\/?xl\/worksheets\/[^/]+\.xml$/i.test(entry.fileName) ? new TagCounter() : null;
      summary.decodedBytes += await inflateEntry(zip, entry, budget, counter);
      if (counter) {
        summary.worksheets.push({ path: entry.fileName, rows: counter.rows, cells: counter.cells });
        assertRowCount(counter.rows, limits.maxSheetRows, entry.fileName);
        if (counter.cells > maxCells) throw tooLarge(`${entry.fileName}: ${counter.cells} cells, limit ${maxCells}`);
      }
    }
    return summary;
  } finally {
    zip.close();
  }
}
