import { describe, expect, it } from "vitest";
import { findingsByOz, findingsByTitle, lvFindings, potentialByBasis, sectionStats } from "./summary";
import type { BoqFinding, BoqPosition } from "../../common/types";

const f = (fields: Partial<BoqFinding>): BoqFinding => ({
  id: "bedarfsposition-1",
  ruleId: "bedarfsposition",
  scope: "position",
  source: "rule",
  oz: "01.0010",
  severity: "warnung",
  title: "Bedarfs-/Eventualposition",
  why: "…",
  nachtragspotenzial: false,
  ...fields,
});

describe("LV tab summaries", () => {
  it("groups findings by OZ in one pass and lists the LV-wide ones", () => {
    const findings = [
      f({}),
      f({ ruleId: "menge-unplausibel", title: "Menge" }),
      f({ oz: "02.0010" }),
      f({ scope: "lv", oz: null, ruleId: "fehlt-beton-nachbehandlung" }),
      f({ scope: "lv", oz: "03.0010", ruleId: "oz-doppelt" }),
    ];
    const byOz = findingsByOz(findings);
    expect(byOz.get("01.0010")?.map((x) => x.ruleId)).toEqual(["bedarfsposition", "menge-unplausibel"]);
    expect(byOz.get("03.0010")?.length).toBe(1);
    expect([...byOz.keys()]).toEqual(["01.0010", "02.0010", "03.0010"]);
    expect(lvFindings(findings).map((x) => x.ruleId)).toEqual(["fehlt-beton-nachbehandlung", "oz-doppelt"]);
  });

  it("counts model findings as one group „KI-Hinweise“", () => {
    const groups = findingsByTitle([
      f({}),
      f({ source: "model", ruleId: "modell", title: "Ist die Menge richtig?" }),
      f({ source: "model", ruleId: "modell", title: "Wer liefert?" }),
    ]);
    expect(groups).toEqual([
      { title: "KI-Hinweise", severity: "warnung", count: 2 },
      { title: "Bedarfs-/Eventualposition", severity: "warnung", count: 1 },
    ]);
  });

  it("orders the money by basis, largest first; none without prices", () => {
    expect(potentialByBasis({ totalEur: 3, count: 2, byBasis: { "§ 2 Abs. 3 VOB/B": 1, "§ 2 Abs. 7 VOB/B": 2 } })).toEqual([
      { basis: "§ 2 Abs. 7 VOB/B", eur: 2 },
      { basis: "§ 2 Abs. 3 VOB/B", eur: 1 },
    ]);
    expect(potentialByBasis(null)).toEqual([]);
  });

  it("takes a section's value after its discount or lump sum, and leaves out an alternative section's items", () => {
    const node = (fields: Partial<BoqPosition>): BoqPosition => ({
      seq: 0,
      kind: "item",
      level: 1,
      oz: null,
      parentOz: null,
      shortText: null,
      longText: null,
      qty: null,
      unit: null,
      unitPrice: null,
      total: null,
      kinds: ["item"],
      ...fields,
    });
    const section = { discountPercent: null, discountAmount: null, lumpSum: 4500, subtotal: 5000 };
    const stats = sectionStats([
      node({ kind: "title", level: 0, oz: "01", shortText: "Rohbau", total: null, kinds: ["title"] }),
      node({ oz: "01.0010", total: 1000 }),
      node({ oz: "01.0020", total: 400, kinds: ["item", "alternative"] }),
      node({ kind: "title", level: 0, oz: "02", shortText: "Baustelle", total: 4500, kinds: ["title"], section }),
      node({ oz: "02.0010", total: 3200 }),
      node({ oz: "02.0020", total: 1800 }),
    ]);
    expect(stats).toEqual([
      { oz: "01", label: "01 Rohbau", items: 2, value: 1000 },
      { oz: "02", label: "02 Baustelle", items: 2, value: 4500 },
    ]);
  });
});
