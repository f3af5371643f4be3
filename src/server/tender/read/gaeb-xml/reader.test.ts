// The reader against every sample file. Expected values were taken by hand from the XML in
// fixtures/ (the sample files of the gaeb-php project, LICENSE-gaeb-php.md), not from the reader's output.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGaebXml } from "./reader";
import type { BoqNode } from "../../types";

const sample = (name: string) => readGaebXml(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url)));

/** The fields a test compares; flags only when set, to keep expectations readable. */
function row(p: BoqNode) {
  const flags = Object.fromEntries(Object.entries(p.flags).filter(([, v]) => v !== null && v !== false));
  return {
    kind: p.kind,
    oz: p.oz,
    level: p.level,
    parentOz: p.parentOz,
    qty: p.qty,
    unit: p.unit,
    unitPrice: p.unitPrice,
    total: p.total,
    flags,
  };
}

const base = { qty: null, unit: "", unitPrice: null, total: null, flags: {} };

describe("boq.x83", () => {
  const parsed = sample("boq.x83");

  it("reads header data", () => {
    expect(parsed).toMatchObject({
      format: "gaeb-xml",
      version: "3.3",
      phase: 83,
      projectName: "PRJ-1",
      boqName: "Leistungsverzeichnis Testhalle",
      currency: "EUR",
      warnings: [],
    });
  });

  it("reads all titles and items with OZ, kind, quantity and unit", () => {
    expect(parsed.positions.map(row)).toEqual([
      { ...base, kind: "title", oz: "01", level: 0, parentOz: null },
      { ...base, kind: "title", oz: "01.02", level: 1, parentOz: "01" },
      // Qty 100 of the item, not the 60 of its SubDescr.
      { ...base, kind: "item", oz: "01.02.0010", level: 2, parentOz: "01.02", qty: 100, unit: "m3" },
      { ...base, kind: "item", oz: "01.02.0020", level: 2, parentOz: "01.02", unit: "psch", flags: { lumpSum: true } },
      { ...base, kind: "title", oz: "03", level: 0, parentOz: null },
      { ...base, kind: "item", oz: "03.0030", level: 1, parentOz: "03", qty: 5, unit: "Stk", flags: { provisional: "WithTotal" } },
      {
        ...base,
        kind: "item",
        oz: "03.0040",
        level: 1,
        parentOz: "03",
        qty: 10,
        unit: "m2",
        flags: { alternative: { group: "1", serial: 1 } },
      },
      // RNoIndex keeps the second 0040 apart.
      {
        ...base,
        kind: "item",
        oz: "03.0040.1",
        level: 1,
        parentOz: "03",
        qty: 10,
        unit: "m2",
        flags: { alternative: { group: "1", serial: 2 } },
      },
      { ...base, kind: "item", oz: "03.0050", level: 1, parentOz: "03", qty: 20, unit: "Std", flags: { hourly: true } },
    ]);
    expect(parsed.positions.filter((p) => p.kind === "item")).toHaveLength(6);
  });

  it("reads labels, short texts and long texts with owner and bidder complements", () => {
    const byOz = new Map(parsed.positions.map((p) => [p.oz, p]));
    expect(byOz.get("01")?.shortText).toBe("Erdarbeiten");
    expect(byOz.get("01.02")?.shortText).toBe("Aushub");
    const first = byOz.get("01.02.0010")!;
    expect(first.id).toBe("I0010");
    expect(first.shortText).toBe("Boden loesen");
    expect(first.longText).toBe("Boden loesen und lagern.\nBodenklasse 3-5.\nBodenklasse: 3-5 (gemaess Bodengutachten) [Bieterangabe: …]");
    expect(first.bidderGaps).toBe(1);
    expect(byOz.get("01.02.0020")?.shortText).toBe("Baustelle einrichten");
    expect(byOz.get("01.02.0020")?.longText).toBe("");
    expect(byOz.get("03.0040.1")?.shortText).toBe("Bodenbelag Premium");
  });

  it("has no prices, so no totals", () => {
    expect(parsed.totals).toEqual({ total: null, stated: null, pricedItems: 0, computedItems: 0 });
  });
});

describe("markup.x83", () => {
  const parsed = sample("markup.x83");

  it("reads remarks, performance descriptions, items, markup items and a not-applicable section", () => {
    expect(parsed.positions.map(row)).toEqual([
      { ...base, kind: "remark", oz: "", level: 0, parentOz: null },
      { ...base, kind: "title", oz: "01", level: 0, parentOz: null },
      { ...base, kind: "remark", oz: "", level: 1, parentOz: "01", flags: { perfDescr: true } },
      { ...base, kind: "item", oz: "01.0010", level: 1, parentOz: "01", qty: 100, unit: "m3" },
      { ...base, kind: "item", oz: "01.0020", level: 1, parentOz: "01", unit: "h", flags: { qtyTBD: true } },
      { ...base, kind: "markup", oz: "01.0090", level: 1, parentOz: "01", flags: { markupType: "AllInCat" } },
      { ...base, kind: "markup", oz: "01.0091", level: 1, parentOz: "01", flags: { markupType: "ListInSubQty" } },
      { ...base, kind: "title", oz: "02", level: 0, parentOz: null, flags: { notApplicable: true } },
    ]);
  });

  it("reads remark and markup texts", () => {
    const [remark, , perf] = parsed.positions;
    expect(remark.longText).toBe("Alle Preise sind netto anzugeben.");
    expect(perf.shortText).toBe("Bodenaushub allgemein");
    expect(perf.longText).toBe("Grundbeschreibung fuer alle Aushubpositionen.");
    expect(parsed.positions[5].shortText).toBe("Zuschlag Kategorie");
    expect(parsed).toMatchObject({ projectName: "Musterprojekt Lagerhalle Nord", boqName: "Zuschlaege und Hinweise" });
  });
});

describe("minimal.x83", () => {
  it("has no BoQ: zero positions and a warning, no crash", () => {
    const parsed = sample("minimal.x83");
    expect(parsed.positions).toEqual([]);
    expect(parsed.phase).toBe(83);
    expect(parsed.projectName).toBe("Neubau Testhalle");
    expect(parsed.totals.total).toBeNull();
    expect(parsed.warnings).toEqual(["Die Datei enthält kein Leistungsverzeichnis (keine Positionen)."]);
  });
});

describe("nonconforming.x83", () => {
  it("reads the item without ID and description directly under BoQBody", () => {
    const parsed = sample("nonconforming.x83");
    expect(parsed.positions.map(row)).toEqual([{ ...base, kind: "item", oz: "0010", level: 0, parentOz: null, qty: 5, unit: "St" }]);
    expect(parsed.positions[0]).toMatchObject({ id: null, shortText: "", longText: "" });
    expect(parsed.projectName).toBe("Altbau Sanierung");
    expect(parsed.boqName).toBe("LV Sanierung");
  });
});

describe("priced.x84", () => {
  const parsed = sample("priced.x84");

  it("reads unit prices and totals", () => {
    expect(parsed.phase).toBe(84);
    expect(parsed.positions.map(row)).toEqual([
      { ...base, kind: "title", oz: "01", level: 0, parentOz: null, total: 1250 },
      { ...base, kind: "item", oz: "01.0010", level: 1, parentOz: "01", qty: 100, unitPrice: 12.5, total: 1250 },
      { ...base, kind: "title", oz: "90", level: 0, parentOz: null, total: 200 },
      { ...base, kind: "item", oz: "90.0010", level: 1, parentOz: "90", unitPrice: 200, total: 200 },
    ]);
  });

  it("sums to the stated total of 1450.00", () => {
    expect(parsed.totals).toEqual({ total: 1450, stated: 1450, pricedItems: 2, computedItems: 0 });
    expect(parsed.warnings).toContain(
      "Die Positionen enthalten keine Texte (bei Angebotsdateien .x84 üblich). Für die Textprüfung bitte die zugehörige Angebotsaufforderung (.x83) hochladen.",
    );
  });
});

describe("realistic.x84", () => {
  const parsed = sample("realistic.x84");

  it("reads items, ignoring SubDescr quantities and prices", () => {
    expect(parsed.positions.map(row)).toEqual([
      { ...base, kind: "title", oz: "01", level: 0, parentOz: null, total: 2899 },
      { ...base, kind: "item", oz: "01.0010", level: 1, parentOz: "01", qty: 50, unitPrice: 45.5, total: 2275 },
      { ...base, kind: "item", oz: "01.0010.1", level: 1, parentOz: "01", qty: 12, unitPrice: 52, total: 624 },
      { ...base, kind: "title", oz: "02", level: 0, parentOz: null, total: 6750 },
      { ...base, kind: "title", oz: "02.01", level: 1, parentOz: "02", total: 6750 },
      { ...base, kind: "item", oz: "02.01.0010", level: 2, parentOz: "02.01", qty: 30, unitPrice: 185, total: 5550 },
      { ...base, kind: "item", oz: "02.01.0020", level: 2, parentOz: "02.01", unitPrice: 1200, total: 1200 },
    ]);
  });

  it("keeps a filled bidder complement as the bidder's answer, not as long text or an open gap", () => {
    const item = parsed.positions[1];
    expect(item.longText).toBe("");
    expect(item.bidderAnswers).toEqual([{ caption: "", answer: "Fabrikat: Muster GmbH, Typ ABC-500" }]);
    expect(item.bidderGaps).toBe(0);
  });

  it("applies the LV-wide 5 % discount: 9 649.00 less 482.45 is the stated 9 166.55, without a mismatch warning", () => {
    expect(parsed.totals).toEqual({
      total: 9166.55,
      stated: 9166.55,
      pricedItems: 4,
      computedItems: 0,
      discount: { percent: 5, amount: null, beforeDiscount: 9649 },
    });
    expect(parsed.warnings.some((w) => w.includes("weicht"))).toBe(false);
    expect(parsed.projectName).toBe("Neubau Lagerhalle Nord - Musterausschreibung");
  });
});
