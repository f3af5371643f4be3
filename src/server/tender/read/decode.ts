// Bytes → text. GAEB DA XML is UTF-8 by specification, but files in the field are also
// Windows-1252 (declared, or mislabelled as UTF-8 by older AVA programs) and rarely UTF-16.

import { isUtf8 } from "node:buffer";

export interface DecodedText {
  text: string;
  encoding: string;
  /** Declared or assumed UTF-8, but the bytes were not valid UTF-8 (read as Windows-1252). */
  mislabelled: boolean;
}

/** Windows-1252 characters 0x80–0x9F. Node 20's TextDecoder("windows-1252") decodes these bytes
 *  as Latin-1 control characters (U+0080–U+009F) instead, so € „ “ – … would be lost. */
const CP1252_C1 =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";

export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252").decode(bytes).replace(/[\u0080-\u009F]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]);
}

/** The encoding pseudo-attribute of an XML declaration at the start of the bytes, lower-cased. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = decodeWindows1252(bytes.subarray(0, 200));
  const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return m ? m[1].toLowerCase() : null;
}

function labelIsKnown(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** Length of an incomplete UTF-8 sequence at the end of the bytes (0 if none). */
function incompleteTailLength(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  while (lead >= 0 && bytes.length - lead < 4 && (bytes[lead] & 0xc0) === 0x80) lead--;
  if (lead < 0 || bytes[lead] < 0xc0) return 0;
  const needed = bytes[lead] >= 0xf0 ? 4 : bytes[lead] >= 0xe0 ? 3 : 2;
  const present = bytes.length - lead;
  return present < needed ? present : 0;
}

export function decodeBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le", mislabelled: false };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be", mislabelled: false };
  }
  const declared = declaredEncoding(bytes);
  // A declaration we could read as ASCII cannot be UTF-16, so such a label is wrong and ignored.
  if (declared && declared !== "utf-8" && declared !== "utf8" && !declared.startsWith("utf-16")) {
    if (labelIsKnown(declared)) {
      const decoder = new TextDecoder(declared);
      // WHATWG maps ISO-8859-1, Latin-1 and ASCII labels to Windows-1252 too.
      const text = decoder.encoding === "windows-1252" ? decodeWindows1252(bytes) : decoder.decode(bytes);
      return { text, encoding: decoder.encoding, mislabelled: false };
    }
  }
  // A multi-byte sequence cut off at the very end is a truncated upload, reported by the XML
  // parser – not a reason to read the whole file as Windows-1252.
  const body = bytes.subarray(0, bytes.length - incompleteTailLength(bytes));
  if (isUtf8(body)) {
    const text = Buffer.from(body.buffer, body.byteOffset, body.length).toString("utf8");
    return { text, encoding: "utf-8", mislabelled: false };
  }
  return { text: decodeWindows1252(bytes), encoding: "windows-1252", mislabelled: true };
}
