// Writes the 27-item Rohbau LV (src/server/tender/fixtures/rohbau-27.x83, prices from
// rohbau-27-preise.x84) as GAEB 90 and GAEB 2000 files, the way DOS- and Windows-era AVA programs
// exported them, for the legacy reader tests:
//   rohbau-27.d83        GAEB 90, code page 850, CR LF after every 80-character record
//   rohbau-27-cp437.d83  GAEB 90, code page 437, records without line breaks
//   rohbau-27-ansi.d83   GAEB 90, Windows-1252
//   rohbau-27.d84        GAEB 90 with prices (record 23: unit price, total after the OZ)
//   rohbau-27.p83        GAEB 2000, Windows-1252, some long texts as RTF
//   rohbau-27.p84        GAEB 2000 with unit prices and totals
//   rohbau-27-preise.p84 GAEB 2000 with prices only (OZ, unit price, total), as a bidder returns them
// Run: npx tsx scripts/write-legacy-gaeb-fixtures.ts
import { readFileSync, writeFileSync } from "node:fs";
import { readGaebXml } from "../src/server/tender/read/gaeb-xml/reader";
import { mergePrices } from "../src/server/tender/read/merge-prices";
import type { BoqNode } from "../src/server/tender/types";

const dir = new URL("../src/server/tender/fixtures/", import.meta.url);
const x83 = readGaebXml(readFileSync(new URL("rohbau-27.x83", dir)));
const priced = mergePrices(x83, readGaebXml(readFileSync(new URL("rohbau-27-preise.x84", dir))), "rohbau-27.x83");

// Bidder gaps are dotted lines in the old formats (they have no text complements).
const plain = (s: string) => s.replace(/\[Bieterangabe: …\]/g, ".".repeat(30));

const CP850 =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0";
const CP437 =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00A0";
const CP1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009Dž\u009F";

function encode(text: string, page: "cp850" | "cp437" | "windows-1252"): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (page === "windows-1252") {
      const c1 = CP1252_C1.indexOf(ch);
      bytes.push(c1 >= 0 ? 0x80 + c1 : code <= 0xff ? code : 0x3f);
    } else {
      const i = (page === "cp850" ? CP850 : CP437).indexOf(ch);
      bytes.push(i >= 0 ? 0x80 + i : 0x3f);
    }
  }
  return Buffer.from(bytes);
}

/** Words wrapped to lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return lines;
}

const items = (nodes: BoqNode[]) => nodes.filter((n) => n.kind === "item");
const segments = (oz: string) => oz.split(".");

function gaeb90(phase: 83 | 84): string {
  const lv = phase === 84 ? priced : x83;
  const records: string[] = [];
  const rec = (type: string, data: string) =>
    records.push(`${type}${data}`.padEnd(74).slice(0, 74) + String(records.length + 1).padStart(6, "0"));
  rec("00", `${" ".repeat(8)}${phase}L${" ".repeat(49)}11PPPP00090`);
  rec("01", `${x83.boqName.slice(0, 40).padEnd(40)}16.03.26`);
  rec("02", x83.projectName);
  rec("08", "EUR   Euro");
  let open = "";
  for (const node of lv.positions) {
    if (node.kind === "title") {
      if (open) rec("31", open);
      rec("11", `${node.oz.padEnd(9)}N    Titel`);
      for (const line of wrap(node.shortText, 72)) rec("12", line);
      open = node.oz;
    } else if (node.kind === "item") {
      const [section, position] = segments(node.oz);
      const alt = node.flags.alternative;
      const first = alt ? (alt.serial === 0 ? "G" : "A") : "N";
      const second = node.flags.provisional === "WithoutTotal" ? "E" : "N";
      const third = node.flags.hourly ? "S" : "N";
      const base =
        alt && alt.serial > 0
          ? items(x83.positions).find((n) => n.flags.alternative?.group === alt.group && n.flags.alternative.serial === 0)
          : undefined;
      const reference = base ? segments(base.oz).join("") : "";
      const qty = node.qty === null ? " ".repeat(11) : String(Math.round(node.qty * 1000)).padStart(11, "0");
      rec("21", `${(section + position).padEnd(9)}${first}${second}${third}${reference.padEnd(9)}${qty}${node.unit.padEnd(4).slice(0, 4)}`);
      if (phase === 84 && node.unitPrice !== null && node.total !== null) {
        const up = String(Math.round(node.unitPrice * 1000)).padStart(11, "0");
        const it = String(Math.round(node.total * 100)).padStart(12, "0");
        rec("23", `${(section + position).padEnd(9)}${up}${it}`);
      }
      for (const line of wrap(node.shortText, 72)) rec("25", line);
      for (const line of wrap(plain(node.longText), 60)) rec("26", `   ${line}`);
    }
  }
  if (open) rec("31", open);
  rec("99", "");
  return records.join("\r\n") + "\r\n";
}

/** A minimal RTF document as Windows AVA programs write it: font table, then \par paragraphs. */
function rtf(text: string): string {
  const escaped = [...text]
    .map((ch) => {
      if (ch === "\\" || ch === "{" || ch === "}") return `\\${ch}`;
      const code = ch.codePointAt(0)!;
      if (code < 0x80) return ch;
      if (code <= 0xff) return `\\'${code.toString(16)}`;
      return `\\u${code}?`;
    })
    .join("")
    .replace(/\n/g, "\\par\r\n");
  return `{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}{\\colortbl;\\red0\\green0\\blue0;}\r\n\\pard\\plain\\f0\\fs20 ${escaped}\\par}`;
}

function gaeb2000(phase: 83 | 84, pricesOnly = false): string {
  const lv = phase === 84 ? priced : x83;
  const out: string[] = [];
  const put = (indent: number, s: string) => out.push(" ".repeat(indent) + s);
  const field = (indent: number, key: string, value: string) => put(indent, `[${key}]${value}[end]`);
  const decimal = (n: number, digits: number) => n.toFixed(digits).replace(".", ",");
  put(0, "#begin[GAEB]");
  put(1, "#begin[GAEBInfo]");
  field(2, "Version", "1.2");
  field(2, "Zeichensatz", "ANSI");
  put(1, "#end[GAEBInfo]");
  put(1, "#begin[PrjInfo]");
  field(2, "Name", "MFH Lindenweg 7");
  field(2, "Bez", lv.projectName);
  field(2, "Wae", "EUR");
  put(1, "#end[PrjInfo]");
  put(1, "#begin[Vergabe]");
  field(2, "DP", String(phase));
  put(2, "#begin[LV]");
  put(3, "#begin[LVInfo]");
  field(4, "Name", "Rohbauarbeiten");
  field(4, "Bez", lv.boqName);
  for (const [type, length] of [
    ["LVStufe", 2],
    ["Position", 4],
  ] as const) {
    put(4, "#begin[LVGlied]");
    field(5, "Typ", type);
    field(5, "Laenge", String(length));
    put(4, "#end[LVGlied]");
  }
  if (phase === 84) field(4, "Summe", decimal(lv.totals.total ?? 0, 2));
  put(3, "#end[LVInfo]");
  let open = false;
  let n = 0;
  for (const node of lv.positions) {
    if (node.kind === "title") {
      if (open) put(3, "#end[LVBereich]");
      put(3, "#begin[LVBereich]");
      field(4, "OZ", node.oz);
      if (!pricesOnly) field(4, "Bez", node.shortText);
      open = true;
    } else if (node.kind === "item") {
      n++;
      put(4, "#begin[Position]");
      field(5, "OZ", segments(node.oz).join(""));
      if (pricesOnly) {
        if (node.unitPrice !== null) field(5, "EP", decimal(node.unitPrice, 3));
        if (node.total !== null) field(5, "GB", decimal(node.total, 2));
        put(4, "#end[Position]");
        continue;
      }
      if (node.flags.lumpSum) field(5, "_GAEBXML_LumpSumItem", "Yes");
      if (node.flags.hourly) field(5, "_GAEBXML_HourIt", "Yes");
      if (node.flags.alternative) {
        field(5, "_GAEBXML_ALNGroupNo", node.flags.alternative.group);
        field(5, "_GAEBXML_ALNSerNo", String(node.flags.alternative.serial));
      }
      if (node.flags.provisional === "WithoutTotal") field(5, "Bedarf", "E");
      if (node.qty !== null) field(5, "Menge", decimal(node.qty, 3));
      field(5, "ME", node.unit);
      if (node.unitPrice !== null) field(5, "EP", decimal(node.unitPrice, 3));
      if (node.total !== null && !node.totalComputed) field(5, "GB", decimal(node.total, 2));
      put(5, "#begin[Beschreibung]");
      // Every third long text as RTF, the others as plain lines: both occur in the field.
      const long = plain(node.longText);
      field(6, "Langtext", n % 3 === 0 ? rtf(long) : long.replace(/\n/g, "\r\n      "));
      field(6, "Kurztext", node.shortText);
      put(5, "#end[Beschreibung]");
      put(4, "#end[Position]");
    }
  }
  if (open) put(3, "#end[LVBereich]");
  put(2, "#end[LV]");
  put(1, "#end[Vergabe]");
  put(0, "#end[GAEB]");
  return out.join("\r\n") + "\r\n";
}

const d83 = gaeb90(83);
writeFileSync(new URL("rohbau-27.d84", dir), encode(gaeb90(84), "cp850"));
writeFileSync(new URL("rohbau-27.d83", dir), encode(d83, "cp850"));
writeFileSync(new URL("rohbau-27-cp437.d83", dir), encode(d83.replace(/\r\n/g, ""), "cp437"));
writeFileSync(new URL("rohbau-27-ansi.d83", dir), encode(d83, "windows-1252"));
writeFileSync(new URL("rohbau-27.p83", dir), encode(gaeb2000(83), "windows-1252"));
writeFileSync(new URL("rohbau-27.p84", dir), encode(gaeb2000(84), "windows-1252"));
writeFileSync(new URL("rohbau-27-preise.p84", dir), encode(gaeb2000(84, true), "windows-1252"));
console.log(
  "written: rohbau-27.d83, rohbau-27.d84, rohbau-27-cp437.d83, rohbau-27-ansi.d83, rohbau-27.p83, rohbau-27.p84, rohbau-27-preise.p84",
);
