// Checks a PDF before PDF.js gets it: a few KB of Flate data can inflate to gigabytes (a
// decompression bomb), and PDF.js would inflate it in memory. Every "stream … endstream" whose
// dictionary names FlateDecode is inflated here against the remaining byte budget
// (limits.maxDecodedBytes); zlib stops at the budget, so a bomb costs no more memory than that.

import { kMaxLength } from "node:buffer";
import { constants, inflateSync } from "node:zlib";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";

const STREAM = Buffer.from("stream");
const ENDSTREAM = Buffer.from("endstream");
/** How far before "stream" its dictionary is searched for the filter. */
const DICT_WINDOW = 1024;

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024)).toLocaleString("de-DE")} MB`;

function tooLarge(limits: ReadLimits, detail: string): GaebError {
  return new GaebError("too_large", detail, `stark komprimierte Inhalte, entpackt mehr als ${megabytes(limits.maxDecodedBytes)}`);
}

/** Whether the dictionary in front of a stream (from its "N 0 obj") names FlateDecode. */
function isFlate(bytes: Buffer, streamAt: number): boolean {
  const dict = bytes.toString("latin1", Math.max(0, streamAt - DICT_WINDOW), streamAt);
  const objAt = dict.lastIndexOf("obj");
  return /\/(?:FlateDecode|Fl)(?![A-Za-z])/.test(objAt >= 0 ? dict.slice(objAt) : dict);
}

/**
 * Inflates every Flate stream of the PDF, counting the bytes; throws GaebError("too_large") when
 * they add up to more than limits.maxDecodedBytes. Broken or encrypted streams are skipped (PDF.js
 * will judge them); only the size counts here. Returns the inflated bytes.
 */
export function checkPdfStreams(data: Uint8Array, limits: ReadLimits): number {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let left = limits.maxDecodedBytes;
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
    if (!isFlate(bytes, keyword)) continue;
    try {
      // One byte more than allowed tells an overrun; Z_SYNC_FLUSH also inflates truncated data (as
      // PDF.js would) instead of failing on it.
      const maxOutputLength = Math.min(left + 1, kMaxLength);
      const out = inflateSync(bytes.subarray(start, end), { maxOutputLength, finishFlush: constants.Z_SYNC_FLUSH });
      left -= out.length;
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") left = -1;
      // Anything else: a broken or encrypted stream – not ours to judge.
    }
    if (left < 0)
      throw tooLarge(limits, `pdf: Flate streams inflate to more than ${limits.maxDecodedBytes} bytes (stream at byte ${keyword})`);
  }
  return limits.maxDecodedBytes - left;
}
