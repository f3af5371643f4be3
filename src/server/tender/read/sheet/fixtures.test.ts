// The Excel and CSV fixtures (scripts/write-sheet-fixtures.ts) against their GAEB source of truth:
// rohbau-27.x83 (27 items, 5 titles) and the prices in rohbau-27-preise.x84.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ColumnMapping } from "../../../../common/schemas/boq";
import { GaebError } from "../../errors";
import { DEFAULT_LIMITS } from "../../limits";
import { readGaebXml } from "../gaeb-xml/reader";
import type { BoqNode } from "../../types";
import { readTenderSheet, type ParsedSheet } from "./index";

const fixtures = join(import.meta.dirname, "../../fixtures");
const x83 = readGaebXml(readFileSync(join(fixtures, "rohbau-27.x83")));
const x84 = readGaebXml(readFileSync(join(fixtures, "rohbau-27-preise.x84")));
const sheetFile = (name: string) => readFileSync(join(fixtures, "sheets", name));

const normalise = (s: string) => s.replace(/\s+/g, " ").trim();
/** What a sheet can carry of an item: the alternative group ("1") and a base item (serial 0)
 *  are GAEB structure a sheet does not state, only "Wahlposition" in the text. */
const itemFacts = (p: BoqNode, withLongText: boolean) => ({
  oz: p.oz,
  parentOz: p.parentOz,
  level: p.level,
  shortText: p.shortText,
  ...(withLongText ? { longText: normalise(p.longText) } : {}),
  bidderGaps: p.bidderGaps,
  qty: p.qty,
  unit: p.unit,
  provisional: p.flags.provisional,
  alternative: (p.flags.alternative?.serial ?? 0) >= 1,
  lumpSum: p.flags.lumpSum,
  hourly: p.flags.hourly,
});

const itemsOf = (positions: BoqNode[]) => positions.filter((p) => p.kind === "item");
const titlesOf = (positions: BoqNode[]) =>
  positions.filter((p) => p.kind === "title").map((t) => ({ oz: t.oz, shortText: t.shortText, level: t.level }));

function expectSameLv(parsed: ParsedSheet, { longText = true } = {}): void {
  const items = itemsOf(parsed.positions);
  expect(items).toHaveLength(27);
  expect(titlesOf(parsed.positions)).toHaveLength(5);
  expect(titlesOf(parsed.positions)).toEqual(titlesOf(x83.positions));
  expect(items.map((p) => itemFacts(p, longText))).toEqual(itemsOf(x83.positions).map((p) => itemFacts(p, longText)));
  // Nothing but items and titles: no sum rows, no title block, no remarks.
  expect(parsed.positions).toHaveLength(32);
}

async function read(name: string, mapping: ColumnMapping | null = null): Promise<ParsedSheet> {
  const format = name.endsWith(".csv") ? "csv" : "xlsx";
  return readTenderSheet(sheetFile(name), name, format, { mapping, limits: DEFAULT_LIMITS });
}

async function noHeaderError(name: string): Promise<GaebError> {
  const error = await read(name).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GaebError);
  return error as GaebError;
}

describe("rohbau-gu.xlsx: general contractor's layout", () => {
  it("reads all 27 items and 5 titles with OZ, quantity, unit and texts as in the X83", async () => {
    const parsed = await read("rohbau-gu.xlsx");
    expect(parsed.format).toBe("xlsx");
    expectSameLv(parsed);
    expect(parsed.warnings).toEqual([]);
  });

  it("finds the header below the title block and reads project and LV name from it", async () => {
    const parsed = await read("rohbau-gu.xlsx");
    expect(parsed.mapping).toEqual({
      sheet: "LV Rohbau",
      headerRow: 5,
      columns: { oz: 0, shortText: 1, longText: 2, qty: 3, unit: 4, unitPrice: 5, total: 6 },
    });
    expect(parsed.projectName).toBe(x83.projectName);
    expect(parsed.boqName).toBe(x83.boqName);
  });

  it("leaves the empty prices empty and the sum rows out", async () => {
    const parsed = await read("rohbau-gu.xlsx");
    expect(itemsOf(parsed.positions).every((p) => p.unitPrice === null && p.total === null)).toBe(true);
    expect(parsed.totals).toEqual({ total: null, stated: null, pricedItems: 0, computedItems: 0 });
    expect(parsed.positions.some((p) => /summe/i.test(p.shortText))).toBe(false);
  });

  it("takes the second sheet as preliminary remarks and shows the LV sheet in the preview", async () => {
    const parsed = await read("rohbau-gu.xlsx");
    expect(parsed.preamble).toMatch(/^Vorbemerkungen zum LV 100/);
    expect(parsed.preamble).toContain("Abgerechnet wird nach VOB/C");
    expect(parsed.sheetPreview?.sheets).toEqual(["LV Rohbau", "Vorbemerkungen"]);
    expect(parsed.sheetPreview?.sheet).toBe("LV Rohbau");
    expect(parsed.sheetPreview?.rows[5]).toEqual(["OZ", "Kurztext", "Langtext", "Menge", "ME", "EP", "GP"]);
    expect(parsed.sheetPreview?.rows[2]).toEqual(["Datum:"]); // the date cell is left out
  });

  it("reads the same with the mapping it returned (as the client sends it back)", async () => {
    const first = await read("rohbau-gu.xlsx");
    const again = await read("rohbau-gu.xlsx", first.mapping!);
    expect(again.positions).toEqual(first.positions);
    expect(again.mapping).toEqual(first.mapping);
  });

  it("refuses a mapping that names a sheet the workbook does not have, with a preview", async () => {
    const mapping: ColumnMapping = { sheet: "LV Ausbau", headerRow: 5, columns: { oz: 0, shortText: 1 } };
    const error = await read("rohbau-gu.xlsx", mapping).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GaebError);
    expect((error as GaebError).code).toBe("sheet_no_header");
    expect((error as GaebError).message).toContain("LV Ausbau");
    expect((error as GaebError).preview?.sheets).toEqual(["LV Rohbau", "Vorbemerkungen"]);
  });
});

describe("rohbau-priced.xlsx: priced offer, long text below the items, merged cells, formulas", () => {
  it("reads all 27 items and 5 titles as in the X83; merged title and text cells are not repeated", async () => {
    const parsed = await read("rohbau-priced.xlsx");
    expectSameLv(parsed);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.mapping).toEqual({
      headerRow: 2,
      columns: { oz: 0, shortText: 1, longText: null, qty: 2, unit: 3, unitPrice: 4, total: 5 },
    });
  });

  it("has the unit prices and totals of the X84 (GP from the formulas' cached results)", async () => {
    const parsed = await read("rohbau-priced.xlsx");
    const expected = itemsOf(x84.positions).map((p) => ({ oz: p.oz, unitPrice: p.unitPrice, total: p.total }));
    expect(itemsOf(parsed.positions).map((p) => ({ oz: p.oz, unitPrice: p.unitPrice, total: p.total }))).toEqual(expected);
    expect(itemsOf(parsed.positions).every((p) => !p.totalComputed)).toBe(true);
  });

  it("sums like the X84 states: without Bedarfspositionen ohne GB and Wahlpositionen", async () => {
    const parsed = await read("rohbau-priced.xlsx");
    expect(x84.totals.stated).toBe(345886.15);
    expect(parsed.totals).toEqual({ total: 345886.15, stated: 345886.15, pricedItems: 24, computedItems: 0 });
    const titleTotals = parsed.positions.filter((p) => p.kind === "title").map((t) => t.total);
    expect(titleTotals).toEqual([20276, 41341.35, 171579.4, 73603, 39086.4]);
  });
});

describe("rohbau-ohne-kopf.xlsx: data without header", () => {
  const guess: ColumnMapping = {
    headerRow: null,
    columns: { oz: 0, shortText: 1, longText: 4, qty: 2, unit: 3, unitPrice: null, total: null },
  };

  it("stops with sheet_no_header, the first 20 rows × 30 columns and a guessed mapping", async () => {
    const error = await noHeaderError("rohbau-ohne-kopf.xlsx");
    expect(error.code).toBe("sheet_no_header");
    const preview = error.preview!;
    expect(preview.sheets).toEqual(["Tabelle1"]);
    expect(preview.sheet).toBe("Tabelle1");
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual(["01", "Baustelleneinrichtung"]);
    expect(preview.rows[6].slice(0, 4)).toEqual(["02.0020", "Baugrube ausheben, Homogenbereich B1", "1240,5", "m3"]);
    expect(preview.rows.every((r) => r.length <= 30 && r.every((c) => c.length <= 80))).toBe(true);
    expect(preview.guess).toEqual(guess);
  });

  it("reads all 27 items and 5 titles with the guessed mapping", async () => {
    const parsed = await read("rohbau-ohne-kopf.xlsx", guess);
    expectSameLv(parsed);
    expect(parsed.mapping).toEqual(guess);
    expect(parsed.warnings).toEqual([]);
  });
});

describe("CSV", () => {
  it("rohbau-semikolon.csv: ; separated, Windows-1252, German decimals, quoted multi-line texts", async () => {
    const parsed = await read("rohbau-semikolon.csv");
    expect(parsed.format).toBe("csv");
    expectSameLv(parsed);
    expect(parsed.projectName).toBe("Neubau Mehrfamilienhaus Lindenweg 7 – Rohbau");
    expect(parsed.mapping).toEqual({
      headerRow: 3,
      columns: { oz: 0, shortText: 1, longText: 2, qty: 3, unit: 4, unitPrice: 5, total: 6 },
    });
    expect(itemsOf(parsed.positions).find((p) => p.oz === "02.0020")?.qty).toBe(1240.5);
    expect(parsed.sheetPreview?.rows[3]).toEqual(["Pos.", "Kurztext", "Langtext", "Menge", "Einheit", "EP netto", "GP netto", "Bemerkung"]);
    expect(parsed.warnings).toEqual([]);
  });

  it("rohbau-komma.csv: , separated, UTF-8 with BOM, decimal point, other header names", async () => {
    const parsed = await read("rohbau-komma.csv");
    expectSameLv(parsed);
    expect(parsed.mapping).toEqual({
      headerRow: 0,
      columns: { oz: 0, shortText: 1, longText: 2, qty: 3, unit: 4, unitPrice: 5, total: 6 },
    });
    expect(parsed.warnings).toEqual([]);
  });
});
