// The GAEB DA XML 3.3 export read back by our own reader: the X83 gives the same LV (OZ, texts,
// quantities, units, kinds, titles, sub-descriptions), the X84 merged into it the same prices,
// section discounts and totals – for LVs that arrived as GAEB, PDF, Excel and CSV. Where the
// official 3.3 schema files are at hand (GAEB_SCHEMA_DIR, default tmp/gaeb-schema), xmllint
// validates both files against them.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../tender/limits";
import { readGaebXml } from "../tender/read/gaeb-xml/reader";
import { mergePrices } from "../tender/read/merge-prices";
import { readTenderPdf } from "../tender/read/pdf";
import { readTenderSheet } from "../tender/read/sheet";
import type { BoqNode, ParsedTender } from "../tender/types";
import { buildGaebXml, type GaebExportNode, type GaebExportPhase } from "./gaeb-export";
import { positionKinds } from "./store";

const FIXTURES = resolve(__dirname, "../tender/fixtures");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

/** The stored form of a position, as the export route reads it. */
const stored = (p: BoqNode): GaebExportNode => ({
  kind: p.kind,
  level: p.level,
  oz: p.oz || null,
  parentOz: p.parentOz,
  shortText: p.shortText || null,
  longText: p.longText || null,
  qty: p.qty,
  unit: p.unit || null,
  unitPrice: p.unitPrice,
  total: p.total,
  flags: p.flags,
  ...(p.subDescriptions ? { subDescriptions: p.subDescriptions } : {}),
  ...(p.bidderAnswers ? { bidderAnswers: p.bidderAnswers } : {}),
  ...(p.discountPercent ? { discountPercent: p.discountPercent } : {}),
  ...(p.section ? { section: p.section } : {}),
});

function exportAs(lv: ParsedTender, phase: GaebExportPhase): string {
  return buildGaebXml({
    phase,
    projectName: lv.projectName || "Projekt",
    boqName: lv.boqName,
    currency: lv.currency,
    companyName: "Musterbau GmbH",
    positions: lv.positions.map(stored),
    lvDiscount: lv.totals.discount ?? null,
    total: lv.totals.total,
    date: new Date("2026-11-26T12:00:00Z"),
  });
}

/** What must survive the trip: per node OZ, kind, level, texts, quantity, unit, prices, kinds. */
const shape = (lv: ParsedTender, prices: boolean) =>
  lv.positions.map((p) => ({
    kind: p.kind,
    level: p.level,
    oz: p.oz,
    shortText: p.shortText,
    longText: p.longText,
    qty: p.kind === "item" ? p.qty : null,
    unit: p.unit,
    kinds: positionKinds(p),
    subDescriptions: p.subDescriptions ?? [],
    ...(prices
      ? {
          unitPrice: p.unitPrice,
          total: p.total,
          answers: (p.bidderAnswers ?? []).flatMap((a) => (a.answer === null ? [] : [a.answer])),
          // A section's Totals without discount or lump sum say nothing beyond the sum.
          section:
            p.section && (p.section.discountPercent !== null || p.section.discountAmount !== null || p.section.lumpSum !== null)
              ? { percent: p.section.discountPercent, amount: p.section.discountAmount, lumpSum: p.section.lumpSum }
              : null,
        }
      : {}),
  }));

/** Exports the LV as X83 and X84 and reads both back as an AVA program would hand them over. */
function roundTrip(lv: ParsedTender) {
  const x83 = exportAs(lv, 83);
  const x84 = exportAs(lv, 84);
  const back83 = readGaebXml(Buffer.from(x83));
  const back84 = readGaebXml(Buffer.from(x84));
  return { x83, x84, back83, back84, merged: mergePrices(back83, back84, "lv.x83") };
}

function expectSameLv(original: ParsedTender) {
  const { back83, back84, merged } = roundTrip(original);
  expect(back83.phase).toBe(83);
  expect(shape(back83, false)).toEqual(shape(original, false));
  // An X84 of a priced LV is recognised as the prices to an X83 (an unpriced one has nothing to add).
  const priced = original.positions.some((p) => p.unitPrice !== null || p.total !== null);
  expect(back84.priceOnly ?? false).toBe(priced);
  expect(shape(merged, true)).toEqual(shape(original, true));
  expect(merged.totals.total).toBe(original.totals.total);
  return merged;
}

const sheet = (name: string, format: "xlsx" | "csv") => readTenderSheet(fixture(`sheets/${name}`), name, format, { mapping: null, limits: DEFAULT_LIMITS });

describe("GAEB DA XML 3.3 export read back", () => {
  it("rohbau-27.x83 (DA XML) comes back as the same LV", () => {
    const lv = readGaebXml(fixture("rohbau-27.x83"));
    expect(lv.positions.filter((p) => p.kind === "item")).toHaveLength(27);
    expectSameLv(lv);
  });

  it("rohbau-27 with the prices of rohbau-27-preise.x84 comes back with the same prices and total", () => {
    const lv = mergePrices(readGaebXml(fixture("rohbau-27.x83")), readGaebXml(fixture("rohbau-27-preise.x84")), "rohbau-27.x83");
    expect(lv.totals.total).not.toBeNull();
    expectSameLv(lv);
  });

  it("boq.x83 keeps the sub-description of 01.02.0010 (Trockener Boden, 60 m3)", () => {
    const lv = readGaebXml(fixture("boq.x83"));
    const back = expectSameLv(lv);
    expect(back.positions.find((p) => p.oz === "01.02.0010")?.subDescriptions).toEqual([
      { no: "1", shortText: "Trockener Boden", longText: "Trockener Boden je m3.", qty: 60, unit: "m3" },
    ]);
  });

  it("sections.x86 keeps section discounts, surcharges, lump sums, alternative sections and bidder answers: 18 394.60 €", () => {
    const lv = readGaebXml(fixture("sections.x86"));
    const back = expectSameLv(lv);
    expect(back.totals).toMatchObject({ total: 18394.6, stated: 18394.6, discount: { percent: 2, amount: null, beforeDiscount: 18770 } });
    expect(back.positions.find((p) => p.oz === "01.04")?.flags.alternative).toEqual({ group: "1", serial: 1 });
  });

  it.each(["classic.pdf", "classic-priced.pdf", "compact.pdf", "landscape.pdf"])("the LV read from rendered/%s comes back as the same LV", async (name) => {
    const lv = await readTenderPdf(fixture(`rendered/${name}`));
    expect(lv.positions.filter((p) => p.kind === "item").length).toBeGreaterThan(10);
    expectSameLv(lv);
  });

  it.each([
    ["rohbau-gu.xlsx", "xlsx"],
    ["rohbau-priced.xlsx", "xlsx"],
    ["rohbau-semikolon.csv", "csv"],
    ["rohbau-komma.csv", "csv"],
  ] as const)("the LV read from sheets/%s comes back as the same LV", async (name, format) => {
    const lv = await sheet(name, format);
    expect(lv.positions.filter((p) => p.kind === "item").length).toBeGreaterThan(10);
    expectSameLv(lv);
  });
});

const SCHEMA_DIR = resolve(process.env.GAEB_SCHEMA_DIR ?? resolve(__dirname, "../../../tmp/gaeb-schema"));
const hasXmllint = spawnSync("xmllint", ["--version"]).status === 0;
const schema = (phase: GaebExportPhase) => join(SCHEMA_DIR, `GAEB_DA_XML_${phase}_3.3_2021-05.xsd`);
const hasSchemas = existsSync(schema(83)) && existsSync(schema(84));
const skipReason = !hasXmllint
  ? "xmllint fehlt (Debian: apt-get install libxml2-utils)"
  : !hasSchemas
    ? `die GAEB-Schemadateien GAEB_DA_XML_83/84_3.3_2021-05.xsd und GAEB_DA_XML_Lib_3.3_2021-05.xsd fehlen in ${SCHEMA_DIR} (GAEB_SCHEMA_DIR; https://www.gaeb.de/de/service/downloads/gaeb-datenaustausch)`
    : "";
if (skipReason) console.warn(`Schema-Prüfung des GAEB-Exports übersprungen: ${skipReason}`);

describe.skipIf(skipReason !== "")("GAEB DA XML 3.3 export against the official schemas (xmllint)", () => {
  const validate = (xml: string, phase: GaebExportPhase) => {
    const dir = mkdtempSync(join(tmpdir(), "gaeb-export-"));
    try {
      const file = join(dir, `lv.x${phase}`);
      writeFileSync(file, xml);
      return execFileSync("xmllint", ["--noout", "--schema", schema(phase), file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (err) {
      throw new Error(`x${phase} ist nicht schemagültig:\n${String((err as { stderr?: string }).stderr ?? err)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it.each([["rohbau-27.x83"], ["boq.x83"], ["sections.x86"]])("the X83 and X84 of %s are valid", (name) => {
    const lv = readGaebXml(fixture(name));
    validate(exportAs(lv, 83), 83);
    validate(exportAs(lv, 84), 84);
  });

  it("the X83 and X84 of an LV read from a PDF are valid", async () => {
    const lv = await readTenderPdf(fixture("rendered/classic-priced.pdf"));
    validate(exportAs(lv, 83), 83);
    validate(exportAs(lv, 84), 84);
  });

  it("the X83 and X84 of an LV read from Excel are valid", async () => {
    const lv = await sheet("rohbau-priced.xlsx", "xlsx");
    validate(exportAs(lv, 83), 83);
    validate(exportAs(lv, 84), 84);
  });
});

