// Bytes → text for GAEB 90 and GAEB 2000 files. Neither format declares its character set
// reliably: GAEB 90 files come from DOS-era programs in code page 437 or 850 and from Windows
// programs in Windows-1252; GAEB 2000 says "ANSI" but is sometimes written in a DOS code page
// or UTF-8. We decode with every candidate and keep the one whose text reads like German.

import { isUtf8 } from "node:buffer";
import { decodeBytes, decodeWindows1252 } from "./decode";

/** "dos": code page 437 and 850 give the same text (they differ only in rarely used characters). */
export type LegacyEncoding = "utf-8" | "windows-1252" | "cp850" | "cp437" | "dos";

/** Upper halves (0x80–0xFF) of the IBM PC code pages. */
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀" +
  "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00A0";
const CP850_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀" +
  "ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0";

function decodeCodePage(bytes: Uint8Array, high: string): string {
  let out = "";
  // Chunked so that huge files do not build one giant argument list.
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes: string[] = [];
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      codes.push(b < 0x80 ? String.fromCharCode(b) : high[b - 0x80]);
    }
    out += codes.join("");
  }
  return out;
}

/** German letters: the strongest sign of the right code page. */
const GERMAN_LETTERS = /[äöüÄÖÜß]/g;
/** Other characters a German LV plausibly contains outside ASCII. */
const PLAUSIBLE = /[éèáàâêôûçÉ€§°²³µØø×±½¼¾·≤≥≈Ωπα\u00A0]/g;
/** Quotes and dashes belong between words; inside a word they are a wrongly decoded letter. */
const PUNCTUATION = /[„“”‚‘’–—…]/g;
const PUNCTUATION_IN_WORD = /[A-Za-z][„“”‚‘’–—…][A-Za-z]/g;
/** Characters that in a German LV almost always mean the wrong code page. */
const IMPLAUSIBLE =
  /[\u0080-\u009F\u2500-\u259FΓΣστΦΘδφε\u2320-\u2321\u207F\u2017\u00A4\u00A6\u00AF\u00B4\u00B8\u00A8\u00B9ıðÐþÞýÝÓÔÒÕõÚÛÙ¥₧⌐¢]/g;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

function score(text: string): number {
  const inWord = count(text, PUNCTUATION_IN_WORD);
  return (
    2 * count(text, GERMAN_LETTERS) +
    count(text, PLAUSIBLE) +
    (count(text, PUNCTUATION) - inWord) -
    3 * inWord -
    3 * count(text, IMPLAUSIBLE)
  );
}

/** Each byte ≥ 0x80 with its neighbours, blank-separated: enough context to judge, a fraction of the file. */
function highByteContext(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    out.push(i > 0 ? bytes[i - 1] : 0x20, bytes[i], i + 1 < bytes.length ? bytes[i + 1] : 0x20, 0x20);
  }
  return Uint8Array.from(out);
}

/**
 * Decodes a GAEB 90/2000 file. UTF-8 (with multi-byte characters) and UTF-16 with a BOM are
 * taken as such; otherwise the single-byte code page whose text scores best wins, Windows-1252
 * before CP850 before CP437 on a tie. `declared` ("ANSI", "OEM", "ASCII", "IBM-PC") breaks ties.
 */
export function decodeLegacyText(bytes: Uint8Array, declared = ""): { text: string; encoding: LegacyEncoding | "utf-16" } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { text: decodeBytes(bytes).text, encoding: "utf-16" };
  }
  const highBytes = bytes.some((b) => b >= 0x80);
  if (!highBytes) return { text: Buffer.from(bytes).toString("latin1"), encoding: "windows-1252" };
  if (isUtf8(bytes))
    return {
      text: Buffer.from(bytes)
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
      encoding: "utf-8",
    };

  const dosFirst = /oem|ascii|ibm|dos|437|850/i.test(declared);
  const decoders: Record<"windows-1252" | "cp850" | "cp437", (b: Uint8Array) => string> = {
    "windows-1252": decodeWindows1252,
    cp850: (b) => decodeCodePage(b, CP850_HIGH),
    cp437: (b) => decodeCodePage(b, CP437_HIGH),
  };
  const order: ("windows-1252" | "cp850" | "cp437")[] = dosFirst ? ["cp850", "cp437", "windows-1252"] : ["windows-1252", "cp850", "cp437"];
  // Only bytes ≥ 0x80 differ between the code pages, so only they (with their neighbours) are decoded to choose.
  const high = highByteContext(bytes);
  const samples = order.map((encoding) => ({ encoding, text: decoders[encoding](high) }));
  let best = samples[0];
  let bestScore = score(best.text);
  for (const c of samples.slice(1)) {
    const s = score(c.text);
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  const text = decoders[best.encoding](bytes);
  if (best.encoding === "cp850" || best.encoding === "cp437") {
    const other = samples.find((c) => c.encoding !== best.encoding && c.encoding !== "windows-1252")!;
    if (other.text === best.text) return { text, encoding: "dos" };
  }
  return { text, encoding: best.encoding };
}

export const ENCODING_LABELS: Record<LegacyEncoding | "utf-16", string> = {
  "utf-8": "UTF-8",
  "utf-16": "UTF-16",
  "windows-1252": "Windows-1252 (ANSI)",
  cp850: "DOS-Codepage 850",
  cp437: "DOS-Codepage 437",
  dos: "DOS-Codepage 437/850",
};
