// The GAEB DA XML 3.3 export read back by our own reader: the X83 gives the same LV (OZ, texts,
// quantities, units, kinds, titles, sub-descriptions), the X84 merged into it the same prices,
// section discounts and totals – for LVs that arrived as GAEB, PDF, Excel and CSV. Where the
// official 3.3 schema files are at hand (GAEB_SCHEMA_DIR, default tmp/gaeb-schema), xmllint
// validates both files against them. Everything goes through the engine's entry (analyseTender),
// as an uploaded file would.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { analyseTender, type BoqNode, type TenderAnalysis } from "../tender";
import { buildGaebXml, type GaebExportNode, type GaebExportPhase } from "./gaeb-export";
import { positionColumns, positionExtras, positionKinds } from "./store";

const FIXTURES = resolve(__dirname, "../tender/fixtures");
type Lv = TenderAnalysis & { totals: NonNullable<TenderAnalysis["totals"]> };

/** Reads a file as an upload is read; a price-only X84 with the X83 it completes. */
async function read(data: Uint8Array, fileName: string, base?: { data: Uint8Array; fileName: string }): Promise<Lv> {
  const result = await analyseTender(data, fileName, base ? { base } : {});
  if (result.status !== "done" || !result.totals) throw new Error(`${fileName}: ${result.error?.message ?? result.status}`);
  return result as Lv;
}
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

/** The stored form of a position, as the export route reads it (store's own mapping). */
const stored = (p: BoqNode, seq: number): GaebExportNode => ({ ...positionColumns(p, seq), flags: p.flags, ...positionExtras(p) });

function exportAs(lv: Lv, phase: GaebExportPhase): string {
  return buildGaebXml({
    phase,
    projectName: lv.projectName || "Projekt",
    boqName: lv.boqName ?? "",
    currency: lv.currency ?? "EUR",
    companyName: "Musterbau GmbH",
    positions: lv.positions.map(stored),
    lvDiscount: lv.totals.discount ?? null,
    total: lv.totals.total,
    date: new Date("2026-11-26T12:00:00Z"),
  });
}

/** What must survive the trip: per node OZ, kind, level, texts, quantity, unit, prices, kinds. */
const shape = (lv: Lv, prices: boolean) =>
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

/**
 * Exports the LV as X83 and X84 and reads both back as an AVA program would hand them over: the
 * X83 alone, and the X84 as the prices to it. An unpriced LV has no prices to send.
 */
async function expectSameLv(original: Lv) {
  const x83 = Buffer.from(exportAs(original, 83));
  const x84 = Buffer.from(exportAs(original, 84));
  const back83 = await read(x83, "lv.x83");
  expect(back83.phase).toBe(83);
  expect(shape(back83, false)).toEqual(shape(original, false));
  const priced = original.positions.some((p) => p.unitPrice !== null || p.total !== null);
  if (!priced) return back83;
  const merged = await read(x84, "lv.x84", { data: x83, fileName: "lv.x83" });
  expect(merged.baseFileName).toBe("lv.x83");
  expect(shape(merged, true)).toEqual(shape(original, true));
  expect(merged.totals.total).toBe(original.totals.total);
  return merged;
}

const sheet = (name: string) => read(fixture(`sheets/${name}`), name);

describe("GAEB DA XML 3.3 export read back", () => {
  it("rohbau-27.x83 (DA XML) comes back as the same LV", async () => {
    const lv = await read(fixture("rohbau-27.x83"), "rohbau-27.x83");
    expect(lv.positions.filter((p) => p.kind === "item")).toHaveLength(27);
    await expectSameLv(lv);
  });

  it("rohbau-27 with the prices of rohbau-27-preise.x84 comes back with the same prices and total", async () => {
    const lv = await read(fixture("rohbau-27-preise.x84"), "rohbau-27-preise.x84", {
      data: fixture("rohbau-27.x83"),
      fileName: "rohbau-27.x83",
    });
    expect(lv.totals.total).not.toBeNull();
    await expectSameLv(lv);
  });

  it("boq.x83 keeps the sub-description of 01.02.0010 (Trockener Boden, 60 m3)", async () => {
    const lv = await read(fixture("boq.x83"), "boq.x83");
    const back = await expectSameLv(lv);
    expect(back.positions.find((p) => p.oz === "01.02.0010")?.subDescriptions).toEqual([
      { no: "1", shortText: "Trockener Boden", longText: "Trockener Boden je m3.", qty: 60, unit: "m3" },
    ]);
  });

  it("sections.x86 keeps section discounts, surcharges, lump sums, alternative sections and bidder answers: 18 394.60 €", async () => {
    const lv = await read(fixture("sections.x86"), "sections.x86");
    const back = await expectSameLv(lv);
    expect(back.totals).toMatchObject({ total: 18394.6, stated: 18394.6, discount: { percent: 2, amount: null, beforeDiscount: 18770 } });
    expect(back.positions.find((p) => p.oz === "01.04")?.flags.alternative).toEqual({ group: "1", serial: 1 });
  });

  it.each(["rohbau-27.d83", "rohbau-27-cp437.d83", "rohbau-27-ansi.d83", "rohbau-27.d84", "rohbau-27.p83", "rohbau-27.p84"])(
    "the LV read from GAEB 90/2000 %s comes back as the same LV",
    async (name) => {
      const lv = await read(fixture(name), name);
      expect(lv.format).toMatch(/^gaeb-(90|2000)$/);
      expect(lv.positions.filter((p) => p.kind === "item")).toHaveLength(27);
      await expectSameLv(lv);
    },
  );

  it.each(["classic.pdf", "classic-priced.pdf", "compact.pdf", "landscape.pdf"])(
    "the LV read from rendered/%s comes back as the same LV",
    async (name) => {
      const lv = await read(fixture(`rendered/${name}`), name);
      expect(lv.positions.filter((p) => p.kind === "item").length).toBeGreaterThan(10);
      await expectSameLv(lv);
    },
  );

  it.each(["rohbau-gu.xlsx", "rohbau-priced.xlsx", "rohbau-semikolon.csv", "rohbau-komma.csv"])(
    "the LV read from sheets/%s comes back as the same LV",
    async (name) => {
      const lv = await sheet(name);
      expect(lv.positions.filter((p) => p.kind === "item").length).toBeGreaterThan(10);
      await expectSameLv(lv);
    },
  );
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
      throw new Error(`x${phase} ist nicht schemagültig:\n${String((err as { stderr?: string }).stderr ?? err)}`, { cause: err });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it.each([["rohbau-27.x83"], ["boq.x83"], ["sections.x86"]])("the X83 and X84 of %s are valid", async (name) => {
    const lv = await read(fixture(name), name);
    validate(exportAs(lv, 83), 83);
    validate(exportAs(lv, 84), 84);
  });

  it("the X83 and X84 of an LV read from a PDF are valid", async () => {
    const lv = await read(fixture("rendered/classic-priced.pdf"), "classic-priced.pdf");
    validate(exportAs(lv, 83), 83);
    validate(exportAs(lv, 84), 84);
  });

  it("the X83 and X84 of an LV read from Excel are valid", async () => {
    const lv = await sheet("rohbau-priced.xlsx");
    validate(exportAs(lv, 83), 83);
    validate(exportAs(lv, 84), 84);
  });
});
