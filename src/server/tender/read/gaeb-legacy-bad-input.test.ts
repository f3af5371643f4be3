// GAEB 90 and GAEB 2000 files as they arrive in the field: broken records, missing masks, RTF,
// foreign code pages, and files built to exhaust the reader.
import { describe, expect, it } from "vitest";
import { GaebError } from "../errors";
import { DEFAULT_LIMITS } from "../limits";
import { readGaeb2000 } from "./gaeb-2000/reader";
import { rtfToText } from "./gaeb-2000/rtf";
import { consistentPrices, readGaeb90 } from "./gaeb-90/reader";
import { decodeLegacyText } from "./legacy-charset";
import { itemOz, parseMaskString, sectionOz } from "./oz-mask";

const record = (type: string, data: string, n: number) => `${type}${data}`.padEnd(74) + String(n).padStart(6, "0");
const d83 = (...records: [string, string][]) => Buffer.from(records.map(([t, d], i) => record(t, d, i + 1)).join("\r\n"), "latin1");
const HEADER: [string, string] = ["00", `${" ".repeat(8)}83L${" ".repeat(49)}1122PPPPI90`];
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof GaebError) return err.code;
    throw err;
  }
  return null;
};

describe("GAEB 90 records that are broken", () => {
  it("names the line of a record that is not GAEB 90 and of a quantity that is not a number, and reads the rest", () => {
    const file = d83(
      ["00", `${" ".repeat(8)}83L${" ".repeat(49)}11PPPPI0090`],
      ["11", "01       N    Bereich"],
      ["12", "Erdarbeiten"],
      ["21", "010010   NNN         0000012X500m3  "],
      ["25", "Boden lösen"],
      ["XX", "kaputt"],
      ["21", "010020   NNN         00000012500m2  "],
      ["25", "Planum herstellen"],
      ["31", "01"],
    );
    const lv = readGaeb90(file);
    expect(lv.warnings).toEqual([
      "Zeile 4: Menge „0000012X500“ der Position 01.0010 ist keine Zahl.",
      "Zeile 6: Kein gültiger GAEB-90-Satz (Satzart „XX“) – übersprungen.",
    ]);
    expect(lv.positions.map((p) => [p.kind, p.oz, p.qty, p.unit, p.shortText])).toEqual([
      ["title", "01", null, "", "Erdarbeiten"],
      ["item", "01.0010", null, "m3", "Boden lösen"],
      ["item", "01.0020", 12.5, "m2", "Planum herstellen"],
    ]);
  });

  it("keeps free text before the header (T0–T9) as the preamble and stated totals from record 99", () => {
    const lv = readGaeb90(
      d83(
        ["T0", ""],
        ["T1", "0.1 Angaben zur Baustelle"],
        ["T1", "Vertragsstrafe 0,2 % je Werktag"],
        ["T9", ""],
        ["00", `${" ".repeat(8)}84L${" ".repeat(49)}1122PPPPI90`],
        ["21", "01010010 NNN         00000002500m2  "],
        ["23", "01010010  0000001250  000000003125"],
        ["99", "000000003125"],
      ),
    );
    expect(lv.preamble).toBe("0.1 Angaben zur Baustelle\nVertragsstrafe 0,2 % je Werktag");
    expect(lv.positions[0]).toMatchObject({ oz: "01.01.0010", qty: 2.5, unitPrice: 12.5, total: 31.25 });
    expect(lv.totals).toMatchObject({ total: 31.25, stated: 31.25 });
  });

  it("reads a file without OZ mask as 2-2-4-1 and says so, naming the header line", () => {
    const lv = readGaeb90(d83(["00", `${" ".repeat(8)}83L`], ["21", "01020010 NNN         00000001000St  "], ["25", "Tür"]));
    expect(lv.warnings).toContain("Zeile 1: Die OZ-Maske (Satz 00, Spalten 63–71) fehlt; die Ordnungszahlen wurden als 2-2-4-1 gelesen.");
    expect(lv.positions[0]).toMatchObject({ oz: "01.02.0010", qty: 1, unit: "St" });
  });

  it("lists at most 20 broken lines and counts the rest", () => {
    const broken = Array.from({ length: 30 }, (_, i): [string, string] => [`Q${i % 10}`, "x"]);
    const lv = readGaeb90(d83(HEADER, ...broken, ["21", "01010010 NNN         00000001000St  "]));
    expect(lv.warnings.filter((w) => w.startsWith("Zeile "))).toHaveLength(20);
    expect(lv.warnings).toContain("… und 10 weitere fehlerhafte Zeilen.");
  });

  it("refuses phases it does not read and text that has no GAEB 90 record", () => {
    expect(codeOf(() => readGaeb90(d83(["00", `${" ".repeat(8)}89L`])))).toBe("unsupported_phase");
    expect(codeOf(() => readGaeb90(Buffer.from("Dies ist kein LV\r\nsondern ein Brief\r\n")))).toBe("not_xml");
    expect(codeOf(() => readGaeb90(Buffer.alloc(0)))).toBe("empty");
  });

  it("stops at the position cap with a German reason", () => {
    const items = Array.from({ length: 60 }, (_, i): [string, string] => [
      "21",
      `0101${String(i + 1).padStart(4, "0")} NNN         00000001000St  `,
    ]);
    const err = (() => {
      try {
        readGaeb90(d83(HEADER, ...items), { ...DEFAULT_LIMITS, maxPositions: 50 });
      } catch (e) {
        return e as GaebError;
      }
    })();
    expect(err?.code).toBe("too_large");
    expect(err?.message).toContain("mehr als 50 Positionen");
  });

  it("accepts prices in record 23 only where quantity × unit price = total", () => {
    expect(consistentPrices(["00000012500", "000000003125"], 2.5)).toEqual({ unitPrice: 12.5, total: 31.25 });
    expect(consistentPrices(["0000001250000000003125"], 2.5)).toEqual({ unitPrice: 12.5, total: 31.25 });
    expect(consistentPrices(["00000012500", "000000099999"], 2.5)).toBeNull();
    const lv = readGaeb90(
      d83(
        ["00", `${" ".repeat(8)}84L${" ".repeat(49)}1122PPPPI90`],
        ["21", "01010010 NNN         00000002500m2  "],
        ["23", "01010010 00000012500000000099999"],
      ),
    );
    expect(lv.positions[0]).toMatchObject({ unitPrice: null, total: null });
    expect(lv.warnings).toContain("Zeile 3: Preise der Position 01.01.0010 (Satz 23) sind nicht eindeutig lesbar – übersprungen.");
  });
});

describe("GAEB 2000 entries that are broken", () => {
  const p83 = (body: string) =>
    Buffer.from(
      `#begin[GAEB]\r\n#begin[Vergabe]\r\n[DP]83[end]\r\n#begin[LV]\r\n#begin[LVInfo]\r\n#begin[LVGlied]\r\n[Typ]LVStufe[end]\r\n[Laenge]2[end]\r\n#end[LVGlied]\r\n` +
        `#begin[LVGlied]\r\n[Typ]Position[end]\r\n[Laenge]4[end]\r\n#end[LVGlied]\r\n#end[LVInfo]\r\n${body}#end[LV]\r\n#end[Vergabe]\r\n#end[GAEB]\r\n`,
      "latin1",
    );

  it("names the line of an unreadable entry, a value without [end] and a quantity that is not a number", () => {
    const lv = readGaeb2000(
      p83(
        "#begin[LVBereich]\r\n[OZ]01[end]\r\n[Bez]Erdarbeiten[end]\r\n" +
          "#begin[Position]\r\n[OZ]010010[end]\r\n[Menge]zwölf[end]\r\n[ME]m3[end]\r\nirgendwas\r\n#end[Position]\r\n" +
          "#begin[Position]\r\n[OZ]010020[end]\r\n[Menge]12,5[end]\r\n[ME]m2\r\n#end[Position]\r\n#end[LVBereich]\r\n",
      ),
    );
    expect(lv.warnings).toEqual([
      "Zeile 20: Menge „zwölf“ ist keine Zahl.",
      "Zeile 22: Kein gültiger GAEB-2000-Eintrag („irgendwas“) – übersprungen.",
      "Zeile 27: Wert [ME] ohne [end] – bis zum Zeilenende gelesen.",
    ]);
    expect(lv.positions.map((p) => [p.oz, p.qty, p.unit])).toEqual([
      ["01", null, ""],
      ["01.0010", null, "m3"],
      ["01.0020", 12.5, "m2"],
    ]);
  });

  it("closes blocks left open and ignores an #end without #begin, naming its line", () => {
    const lv = readGaeb2000(
      p83("#begin[LVBereich]\r\n[OZ]01[end]\r\n#begin[Position]\r\n[OZ]010010[end]\r\n#end[LVBereich]\r\n#end[Position]\r\n"),
    );
    expect(lv.positions.map((p) => [p.kind, p.oz, p.level])).toEqual([
      ["title", "01", 0],
      ["item", "01.0010", 1],
    ]);
    expect(lv.warnings).toEqual(["Zeile 20: #end[POSITION] ohne passendes #begin – übersprungen."]);
  });

  it("reads keywords in capitals as CaliforniaX writes them, with RTF texts and Bedarfspositionen", () => {
    const rtf =
      "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}}{\\*\\generator X;}\\pard Kabel f\\'fcr PV\\par 2. Zeile \\u8211? Ende\\par}";
    const lv = readGaeb2000(
      p83(
        `#begin[LVBEREICH]\r\n[OZ]01[end]\r\n[BEZTX]PV[end]\r\n#begin[POSITION]\r\n[OZ]01 1[end]\r\n[BEDARF]E[end]\r\n[MENGE]93.000[end]\r\n#begin[BESCHREIBUNG]\r\n[LANGTEXT]${rtf}[end]\r\n#end[BESCHREIBUNG]\r\n#end[POSITION]\r\n#end[LVBEREICH]\r\n`,
      ),
    );
    expect(lv.positions[1]).toMatchObject({
      oz: "01.1",
      qty: 93,
      longText: "Kabel für PV\n2. Zeile – Ende",
      flags: { provisional: "WithoutTotal" },
    });
  });

  it("refuses other phases, and a file that is only text", () => {
    expect(codeOf(() => readGaeb2000(Buffer.from("#begin[GAEB]\r\n#begin[Vergabe]\r\n[DP]89[end]\r\n")))).toBe("unsupported_phase");
    expect(codeOf(() => readGaeb2000(Buffer.from("kein GAEB")))).toBe("not_xml");
  });

  it("stops at the position cap with a German reason", () => {
    const items = Array.from(
      { length: 60 },
      (_, i) => `#begin[Position]\r\n[OZ]01${String(i + 1).padStart(4, "0")}[end]\r\n#end[Position]\r\n`,
    ).join("");
    expect(
      codeOf(() =>
        readGaeb2000(p83(`#begin[LVBereich]\r\n[OZ]01[end]\r\n${items}#end[LVBereich]\r\n`), { ...DEFAULT_LIMITS, maxPositions: 50 }),
      ),
    ).toBe("too_large");
  });

  it("refuses blocks nested deeper than the cap, and unmatched #end lines do not slow it down", () => {
    expect(codeOf(() => readGaeb2000(Buffer.from("#begin[GAEB]\r\n" + "#begin[X]\r\n".repeat(300))))).toBe("too_large");
    const started = Date.now();
    const lv = readGaeb2000(p83("#begin[X]\r\n".repeat(150) + "#end[Y]\r\n".repeat(100_000)));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(lv.warnings).toContain("… und 99.980 weitere fehlerhafte Zeilen.");
  });

  it("reads a 5 MB long text without [end] in linear time", () => {
    const started = Date.now();
    const lv = readGaeb2000(
      p83(`#begin[LVBereich]\r\n[OZ]01[end]\r\n#begin[Position]\r\n[OZ]010010[end]\r\n[Langtext]${"x".repeat(5_000_000)}`),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lv.warnings[0]).toMatch(/^Zeile 19: Wert \[Langtext\] ohne \[end\]/);
  });
});

describe("RTF texts", () => {
  it("keeps paragraphs, umlauts, Unicode escapes and literal braces; drops tables and hidden groups", () => {
    expect(
      rtfToText(
        "{\\rtf1{\\fonttbl{\\f0 Arial;}}{\\colortbl;\\red0;}{\\stylesheet{\\s0 Normal;}}{\\info{\\title x}}\\pard a\\'e4b \\{c\\}\\par\\u8364? 5\\tab x\\par}",
      ),
    ).toBe("aäb {c}\n€ 5 x");
    expect(rtfToText("{\\rtf1 ungeschlossen \\'fc")).toBe("ungeschlossen ü");
  });
});

describe("code pages", () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  it("tells DOS code page 850 (§, Ø) from 437 (≤) and from Windows-1252", () => {
    // "§ 2 Ø 12" in CP850
    expect(decodeLegacyText(bytes(0xf5, 0x20, 0x32, 0x20, 0x9d, 0x20, 0x31, 0x32, 0x20, 0x84, 0x94, 0x81))).toEqual({
      text: "§ 2 Ø 12 äöü",
      encoding: "cp850",
    });
    // "R ≥ 10 Ω Größe" in CP437 (in CP850 these bytes are ‗ and Û)
    expect(decodeLegacyText(bytes(0x52, 0x20, 0xf2, 0x20, 0x31, 0x30, 0x20, 0xea, 0x20, 0x47, 0x72, 0x94, 0xe1, 0x65))).toEqual({
      text: "R ≥ 10 Ω Größe",
      encoding: "cp437",
    });
    // "Größe €" in Windows-1252
    expect(decodeLegacyText(bytes(0x47, 0x72, 0xf6, 0xdf, 0x65, 0x20, 0x80))).toEqual({ text: "Größe €", encoding: "windows-1252" });
    expect(decodeLegacyText(Buffer.from("Größe", "utf8")).encoding).toBe("utf-8");
    // Only ä and ß: in Windows-1252 these DOS bytes are „ and á – a quote inside a word is no letter.
    expect(decodeLegacyText(Buffer.from("Oberfl\x84che einschlie\xe1lich", "latin1"))).toEqual({
      text: "Oberfläche einschließlich",
      encoding: "dos",
    });
  });
});

describe("OZ masks", () => {
  it("cuts the compact OZ by the mask of GAEB 90 and GAEB 2000", () => {
    const mask = parseMaskString("1122PPPPI")!;
    expect(mask).toEqual({ levels: [2, 2], item: 4, index: 1 });
    expect(itemOz("01020010A", mask)).toBe("01.02.0010.A");
    expect(itemOz(" 1 2  10 ", mask)).toBe("1.2.10");
    expect(sectionOz("0102     ", mask, 2)).toBe("01.02");
    expect(parseMaskString("11PPPP000")).toEqual({ levels: [2], item: 4, index: 0 });
    expect(parseMaskString("         ")).toBeNull();
  });
});
