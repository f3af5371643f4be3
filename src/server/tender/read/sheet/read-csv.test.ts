import { describe, expect, it } from "vitest";
import { GaebError } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { readTenderSheet } from "./index";
import { detectDelimiter, readCsv } from "./read-csv";

const utf8 = (text: string) => Buffer.from(text, "utf8");
const readCsvLv = (bytes: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS) =>
  readTenderSheet(bytes, "lv.csv", "csv", { mapping: null, limits });

async function csvError(bytes: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): Promise<GaebError> {
  const error = await readCsvLv(bytes, limits).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GaebError);
  return error as GaebError;
}

describe("detectDelimiter", () => {
  it("finds ; although the texts contain commas", () => {
    expect(detectDelimiter("OZ;Kurztext;Menge;ME\n01.0010;Boden lösen, laden, abfahren;1,5;m3\n01.0020;Planum, verdichtet;20;m2\n")).toBe(
      ";",
    );
  });

  it("finds , when semicolons and line breaks are inside quotes", () => {
    const text =
      'OZ,Kurztext,Langtext,Menge\n01.0010,Aushub,"Boden lösen; laden;\nabfahren; entsorgen",1.5\n01.0020,Planum,"verdichten; abnehmen",20\n';
    expect(detectDelimiter(text)).toBe(",");
  });

  it("finds tab", () => {
    expect(detectDelimiter("OZ\tKurztext\tMenge\tME\n01.0010\tAushub, Boden\t1,5\tm3\n")).toBe("\t");
  });

  it("is not misled by title lines above the table", () => {
    const text =
      "Bauvorhaben: Neubau Kita, Musterstadt\nLV 300, Stand 03/2026\n\nOZ;Kurztext;Menge;ME\n01.0010;Aushub;1,5;m3\n01.0020;Planum;20;m2\n";
    expect(detectDelimiter(text)).toBe(";");
  });

  it("prefers ; for a single column", () => {
    expect(detectDelimiter("nur Text\nnoch Text\n")).toBe(";");
  });
});

describe("readCsv", () => {
  it("decodes Windows-1252 and UTF-8 alike", () => {
    const text = "OZ;Kurztext;Menge;ME\r\n01.0010;Übertrag für Maßnahme – „Außenanlage“ 5 €;1;psch\r\n";
    const cp1252 = Buffer.from(text.replace("–", "\u0096").replace("„", "\u0084").replace("“", "\u0093").replace("€", "\u0080"), "latin1");
    const fromCp1252 = readCsv(cp1252, "lv.csv", DEFAULT_LIMITS).sheets[0].rows[1].cells[1].text;
    const fromUtf8 = readCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]), "lv.csv", DEFAULT_LIMITS).sheets[0].rows;
    expect(fromCp1252).toBe("Übertrag für Maßnahme – „Außenanlage“ 5 €");
    expect(fromUtf8[0].cells[0].text).toBe("OZ");
    expect(fromUtf8[1].cells[1].text).toBe(fromCp1252);
  });

  it("reads German and plain decimals by what the quantity column shows", async () => {
    const german = await readCsvLv(utf8("OZ;Kurztext;Menge;ME;EP\n01.0010;Aushub;1.240,500;m3;8,70\n01.0020;Planum;1.240;m2;12\n"));
    expect(german.positions.map((p) => [p.qty, p.unitPrice])).toEqual([
      [1240.5, 8.7],
      [1240, 12],
    ]);
    const plain = await readCsvLv(utf8("OZ,Kurztext,Menge,ME,EP\n01.0010,Aushub,1240.500,m3,8.70\n01.0020,Planum,1.240,m2,12\n"));
    expect(plain.positions.map((p) => [p.qty, p.unitPrice])).toEqual([
      [1240.5, 8.7],
      [1.24, 12],
    ]);
  });

  it("reads an unclosed quote line by line and says so", async () => {
    const parsed = await readCsvLv(utf8('OZ;Kurztext;Menge;ME\n01.0010;"Aushub;1;m3\n01.0020;Planum;20;m2\n'));
    expect(parsed.positions.map((p) => p.oz)).toEqual(["01.0010", "01.0020"]);
    expect(parsed.warnings[0]).toMatch(/Anführungszeichen, das nicht geschlossen wird/);
  });

  it("reads 5 000 columns bounded: the first 200, with a warning", async () => {
    const extra = Array.from({ length: 4996 }, (_, i) => `Spalte ${i + 5}`).join(";");
    const filler = Array.from({ length: 4996 }, (_, i) => String(i)).join(";");
    const lines = [`OZ;Kurztext;Menge;ME;${extra}`];
    for (let i = 1; i <= 200; i++) lines.push(`01.${String(i * 10).padStart(4, "0")};Position ${i};${i},5;m2;${filler}`);
    const bytes = utf8(lines.join("\n"));
    const started = performance.now();
    const parsed = await readCsvLv(bytes);
    const ms = performance.now() - started;
    console.log(`CSV mit 5 000 Spalten (${(bytes.length / 1024 / 1024).toFixed(1)} MB, 201 Zeilen): ${ms.toFixed(0)} ms`);
    expect(parsed.positions).toHaveLength(200);
    expect(parsed.positions[199]).toMatchObject({ oz: "01.2000", qty: 200.5, unit: "m2" });
    expect(parsed.warnings).toEqual([
      "Die Tabelle „lv.csv“ hat 5.000 Spalten; gelesen wurden nur die ersten 200. Inhalte weiter rechts wurden nicht berücksichtigt.",
    ]);
    expect(parsed.sheetPreview?.rows[0]).toHaveLength(30);
    expect(ms).toBeLessThan(5000);
  });

  it("gives a 5 000-column CSV without header a preview of 30 columns", async () => {
    const row = (i: number) =>
      [`01.${String(i * 10).padStart(4, "0")}`, `Position ${i}`, ...Array.from({ length: 4998 }, () => "x".repeat(100))].join(";");
    const error = await csvError(utf8(Array.from({ length: 30 }, (_, i) => row(i + 1)).join("\n")));
    expect(error.code).toBe("sheet_no_header");
    expect(error.preview?.rows).toHaveLength(20);
    expect(error.preview?.rows.every((r) => r.length === 30 && r.every((c) => c.length <= 80))).toBe(true);
  });

  it("reads up to the row cap with a warning and refuses files far beyond it", async () => {
    const lines = ["OZ;Kurztext;Menge;ME", ...Array.from({ length: 1500 }, (_, i) => `01.${i + 1};Position;1;m`)];
    const bytes = utf8(lines.join("\n"));
    const capped = await readCsvLv(bytes, { ...DEFAULT_LIMITS, maxSheetRows: 1000 });
    expect(capped.positions).toHaveLength(999);
    expect(capped.warnings[0]).toBe(
      "Die Tabelle „lv.csv“ reicht bis Zeile 1.501; gelesen wurden nur die ersten 1.000 Zeilen. Positionen in den weiteren Zeilen fehlen.",
    );
    const error = await csvError(bytes, { ...DEFAULT_LIMITS, maxSheetRows: 500 });
    expect(error.code).toBe("too_large");
    expect(error.message).toContain("mehr als 1.001 Zeilen");
  });

  it("refuses an empty file, a header without positions and a text without table", async () => {
    expect((await csvError(utf8(""))).code).toBe("sheet_empty");
    expect((await csvError(utf8(" \r\n;;;\r\n"))).code).toBe("sheet_empty");
    const headerOnly = await csvError(utf8("OZ;Kurztext;Menge;ME\n"));
    expect(headerOnly.code).toBe("sheet_empty");
    expect(headerOnly.preview?.rows[0]).toEqual(["OZ", "Kurztext", "Menge", "ME"]);
    expect((await csvError(utf8("Sehr geehrte Damen und Herren,\nanbei das LV.\n"))).code).toBe("sheet_no_header");
  });
});
