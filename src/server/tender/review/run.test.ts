import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGaebXml } from "../read/gaeb-xml/reader";
import { emptyFlags, newNode, type BoqNode } from "../types";
import { clauseFindings, reviewTenderClauses } from "./clauses";
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
      // a Bedarfsposition counted in the total (WithTotal); the ordinary Wahl- and Stundenlohn
      // positions with their quantities get no finding of their own (issue 24)
      ["03.0030", "bedarfsposition"],
      // LV rules, after the position rules: "Boden lösen und lagern" without any Abfuhr, and
      // the alternatives 03.0040/03.0040.1 (ALNSerNo 1 and 2) have no base position.
      [null, "fehlt-erdarbeiten-entsorgung"],
      ["03.0040", "wahlposition-ohne-grundposition"],
    ]);
    expect(counts.total).toBe(6);
    expect(counts.bySeverity).toEqual({ hinweis: 1, warnung: 5, risiko: 0 });
    expect(counts.byRule.wahlposition).toBe(0);
    expect(counts.byRule.vertragsstrafe).toBe(0);
    expect(counts.byRule["wahlposition-ohne-grundposition"]).toBe(1);
    expect(counts.nachtragspotenzial).toBe(1);
  });

  it("reports LV-wide findings with scope lv, evidence and the positions they relate to", () => {
    const { findings } = runPrecheck(sample("boq.x83"), []);
    expect(findings.find((f) => f.ruleId === "wahlposition-ohne-grundposition")).toEqual({
      ruleId: "wahlposition-ohne-grundposition",
      scope: "lv",
      source: "rule",
      oz: "03.0040",
      kind: "item",
      severity: "warnung",
      category: "struktur",
      title: "Wahlposition ohne Grundposition",
      why: expect.stringContaining("keine Grundposition"),
      basis: expect.stringContaining("VOB/A"),
      nachtragspotenzial: false,
      evidence: "Gruppe 1: 03.0040 (Wahl 1), 03.0040.1 (Wahl 2); keine Grundposition (ALNSerNo 0)",
      relatedOz: ["03.0040.1"],
    });
    const question = findings.find((f) => f.ruleId === "fehlt-erdarbeiten-entsorgung")!;
    expect(question).toMatchObject({ scope: "lv", oz: null, kind: null, category: "vollstaendigkeit", relatedOz: ["01.02.0010"] });
    expect(question.why).toMatch(/an anderer Stelle ausgeschrieben .*\?/);
  });

  it("asks only honest questions on the clean Rohbau LV (rohbau-27.x83)", () => {
    const { findings } = runPrecheck(sample("rohbau-27.x83"), []);
    // Baustelleneinrichtung, Entsorgung, Bewehrung, Schalung, Stürze and Abdichtung are there,
    // the Baugrube is geböscht; only the Nachbehandlung of the concrete is nowhere mentioned.
    expect(findings.map((f) => [f.ruleId, f.oz])).toEqual([["fehlt-beton-nachbehandlung", null]]);
  });

  it("runs the LV rules over the preamble and counts them, and the clause findings it is given, like the position rules", () => {
    const clause = {
      ...clauseFindings(
        reviewTenderClauses({
          positions: [],
          preamble: "Vertragsstrafe: 0,3 % der Auftragssumme je Werktag, insgesamt höchstens 10 % der Auftragssumme.",
        }).entries,
      )[0],
    };
    const { findings, counts } = runPrecheck(
      { positions: [item("01.0010")], preamble: "Winterbaumaßnahmen sind in die Einheitspreise einzurechnen." },
      undefined,
      undefined,
      [clause],
    );
    expect(findings.map((f) => [f.ruleId, f.scope, f.severity])).toEqual([
      ["besondere-leistung-eingerechnet", "lv", "warnung"],
      ["klausel-vertragsstrafe", "lv", "risiko"],
    ]);
    expect(findings[0].excerpt).toBe("Winterbaumaßnahmen sind in die Einheitspreise einzurechnen.");
    expect(counts.bySeverity).toEqual({ hinweis: 0, warnung: 1, risiko: 1 });
    expect(counts.byRule["klausel-vertragsstrafe"]).toBe(1);
  });

  it("explains each finding and quotes the wording in its original spelling", () => {
    const { findings } = runPrecheck({ positions: [item("01.0010", { longText: "Farbton gemäß Angabe AG." })] });
    expect(findings).toEqual([
      {
        ruleId: "nach-angabe-ag",
        scope: "position",
        source: "rule",
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

  it("checks remarks (Vorbemerkungen) with the text rules only; their clauses go to the clause review", () => {
    const remark = newNode("remark", { longText: "Vertragsstrafe 0,3 % je Werktag." });
    const { findings } = runPrecheck({ positions: [remark] });
    expect(findings.filter((f) => f.scope === "position").map((f) => [f.kind, f.ruleId])).toEqual([["remark", "vertragsstrafe"]]);
    expect(findings.filter((f) => f.scope === "lv")).toEqual([]);
    const penalty = reviewTenderClauses({ positions: [remark] }).entries.find((e) => e.type === "vertragsstrafe")!;
    expect(penalty).toMatchObject({
      status: "geregelt",
      verdict: "kritisch",
      document: "Vorbemerkungen",
      quote: "Vertragsstrafe 0,3 % je Werktag.",
    });
  });
});
