import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGaebXml } from "../reader";
import { emptyFlags, newNode, type BoqNode } from "../types";
import { runPrecheck } from "./run";

const sample = (name: string) => readGaebXml(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));

const item = (oz: string, fields: Partial<BoqNode> = {}) =>
  newNode("item", { oz, shortText: "Wand streichen", qty: 10, unit: "m2", ...fields });

describe("runPrecheck", () => {
  it("finds the expected hints in boq.x83, each naming its position", () => {
    const { findings, counts } = runPrecheck(sample("boq.x83"));
    expect(findings.map((f) => [f.oz, f.ruleId])).toEqual([
      ["01.02.0010", "bieterangaben-offen"],
      ["01.02.0010", "verweis-unterlagen"],
      ["01.02.0010", "bodenklassen"],
      ["01.02.0020", "pauschalposition"],
      ["03.0030", "bedarfsposition"],
      ["03.0040", "wahlposition"],
      ["03.0040.1", "wahlposition"],
      ["03.0050", "stundenlohn"],
    ]);
    expect(counts.total).toBe(8);
    expect(counts.bySeverity).toEqual({ hinweis: 4, warnung: 4, risiko: 0 });
    expect(counts.byRule.wahlposition).toBe(2);
    expect(counts.byRule.vertragsstrafe).toBe(0);
    expect(counts.nachtragspotenzial).toBe(1);
  });

  it("explains each finding and quotes the wording in its original spelling", () => {
    const { findings } = runPrecheck({ positions: [item("01.0010", { longText: "Farbton gemäß Angabe AG." })] });
    expect(findings).toEqual([
      {
        ruleId: "nach-angabe-ag",
        oz: "01.0010",
        kind: "item",
        severity: "warnung",
        category: "leistungsbeschreibung",
        title: "Leistung „nach Angabe/Anweisung“",
        why: expect.stringContaining("später"),
        basis: "§ 1 Abs. 3 und 4, § 2 Abs. 5 und 6 VOB/B",
        nachtragspotenzial: true,
        excerpt: "gemäß Angabe",
      },
    ]);
  });

  it("checks not-applicable positions only for the 'entfällt' rule", () => {
    const { findings } = runPrecheck({
      positions: [item("01.0010", { qty: null, longText: "bauseits", flags: { ...emptyFlags(), notApplicable: true } })],
    });
    expect(findings.map((f) => f.ruleId)).toEqual(["position-entfaellt"]);
  });

  it("checks remarks (Vorbemerkungen) with the text rules only", () => {
    const remark = newNode("remark", { longText: "Vertragsstrafe 0,3 % je Werktag." });
    const { findings } = runPrecheck({ positions: [remark] });
    expect(findings.map((f) => [f.kind, f.ruleId])).toEqual([["remark", "vertragsstrafe"]]);
  });
});
