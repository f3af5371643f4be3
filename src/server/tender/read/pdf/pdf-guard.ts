// Checks a PDF before PDF.js gets it: a few KB of Flate data can inflate to gigabytes (a
// decompression bomb), and PDF.js would inflate it in memory. Every "stream … endstream" is
// inflated here against the remaining byte budget (limits.maxDecodedBytes); zlib stops at the
// budget, so a bomb costs no more memory than that.
//
// Which streams: every one whose bytes are zlib data — the dictionary is not consulted. Reading
// the /Filter entry the way a PDF reader does (indirect references `/Filter 99 0 R`, name escapes
// `/F#6CateDecode`, dictionaries of any length) was walked around three ways (issue 22, item 5);
// the bytes themselves cannot lie about being zlib data. Filter chains are followed the same way:
// hex or ASCII85 text that decodes to zlib data, and inflated data that is zlib data again.

import { kMaxLength } from "node:buffer";
import { constants, inflateSync } from "node:zlib";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";

const STREAM = Buffer.from("stream");
const ENDSTREAM = Buffer.from("endstream");
/** Filter chains deeper than this are not followed (PDF.js would need them all to be zlib or text). */
const MAX_DEPTH = 4;

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024)).toLocaleString("de-DE")} MB`;

function tooLarge(limits: ReadLimits, detail: string): GaebError {
  return new GaebError("too_large", detail, `stark komprimierte Inhalte, entpackt mehr als ${megabytes(limits.maxDecodedBytes)}`);
}

/** A zlib header (RFC 1950): deflate with a window of at most 32 KB and a valid check value. */
export function isZlibHeader(data: Uint8Array, at = 0): boolean {
  if (data.length < at + 2) return false;
  const cmf = data[at];
  const flg = data[at + 1];
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (cmf * 256 + flg) % 31 === 0;
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** ASCIIHexDecode: hex digits, whitespace ignored, up to `>`; null when it is not hex text. */
function fromHex(data: Buffer): Buffer | null {
  const text = data.toString("latin1");
  const end = text.indexOf(">");
  const digits = (end >= 0 ? text.slice(0, end) : text).replace(/[\0\t\n\f\r ]+/g, "");
  if (digits.length < 4 || !/^[0-9A-Fa-f]+$/.test(digits)) return null;
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex");
}

/** The bytes of a stream once its text encodings are undone, if they turn out to be zlib data. */
function zlibPayload(data: Buffer): Buffer | null {
  let at = 0;
  while (at < 4 && WHITE.has(data[at])) at++;
  if (isZlibHeader(data, at)) return data.subarray(at);
  const hex = fromHex(data.subarray(0, 64));
  if (hex && isZlibHeader(hex)) return fromHex(data);
  const a85 = fromAscii85(data.subarray(0, 64));
  if (a85 && isZlibHeader(a85)) return fromAscii85(data);
  return null;
}

/** ASCII85Decode (with `z` and the `~>` end); null when it is not ASCII85 text. */
function fromAscii85(data: Buffer): Buffer | null {
  let text = data.toString("latin1").replace(/[\0\t\n\f\r ]+/g, "");
  if (text.startsWith("<~")) text = text.slice(2);
  const end = text.indexOf("~>");
  if (end >= 0) text = text.slice(0, end);
  const out = Buffer.alloc(Math.ceil(text.length / 5) * 4 + text.split("z").length * 4);
  let length = 0;
  let group = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7a && count === 0) {
      out.writeUInt32BE(0, length);
      length += 4;
      continue;
    }
    if (c < 33 || c > 117) return null;
    group = group * 85 + (c - 33);
    if (++count === 5) {
      out.writeUInt32BE(group >>> 0, length);
      length += 4;
      group = 0;
      count = 0;
    }
  }
  return out.subarray(0, length);
}

/**
 * Inflates every zlib stream of the PDF (and what its filter chain decodes to), counting the
 * bytes; throws GaebError("too_large") when they add up to more than limits.maxDecodedBytes.
 * Broken or encrypted streams are skipped (PDF.js will judge them); only the size counts here.
 * Returns the inflated bytes.
 */
export function checkPdfStreams(data: Uint8Array, limits: ReadLimits): number {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let left = limits.maxDecodedBytes;

  /** Inflates `payload` (and, when the result is zlib data again, that) against the budget. */
  const inflate = (payload: Buffer, depth: number) => {
    try {
      // One byte more than allowed tells an overrun; Z_SYNC_FLUSH also inflates truncated data (as
      // PDF.js would) instead of failing on it.
      const maxOutputLength = Math.min(left + 1, kMaxLength);
      const out = inflateSync(payload, { maxOutputLength, finishFlush: constants.Z_SYNC_FLUSH });
      left -= out.length;
      if (left >= 0 && depth < MAX_DEPTH) {
        const inner = zlibPayload(out);
        if (inner) inflate(inner, depth + 1);
      }
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") left = -1;
      // Anything else: a broken or encrypted stream – not ours to judge.
    }
  };

  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) break;
    // "endstream" also contains "stream": skip it.
    if (keyword >= 3 && bytes.toString("latin1", keyword - 3, keyword) === "end") {
      at = keyword + STREAM.length;
      continue;
    }
    let start = keyword + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = bytes.indexOf(ENDSTREAM, start);
    if (end < 0) break;
    at = end + ENDSTREAM.length;
    const payload = zlibPayload(bytes.subarray(start, end));
    if (payload) inflate(payload, 1);
    if (left < 0) throw tooLarge(limits, `pdf: streams inflate to more than ${limits.maxDecodedBytes} bytes (stream at byte ${keyword})`);
  }
  return limits.maxDecodedBytes - left;
}
