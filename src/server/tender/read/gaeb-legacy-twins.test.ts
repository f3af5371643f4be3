// GAEB 90 and GAEB 2000 files of the 27-item Rohbau LV (written by scripts/write-legacy-gaeb-fixtures.ts
// in the code pages DOS and Windows programs used) read exactly like its DA XML X83 and X84.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGaeb2000 } from "./gaeb-2000/reader";
import { readGaeb90 } from "./gaeb-90/reader";
import { readGaebXml } from "./gaeb-xml/reader";
import { mergePrices } from "./merge-prices";
import { twinDifferences } from "./twin-compare";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const x83 = readGaebXml(fixture("rohbau-27.x83"));
const x84 = mergePrices(x83, readGaebXml(fixture("rohbau-27-preise.x84")), "rohbau-27.x83");

describe("GAEB 90 (.d83) twins of the X83", () => {
  it.each([
    ["rohbau-27.d83", "DOS-Codepage 437/850"],
    ["rohbau-27-cp437.d83", "DOS-Codepage 437/850"],
    ["rohbau-27-ansi.d83", null],
  ])("%s reads like the X83: OZ, titles, quantities, units, texts, kinds", (name, codePage) => {
    const d83 = readGaeb90(fixture(name));
    expect(d83).toMatchObject({
      format: "gaeb-90",
      version: "90",
      phase: 83,
      currency: "EUR",
      boqName: "LV 100 Rohbauarbeiten MFH Lindenweg 7",
    });
    expect(twinDifferences(d83, x83)).toEqual([]);
    expect(d83.positions.filter((p) => p.kind === "item")).toHaveLength(27);
    if (codePage)
      expect(d83.warnings).toEqual([`Die Datei ist im Zeichensatz ${codePage} geschrieben; Umlaute wurden entsprechend gelesen.`]);
    else expect(d83.warnings).toEqual([]);
  });

  it("keeps umlauts, ß, ° and the OZ mask 11PPPP of the DOS file", () => {
    const d83 = readGaeb90(fixture("rohbau-27.d83"));
    const item = d83.positions.find((p) => p.oz === "02.0020")!;
    expect(item).toMatchObject({
      kind: "item",
      level: 1,
      parentOz: "02",
      qty: 1240.5,
      unit: "m3",
      shortText: "Baugrube ausheben, Homogenbereich B1",
    });
    expect(item.longText.replace(/\s+/g, " ")).toContain("geböschten Wänden ausheben, Böschungswinkel 60°");
    expect(d83.positions[0]).toMatchObject({ kind: "title", oz: "01", level: 0, shortText: "Baustelleneinrichtung" });
  });

  it("reads Bedarfs-, Grund-, Wahl-, Pauschal- and Stundenlohnpositionen from the kind letters", () => {
    const flags = (oz: string) => readGaeb90(fixture("rohbau-27.d83")).positions.find((p) => p.oz === oz)!.flags;
    expect(flags("01.0030").provisional).toBe("WithoutTotal");
    expect(flags("04.0010").alternative).toEqual({ group: "04.0010", serial: 0 });
    expect(flags("04.0020").alternative).toEqual({ group: "04.0010", serial: 1 });
    expect(flags("01.0010").lumpSum).toBe(true);
    expect(flags("03.0090").hourly).toBe(true);
  });
});

describe("GAEB 90 (.d84) twin of the X83 completed by its X84", () => {
  it("reads unit prices and item totals from record 23 and sums to the X84's total", () => {
    const d84 = readGaeb90(fixture("rohbau-27.d84"));
    expect(d84.phase).toBe(84);
    // The LV total of a GAEB 90 file (end record 99) is not read, so there is no stated total.
    expect(twinDifferences(d84, { ...x84, totals: { ...x84.totals, stated: null } })).toEqual([]);
    expect(d84.totals.total).toBe(345886.15);
    expect(d84.positions.find((p) => p.oz === "01.0030")).toMatchObject({
      unitPrice: 0.65,
      total: 312,
      flags: { provisional: "WithoutTotal" },
    });
  });
});

describe("GAEB 2000 (.p83/.p84) twins of the X83 and X84", () => {
  it("the P83 (plain and RTF long texts) reads like the X83", () => {
    const p83 = readGaeb2000(fixture("rohbau-27.p83"));
    expect(p83).toMatchObject({
      format: "gaeb-2000",
      version: "2000 1.2",
      phase: 83,
      projectName: "Neubau Mehrfamilienhaus Lindenweg 7 – Rohbau",
    });
    expect(twinDifferences(p83, x83)).toEqual([]);
    expect(p83.warnings).toEqual([]);
    expect(p83.totals.total).toBeNull();
  });

  it("the P84 reads like the X83 completed by its X84: prices, item totals and the stated total to the cent", () => {
    const p84 = readGaeb2000(fixture("rohbau-27.p84"));
    expect(p84.phase).toBe(84);
    expect(twinDifferences(p84, x84)).toEqual([]);
    expect(p84.totals).toMatchObject({ total: 345886.15, stated: 345886.15 });
    expect(p84.positions.find((p) => p.oz === "01.0010")).toMatchObject({ unitPrice: 18500, total: 18500 });
  });
});
