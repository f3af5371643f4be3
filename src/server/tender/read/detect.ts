// Which kind of tender file is this? Decided by content first; the file extension only breaks
// ties, because customers rename files and AVA programs use inconsistent extensions.

import { decodeBytes } from "./decode";
import type { TenderFormat } from "../types";

const HEAD_BYTES = 4096;
const GAEB90_RECORD_LENGTH = 80;

/** The first few KB as text (BOM and encoding handled), for sniffing. */
function headText(bytes: Uint8Array): string {
  return decodeBytes(bytes.subarray(0, HEAD_BYTES)).text.replace(/^\uFEFF/, "");
}

export function looksLikeGaeb2000(head: string): boolean {
  return /#begin\[/i.test(head);
}

/**
 * GAEB 90: fixed 80-character records whose first two characters are the record type; the first
 * record is type "00", or "T0" where free text (Baubeschreibung, program notes "70") comes first.
 * Records are usually separated by line breaks, sometimes not at all.
 */
export function looksLikeGaeb90(head: string, fileName = ""): boolean {
  const trimmed = head.replace(/^\s+/, "");
  const lines = /[\r\n]/.test(trimmed) ? trimmed.split(/\r?\n|\r/) : (trimmed.match(new RegExp(`.{1,${GAEB90_RECORD_LENGTH}}`, "g")) ?? []);
  // Only the first records count: HEAD_BYTES holds far more than 10, so none of them is cut off.
  const records = lines
    .map((l) => l.trimEnd())
    .filter((l) => l.length > 0)
    .slice(0, 10);
  if (records.length < 2) return false;
  const wellFormed = records.every((r) => /^(?:\d\d|T\d)/.test(r) && r.length <= GAEB90_RECORD_LENGTH);
  // Free text first: every record ends in its 6-digit record number, as GAEB 90 records do.
  const firstIsHeader =
    records[0].startsWith("00") ||
    (records[0].startsWith("T0") && records.every((r) => r.length === GAEB90_RECORD_LENGTH && /\d{6}$/.test(r)));
  return wellFormed && (firstIsHeader || /\.d8\d$/i.test(fileName));
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: old .xls, but also password-protected .xlsx (an encrypted OOXML package). */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const OTHER_ZIP_FORMATS = /^(docx|docm|dotx|pptx|ppsx|odt|ods|odp|zip|jar|epub)$/;
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Plain text whose first lines split into the same number (≥ 3) of fields by ; tab or , */
export function looksLikeCsv(head: string): boolean {
  const lines = head
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 8);
  if (lines.length < 2) return false;
  return [";", "\t", ","].some((sep) => {
    const counts = lines.map((l) => l.split(sep).length);
    return counts[0] >= 3 && counts.filter((c) => c === counts[0]).length >= Math.ceil(lines.length * 0.75);
  });
}

export function detectTenderFormat(buffer: Uint8Array, fileName: string): TenderFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1].toLowerCase() ?? "";
  // Word, PowerPoint, OpenDocument and plain archives are zip containers too.
  if (startsWith(buffer, ZIP_MAGIC)) return OTHER_ZIP_FORMATS.test(ext) ? "unknown" : "xlsx";
  if (startsWith(buffer, OLE_MAGIC)) return ext === "xls" ? "xls" : "xlsx";
  const head = headText(buffer);
  if (head.slice(0, 1024).includes("%PDF-")) return "pdf";
  if (head.trimStart().startsWith("<")) return "gaeb-xml";
  if (looksLikeGaeb2000(head)) return "gaeb-2000";
  if (looksLikeGaeb90(head, fileName)) return "gaeb-90";
  if (/^x8\d$/.test(ext) || ext === "xml") return "gaeb-xml";
  if (/^d8\d$/.test(ext)) return "gaeb-90";
  if (/^p8\d$/.test(ext)) return "gaeb-2000";
  if (ext === "pdf") return "pdf";
  if (ext === "csv" || ext === "tsv" || ext === "txt" || looksLikeCsv(head)) return "csv";
  return "unknown";
}
