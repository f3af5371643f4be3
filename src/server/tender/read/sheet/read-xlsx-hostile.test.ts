// Broken, protected and hostile .xlsx files: each ends in a GaebError with a German message,
// never a crash or a hang, each within a few seconds. The times are printed.

import ExcelJS from "exceljs";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GaebError, type GaebErrorCode } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { readTenderSheet } from "./index";
import { buildZip, deflatedZeros, minimalXlsx, minimalXlsxEntries } from "./test-support";

const guFixture = readFileSync(join(import.meta.dirname, "../../fixtures/sheets/rohbau-gu.xlsx"));
const readXlsxLv = (bytes: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS) =>
  readTenderSheet(bytes, "lv.xlsx", "xlsx", { mapping: null, limits });

/** Reads, expects a GaebError with `code` within `maxMs`, prints the time. */
async function expectRefused(
  label: string,
  bytes: Uint8Array,
  code: GaebErrorCode,
  limits: ReadLimits = DEFAULT_LIMITS,
  maxMs = 5000,
): Promise<GaebError> {
  const started = performance.now();
  const error = await readXlsxLv(bytes, limits).catch((e: unknown) => e);
  const ms = performance.now() - started;
  console.log(`${label}: ${error instanceof GaebError ? error.code : String(error)} nach ${ms.toFixed(0)} ms`);
  expect(error).toBeInstanceOf(GaebError);
  expect((error as GaebError).code).toBe(code);
  expect(ms).toBeLessThan(maxMs);
  return error as GaebError;
}

async function workbookBytes(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const LV_ROWS: (string | number | null)[][] = [
  ["OZ", "Kurztext", "Menge", "ME"],
  ["01", "Erdarbeiten"],
  ["01.0010", "Aushub", 20, "m3"],
];

describe("broken and protected files", () => {
  it("a truncated .xlsx is unreadable", async () => {
    const error = await expectRefused("abgeschnittene .xlsx", guFixture.subarray(0, Math.floor(guFixture.length / 2)), "sheet_unreadable");
    expect(error.message).toBe("Die Excel-Datei konnte nicht gelesen werden (beschädigt oder kein gültiges .xlsx).");
  });

  it("an .xlsx with broken deflate data is unreadable", async () => {
    const entries = minimalXlsxEntries(LV_ROWS).map((e) =>
      e.name === "xl/worksheets/sheet1.xml" ? { name: e.name, deflated: { data: randomBytes(4000), size: 50_000, crc: 0 } } : e,
    );
    await expectRefused("kaputte Deflate-Daten", buildZip(entries), "sheet_unreadable");
  });

  it("a password-protected .xlsx (OLE2 container) is reported as encrypted", async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(8192)]);
    const error = await expectRefused("passwortgeschützte .xlsx", ole, "sheet_encrypted");
    expect(error.message).toMatch(/passwortgeschützt/);
  });

  it("bytes that are no zip, a zip that is no workbook and an OpenDocument sheet are unreadable", async () => {
    await expectRefused("keine Zip-Datei", Buffer.from("Das ist keine Excel-Datei."), "sheet_unreadable");
    await expectRefused("Zip ohne Arbeitsmappe", buildZip([{ name: "word/document.xml", data: "<w:document/>" }]), "sheet_unreadable");
    const ods = buildZip([
      { name: "mimetype", data: "application/vnd.oasis.opendocument.spreadsheet" },
      { name: "content.xml", data: "<office:document-content/>" },
    ]);
    const error = await expectRefused("OpenDocument-Tabelle", ods, "sheet_unreadable");
    expect(error.message).toContain("OpenDocument-Tabelle (.ods)");
  });
});

describe("zip bombs", () => {
  const lowLimits = { ...DEFAULT_LIMITS, maxDecodedBytes: 20 * 1024 * 1024 };
  // 300 MB of zeros in about 300 KB.
  const zeros = deflatedZeros(300);
  const bomb = (declaredSize?: number) =>
    buildZip(
      minimalXlsxEntries(LV_ROWS).map((e) => (e.name === "xl/worksheets/sheet1.xml" ? { name: e.name, deflated: zeros, declaredSize } : e)),
    );

  it("a worksheet of 300 MB zeros that declares its size is refused before inflating", async () => {
    const bytes = bomb();
    expect(bytes.length).toBeLessThan(400 * 1024);
    await expectRefused(`Zip-Bombe 300 MB, ehrliche Größe (${(bytes.length / 1024).toFixed(0)} KB)`, bytes, "too_large", lowLimits);
    await expectRefused("Zip-Bombe 300 MB, ehrliche Größe, Standardgrenzen", bytes, "too_large");
  });

  it("a worksheet of 300 MB zeros that claims 1 KB is stopped while inflating", async () => {
    const error = await expectRefused("Zip-Bombe 300 MB, gibt 1 KB an", bomb(1024), "sheet_unreadable", lowLimits);
    expect(error.detail).toMatch(/too many bytes/);
  });

  it("a worksheet that claims 15 MB (under the limit) but inflates to 300 MB is stopped as well", async () => {
    await expectRefused("Zip-Bombe 300 MB, gibt 15 MB an", bomb(15 * 1024 * 1024), "sheet_unreadable", lowLimits);
  });

  it("many entries whose sizes add up beyond the limit are refused", async () => {
    const part = deflatedZeros(3);
    const entries = [
      ...minimalXlsxEntries(LV_ROWS),
      ...Array.from({ length: 10 }, (_, i) => ({ name: `xl/media/image${i}.png`, deflated: part })),
    ];
    await expectRefused("10 × 3 MB Einträge", buildZip(entries), "too_large", lowLimits);
  });

  it("more zip entries than allowed are refused", async () => {
    const entries = [
      ...minimalXlsxEntries(LV_ROWS),
      ...Array.from({ length: 60 }, (_, i) => ({ name: `xl/extra/part${i}.xml`, data: "<x/>" })),
    ];
    await expectRefused("65 Zip-Einträge bei Grenze 50", buildZip(entries), "too_large", { ...DEFAULT_LIMITS, maxZipEntries: 50 });
  });
});

describe("sheet size caps", () => {
  const rows = (n: number) => [
    LV_ROWS[0],
    ...Array.from({ length: n }, (_, i) => [`01.${String(i + 1).padStart(4, "0")}`, "Aushub", 1, "m3"]),
  ];

  it("refuses a sheet far beyond the row cap before exceljs loads it", async () => {
    const error = await expectRefused("300 Zeilen bei Grenze 100", minimalXlsx(rows(300)), "too_large", {
      ...DEFAULT_LIMITS,
      maxSheetRows: 100,
    });
    expect(error.message).toContain("301 Zeilen, höchstens 100 werden gelesen");
  });

  it("reads up to the row cap and warns when the sheet is a little longer", async () => {
    const parsed = await readXlsxLv(minimalXlsx(rows(150)), { ...DEFAULT_LIMITS, maxSheetRows: 100 });
    expect(parsed.positions).toHaveLength(99);
    expect(parsed.warnings).toEqual([
      "Die Tabelle „LV“ reicht bis Zeile 151; gelesen wurden nur die ersten 100 Zeilen. Positionen in den weiteren Zeilen fehlen.",
    ]);
  });

  it("refuses more cells than the row cap allows on average", async () => {
    const wide = rows(60).map((r) => [...r, ...Array.from({ length: 40 }, () => "x")]);
    await expectRefused("61 × 44 Zellen bei Grenze 100 Zeilen", minimalXlsx(wide), "too_large", { ...DEFAULT_LIMITS, maxSheetRows: 100 });
  });

  it("ignores columns beyond the column cap, with a warning", async () => {
    const wide = rows(3).map((r, i) => [...r, ...Array.from({ length: 300 }, (_, c) => (i === 0 ? `Spalte ${c + 5}` : c))]);
    const parsed = await readXlsxLv(minimalXlsx(wide));
    expect(parsed.positions).toHaveLength(3);
    expect(parsed.warnings).toEqual([
      "Die Tabelle „LV“ hat 304 Spalten; gelesen wurden nur die ersten 200. Inhalte weiter rechts wurden nicht berücksichtigt.",
    ]);
  });
});

describe("sheets without positions", () => {
  it("an empty workbook is empty", async () => {
    await expectRefused("leere Arbeitsmappe", await workbookBytes((wb) => wb.addWorksheet("Tabelle1")), "sheet_empty");
  });

  it("a sheet with a header only is empty and offers the preview", async () => {
    const bytes = await workbookBytes((wb) => wb.addWorksheet("LV").addRow(["OZ", "Kurztext", "Menge", "ME", "EP", "GP"]));
    const error = await expectRefused("nur Kopfzeile", bytes, "sheet_empty");
    expect(error.preview?.rows).toEqual([["OZ", "Kurztext", "Menge", "ME", "EP", "GP"]]);
  });
});

describe("Excel cell types", () => {
  it("reads OZ numbers by their format, formulas by their cached result, and warns about what it cannot know", async () => {
    const bytes = await workbookBytes((wb) => {
      const ws = wb.addWorksheet("LV");
      ws.addRow(["OZ", "Kurztext", "Menge", "ME", "EP", "GP", "Stand"]);
      ws.addRow([1, "Erdarbeiten"]).getCell(1).numFmt = "00";
      const a = ws.addRow([1.001, "Aushub", 20, "m3", 12.5, { formula: "C3*E3", result: 250 }, new Date("2026-03-16")]);
      a.getCell(1).numFmt = "00.0000";
      ws.addRow([1.002, "Verfüllen", { formula: "C3/2" }, "m3", { formula: "0", result: 0 }]);
      ws.addRow([
        { richText: [{ text: "01." }, { text: "0030", font: { bold: true } }] },
        { richText: [{ text: "Planum " }, { text: "herstellen" }] },
        85,
        "m2",
      ]);
    });
    const parsed = await readXlsxLv(bytes);
    expect(parsed.positions.map((p) => [p.kind, p.oz, p.shortText, p.qty, p.unitPrice, p.total])).toEqual([
      ["title", "01", "Erdarbeiten", null, null, 250], // subtotal of the items below
      ["item", "01.0010", "Aushub", 20, 12.5, 250],
      ["item", "1.002", "Verfüllen", null, 0, null],
      ["item", "01.0030", "Planum herstellen", 85, null, null],
    ]);
    expect(parsed.warnings).toEqual([
      "Formeln ohne gespeichertes Ergebnis in Menge oder Preis (Zeile 4) wurden als leer gelesen. Öffnen und speichern Sie die Datei in Excel, damit die Ergebnisse mitgespeichert werden.",
      "Ordnungszahlen sind in Excel als Zahl gespeichert (Zeile 4); führende oder abschließende Nullen (etwa „01.0010“ als 1,001) können fehlen. Bitte prüfen Sie die Ordnungszahlen oder formatieren Sie die Spalte in Excel als Text.",
    ]);
  });
});
