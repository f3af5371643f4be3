import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseTender } from "../index";
import { basisKey, penaltyCap, priceFindings } from "./money";
import { PRECHECK_RULES } from "../review/rules";
import type { Finding } from "../review/types";
import { newNode, type BoqNode } from "../types";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const rohbau = () =>
  analyseTender(fixture("rohbau-27-preise.x84"), "rohbau-27-preise.x84", {
    base: { data: fixture("rohbau-27.x83"), fileName: "rohbau-27.x83" },
  });

const item = (oz: string, qty: number | null, unit: string, unitPrice: number | null, fields: Partial<BoqNode> = {}): BoqNode =>
  newNode("item", {
    oz,
    qty,
    unit,
    unitPrice,
    total: qty !== null && unitPrice !== null ? Math.round(qty * unitPrice * 100) / 100 : null,
    shortText: `Position ${oz}`,
    ...fields,
  });

const lv = (positions: BoqNode[], total: number | null, preamble = "") => ({
  positions,
  totals: { total, stated: null, pricedItems: 0, computedItems: 0 },
  preamble,
});

const finding = (fields: Partial<Finding> & Pick<Finding, "ruleId" | "category">): Finding => ({
  scope: "position",
  oz: null,
  kind: "item",
  source: "rule",
  severity: "warnung",
  title: fields.ruleId,
  why: "Begründung.",
  nachtragspotenzial: false,
  ...fields,
});

/** The position rules that fire on rohbau-27 (LV-wide rules are checked generically below). */
const POSITION_RULES = new Set([
  "pauschalposition",
  "bedarfsposition",
  "verweis-unterlagen",
  "bieterangaben-offen",
  "stundenlohn",
  "nach-angabe-ag",
  "wahlposition",
]);

/** Ordinary Bedarfs-, Stundenlohn- and Wahlpositionen get no finding of their own (issue 24);
 *  the formulas for when they do are checked on these positions of rohbau-27. */
const ofRule = (ruleId: string, oz: string) => {
  const rule = PRECHECK_RULES.find((r) => r.id === ruleId)!;
  return finding({
    ruleId,
    oz,
    category: rule.category,
    severity: rule.severity,
    why: rule.why,
    ...(rule.basis ? { basis: rule.basis } : {}),
  });
};
const KIND_FINDINGS = [
  ofRule("bedarfsposition", "01.0030"),
  ofRule("bedarfsposition", "02.0050"),
  ofRule("stundenlohn", "03.0090"),
  ofRule("wahlposition", "04.0020"),
];
const withKindFindings = (a: Awaited<ReturnType<typeof rohbau>>) => ({
  ...a,
  findings: priceFindings([...a.findings.filter((f) => !KIND_FINDINGS.some((k) => k.ruleId === f.ruleId)), ...KIND_FINDINGS], a).findings,
});

describe("money at stake on rohbau-27.x83 with the prices of rohbau-27-preise.x84", () => {
  it("ordinary Bedarfs-, Stundenlohn- and Wahlpositionen with quantities get no finding", async () => {
    const a = await rohbau();
    for (const ruleId of ["bedarfsposition", "stundenlohn", "wahlposition"])
      expect(a.findings.filter((f) => f.ruleId === ruleId)).toEqual([]);
  });

  it("prices the position findings by the table: Risiko and Chance apart, each amount once", async () => {
    const a = withKindFindings(await rohbau());
    const get = (oz: string, ruleId: string) => a.findings.find((f) => f.oz === oz && f.ruleId === ruleId);
    // A Baustelleneinrichtung is a lump sum by nature: no warning, no money (issue 24).
    expect(get("01.0010", "pauschalposition")).toBeUndefined();
    expect(get("01.0030", "bedarfsposition")).toMatchObject({ potentialEur: 312, effect: "chance" }); // 480 mWo × 0,65 €
    expect(get("02.0050", "bedarfsposition")).toMatchObject({ potentialEur: 2520, effect: "chance" }); // 6 Wo × 420 €
    expect(get("03.0090", "stundenlohn")).toMatchObject({ potentialEur: 2320, effect: "offen" }); // 40 h × 58 €: no loss
    expect(get("03.0090", "nach-angabe-ag")).toBeUndefined(); // "nach Anordnung" is what Stundenlohn means
    expect(get("04.0020", "wahlposition")).toMatchObject({ potentialEur: 2560, effect: "offen" }); // 640 m² × (66 € − 62 €)
    expect(get("02.0020", "verweis-unterlagen")?.potentialEur).toBeNull(); // a hint: no money question
    expect(a.findings.every((f) => f.potentialEur !== undefined && f.priceNeeded === undefined)).toBe(true);

    const core = priceFindings(
      a.findings.filter((f) => POSITION_RULES.has(f.ruleId)),
      a,
    );
    // Stundenlohn and Wahlposition are open, never summed; the Bedarfspositionen are chances.
    expect(core.money.risk).toEqual({ eur: 0, count: 0, byBasis: {} });
    expect(core.money.chance).toEqual({ eur: 2832, count: 2, byBasis: { "§ 7 Abs. 1 Nr. 4 VOB/A": 2832 } });
    expect(core.potential).toEqual({ totalEur: 0, count: 0, byBasis: {} });
    expect(get("02.0050", "bedarfsposition")!.why).toMatch(/ Chance \(Nachtragspotenzial\): der Gesamtbetrag/);
  });

  it("a question about missing work is a chance without an amount; the analysis carries both totals", async () => {
    const a = await rohbau();
    const missing = a.findings.filter((x) => x.scope === "lv" && x.category === "vollstaendigkeit");
    expect(missing.map((f) => f.ruleId)).toContain("fehlt-beton-nachbehandlung");
    for (const f of missing) {
      expect(f.potentialEur ?? null, f.ruleId).toBeNull();
      expect(f.effect).toBe("chance");
    }
    const again = priceFindings(a.findings, a);
    expect(a.potential).toEqual(again.potential);
    expect(a.money).toEqual(again.money);
    expect(a.potential!.totalEur).toBe(a.money!.risk!.eur);
    const byBasisCents = Object.values(a.money!.risk!.byBasis).reduce((s, v) => s + Math.round(v * 100), 0);
    expect(byBasisCents).toBe(Math.round(a.money!.risk!.eur * 100));
    expect(a.money!.estimate).toBeNull(); // a real price always wins
  });

  it("without prices: no real amounts, an estimate from the reference prices marked as such", async () => {
    const a = await analyseTender(fixture("rohbau-27.x83"), "rohbau-27.x83");
    expect(a.potential).toBeNull();
    expect(a.findings.every((f) => f.potentialEur === null)).toBe(true);
    const kinds = withKindFindings(a);
    const get = (oz: string, ruleId: string) => kinds.findings.find((f) => f.oz === oz && f.ruleId === ruleId);
    expect(get("01.0030", "bedarfsposition")!.priceNeeded).toBe(
      "Mit einem Einheitspreis für OZ 01.0030 ließe sich der Betrag beziffern: Menge × EP.",
    );
    expect(get("04.0020", "wahlposition")!.priceNeeded).toBe(
      "Mit Einheitspreisen für OZ 04.0020, OZ 04.0010 ließe sich der Betrag beziffern: Differenz von Menge × EP der Wahl- und der Grundposition.",
    );
    expect(get("02.0020", "verweis-unterlagen")!.priceNeeded).toBeUndefined();
    expect(a.money!.risk).toBeNull();
    const estimate = a.money!.estimate!;
    expect(estimate.label).toBe("Schätzung (Richtwert)");
    expect(estimate.priceLevel).toBe("Preisstand 2. Quartal 2025 (kein neuerer Baupreisindex hinterlegt)");
    expect(estimate.lvTotal.low).toBeGreaterThan(0);
    expect(estimate.lvTotal.high).toBeGreaterThan(estimate.lvTotal.low);
    const estimated = kinds.findings.filter((f) => f.potentialEurEstimate);
    expect(estimated.length).toBeGreaterThan(0);
    for (const f of estimated) expect(f.potentialEurEstimate!.high).toBeGreaterThanOrEqual(f.potentialEurEstimate!.low);
  });

  it("keeps the analysis JSON-serialisable", async () => {
    const a = await rohbau();
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});

describe("priceFindings", () => {
  const positions = [
    newNode("title", { oz: "01", shortText: "Erdarbeiten" }),
    item("01.0010", 850, "m2", 3.9), // 3 315,00
    item("01.0020", 980, "m3", 24.5), // 24 010,00
    item("01.0030", 120, "m", null), // no price
    item("01.0040", null, "m3", 12.4), // no quantity
    item("01.0020", 980, "m3", 24.5, { shortText: "Aushub abfahren (doppelt)" }), // duplicate OZ
    newNode("remark", { longText: "Vertragsstrafe: 0,2 % der Auftragssumme je Werktag, höchstens 5 % der Auftragssumme." }),
  ];
  const lvTotal = 3315 + 24010 + 24010;

  it("a quantity finding: 10 % of the position total (§ 2 Abs. 3 VOB/B), counted once per position", () => {
    const { findings, potential } = priceFindings(
      [
        finding({ ruleId: "menge-auffaellig-gross", category: "menge", oz: "01.0010", basis: "§ 2 Abs. 3 VOB/B" }),
        finding({ ruleId: "menge-unplausibel", category: "menge", oz: "01.0010", basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 3 VOB/B" }),
      ],
      lv(positions, lvTotal),
    );
    expect(findings.map((f) => f.potentialEur)).toEqual([331.5, 331.5]);
    expect(findings[1].why).toBe(
      "Begründung. Betrag im Risiko: 10 % des Gesamtbetrags – die Wirkung einer Mengenabweichung um 10 %; darüber hinaus kann nach § 2 Abs. 3 VOB/B ein neuer Preis verlangt werden.",
    );
    expect(potential).toEqual({ totalEur: 331.5, count: 2, byBasis: { "§ 2 Abs. 3 VOB/B": 331.5 } });
  });

  it("names the missing unit price or quantity", () => {
    const { findings } = priceFindings(
      [
        finding({ ruleId: "menge-auffaellig-gross", category: "menge", oz: "01.0030" }),
        finding({ ruleId: "menge-fehlt", category: "menge", oz: "01.0040" }),
      ],
      lv(positions, lvTotal),
    );
    expect(findings[0]).toMatchObject({
      potentialEur: null,
      priceNeeded: "Mit einem Einheitspreis für OZ 01.0030 ließe sich der Betrag beziffern: 10 % von Menge × EP.",
    });
    expect(findings[1]).toMatchObject({
      potentialEur: null,
      priceNeeded: "Mit einer Menge für OZ 01.0040 ließe sich der Betrag beziffern: 10 % von Menge × EP.",
    });
  });

  it("a duplicate: the later occurrence's total", () => {
    const { findings, potential } = priceFindings(
      [finding({ ruleId: "oz-doppelt", category: "struktur", scope: "lv", kind: null, oz: "01.0020" })],
      lv(positions, lvTotal),
    );
    expect(findings[0].potentialEur).toBe(24010);
    expect(potential?.totalEur).toBe(24010);
    expect(potential?.byBasis).toEqual({ "ohne Grundlage": 24010 });
  });

  it("an LV-wide finding: the sum over its related positions, null without them or for missing work", () => {
    const { findings, potential } = priceFindings(
      [
        finding({
          ruleId: "abdichtung-ohne-schutz",
          category: "struktur",
          scope: "lv",
          kind: null,
          relatedOz: ["01.0010", "01.0040"],
          source: "model",
          severity: "hinweis",
        }),
        finding({ ruleId: "kein-baugrundgutachten", category: "vollstaendigkeit", scope: "lv", kind: null }),
        finding({ ruleId: "verhaeltnis-schalung-beton", category: "menge", scope: "lv", kind: null, relatedOz: ["01.0010", "01.0020"] }),
      ],
      lv(positions.slice(0, 4).concat(item("01.0040", 260, "m3", 12.4)), lvTotal),
    );
    expect(findings.map((f) => f.potentialEur)).toEqual([3315 + 3224, null, 331.5 + 2401]);
    expect(findings.map((f) => f.effect)).toEqual(["offen", "chance", "risiko"]);
    expect(findings[1].priceNeeded).toBeUndefined();
    // The related sum is open (never summed); the quantity finding is the risk.
    expect(potential).toEqual({ totalEur: 331.5 + 2401, count: 1, byBasis: { "ohne Grundlage": 2732.5 } });
  });

  it("a contract penalty: its cap found in the LV (not the rate per day) × the LV total", () => {
    const { findings, potential } = priceFindings(
      [
        finding({
          ruleId: "vertragsstrafe",
          category: "vertrag",
          oz: "",
          kind: "remark",
          basis: "§ 11 VOB/B; § 9a VOB/A",
          excerpt: "Vertragsstrafe",
        }),
        finding({
          ruleId: "model-vertragsstrafe",
          category: "vertrag",
          scope: "lv",
          oz: null,
          kind: null,
          source: "model",
          title: "Ist die Vertragsstrafe gedeckelt?",
        }),
      ],
      lv(positions, lvTotal),
    );
    // 5 % of 51 335,00 €
    expect(findings.map((f) => f.potentialEur)).toEqual([2566.75, 2566.75]);
    expect(findings[0].why).toContain("Betrag im Risiko: 5 % der Angebotssumme – die Obergrenze der Vertragsstrafe laut LV.");
    expect(potential).toEqual({ totalEur: 2566.75, count: 2, byBasis: { "§ 11 VOB/B": 2566.75 } });
  });

  it("a contract penalty without a cap in the LV: 5 %, and says so", () => {
    const { findings } = priceFindings(
      [finding({ ruleId: "vertragsstrafe", category: "vertrag", oz: "01.0010", excerpt: "Vertragsstrafe" })],
      lv(positions.slice(0, 3), 1000),
    );
    expect(findings[0].potentialEur).toBe(50);
    expect(findings[0].why).toContain("mindestens 5 % der Angebotssumme – das LV nennt keine Obergrenze der Vertragsstrafe");
    expect(findings[0].why).not.toContain("Obergrenze laut LV");
  });

  it("a quantity clause: keeping the unit price risks the overhead on the deviation, unpaid quantities the whole share", () => {
    const base = [item("01.0010", 100, "m2", 100)]; // LV total 10 000 €
    const clause = (excerpt: string) =>
      finding({ ruleId: "klausel-mengenaenderung", category: "vertrag", scope: "lv", kind: null, severity: "risiko", excerpt });
    const { findings } = priceFindings(
      [
        clause("Abweichungen der Mengen der Bedarfspositionen von bis zu 50 % berechtigen nicht zu einer Änderung der Einheitspreise."),
        clause("Die Einheitspreise bleiben auch bei Mengenabweichungen von mehr als 20 % unverändert."),
        clause("Mehrmengen bis zu 10 % je Position werden nicht gesondert vergütet."),
        clause("Mindermengen bis 15 % sind ohne Vergütung hinzunehmen; eine Änderung der Einheitspreise ist ausgeschlossen."),
      ],
      lv(base, 10000),
    );
    // 50 % × 10 % and 20 % × 10 % of 10 000 €; unpaid: 10 % and 15 %
    expect(findings.map((f) => f.potentialEur)).toEqual([500, 200, 1000, 1500]);
  });

  it("a clause raised by the wording model gets no amount: a percentage in it says nothing of the stake", () => {
    const base = [item("01.0010", 100, "m2", 100)]; // LV total 10 000 €
    const excerpt = "Abschlagszahlungen werden erst nach Fertigstellung von 90 % der Leistung geleistet.";
    const clause = (wording: boolean) =>
      finding({
        ruleId: "klausel-abschlagszahlungen",
        category: "vertrag",
        scope: "lv",
        kind: null,
        severity: "warnung",
        excerpt,
        clause: { type: "abschlagszahlungen", verdict: "prüfen", status: "geregelt", ...(wording ? { wording } : {}) },
      });
    const { findings } = priceFindings([clause(false), clause(true)], lv(base, 10000));
    expect(findings.map((f) => f.potentialEur ?? null)).toEqual([9000, null]);
  });

  it("LV contract rules: the cap in the quoted sentence, not the usual limit named in the evidence", () => {
    const base = [item("01.0010", 100, "m2", 100)]; // LV total 10 000 €
    const { findings, potential } = priceFindings(
      [
        finding({
          ruleId: "vertragsstrafe-obergrenze",
          category: "vertrag",
          scope: "lv",
          kind: null,
          severity: "risiko",
          basis: "§ 11 VOB/B; § 9a VOB/A",
          excerpt: "Die Vertragsstrafe beträgt 0,3 % je Werktag, insgesamt höchstens 10 % der Auftragssumme.",
          evidence: "Obergrenze 10 %; zulässig höchstens 5 % der Auftragssumme",
        }),
        finding({
          ruleId: "vertragsstrafe-tagessatz",
          category: "vertrag",
          scope: "lv",
          kind: null,
          excerpt: "Die Vertragsstrafe beträgt 0,3 % je Werktag",
          evidence: "0,3 % je Werktag; üblich bis 0,2 % je Werktag",
        }),
        finding({
          ruleId: "sicherheit-hoch",
          category: "vertrag",
          scope: "lv",
          kind: null,
          basis: "§ 17 VOB/B; § 9c Abs. 2 VOB/A",
          excerpt: "Als Sicherheit für die Vertragserfüllung sind 10 % der Auftragssumme zu leisten.",
        }),
        finding({
          ruleId: "bauzeit-fehlt",
          category: "vertrag",
          scope: "lv",
          kind: null,
          evidence: "900 Zeichen Vorbemerkungen ohne Bauzeit",
        }),
      ],
      lv(
        base,
        10_000,
        "Die Vertragsstrafe beträgt 0,3 % je Werktag, insgesamt höchstens 10 % der Auftragssumme. Als Sicherheit für die Vertragserfüllung sind 10 % der Auftragssumme zu leisten.",
      ),
    );
    // The security costs its Aval over one year of construction: 10 % × 10 000 € × 1,5 % = 15 €.
    expect(findings.map((f) => f.potentialEur)).toEqual([1000, 1000, 15, null]);
    expect(findings[2].why).toContain("Betrag im Risiko: 10 % der Angebotssumme × 1,5 % p. a. × 1 Jahr – Avalprovision der Bürgschaft");
    // Both penalty findings are one clause: counted once; the security is a clause of its own.
    expect(potential).toEqual({ totalEur: 1015, count: 3, byBasis: { "§ 11 VOB/B": 1000, "§ 17 VOB/B": 15 } });
  });

  it("a penalty without a cap: 5 % – also when the evidence names the usual 5 %", () => {
    const { findings } = priceFindings(
      [
        finding({
          ruleId: "vertragsstrafe-ohne-obergrenze",
          category: "vertrag",
          scope: "lv",
          kind: null,
          severity: "hinweis",
          excerpt: "Vertragsstrafe 0,2 % je Werktag.",
          evidence: "0,2 % je Werktag; keine Obergrenze genannt (üblich: höchstens 5 %)",
        }),
      ],
      lv([item("01.0010", 100, "m2", 100)], 10_000, "Die Vertragsstrafe beträgt 0,2 % je Werktag."),
    );
    expect(findings[0].potentialEur).toBe(500);
    expect(findings[0].why).toContain("das LV nennt keine Obergrenze der Vertragsstrafe");
  });

  it("the cap may stand in the preamble", () => {
    const { findings } = priceFindings(
      [finding({ ruleId: "vertragsstrafe-tagessatz", category: "vertrag", scope: "lv", kind: null, excerpt: "0,5 % je Werktag" })],
      lv(
        [item("01.0010", 100, "m2", 100)],
        10_000,
        "Vertragsstrafe: 0,5 % der Auftragssumme je Werktag. Die Vertragsstrafe ist auf 3 % der Auftragssumme begrenzt.",
      ),
    );
    expect(findings[0].potentialEur).toBe(300);
    expect(findings[0].why).toContain("3 % der Angebotssumme – die Obergrenze der Vertragsstrafe laut LV.");
  });

  it("pricing again without the preamble (after the model pass) keeps a cap quoted by a rule finding", () => {
    const rule = finding({
      ruleId: "vertragsstrafe-obergrenze",
      category: "vertrag",
      scope: "lv",
      kind: null,
      excerpt: "Die Vertragsstrafe beträgt insgesamt höchstens 8 % der Auftragssumme.",
    });
    const first = priceFindings(
      [rule],
      lv([item("01.0010", 100, "m2", 100)], 10_000, "Die Vertragsstrafe beträgt insgesamt höchstens 8 % der Auftragssumme."),
    );
    const model = finding({
      ruleId: "modell",
      category: "vertrag",
      scope: "lv",
      kind: null,
      source: "model",
      title: "Gilt die Vertragsstrafe auch für Zwischentermine?",
    });
    const again = priceFindings([...first.findings, model], lv([item("01.0010", 100, "m2", 100)], 10_000));
    expect(again.findings.map((f) => f.potentialEur)).toEqual([800, 800]);
    expect(again.findings[0]).toEqual(first.findings[0]);
    expect(again.potential).toEqual({ totalEur: 800, count: 2, byBasis: { "ohne Grundlage": 800 } });
  });

  it("text-doppelt: the later copies; a title without items: nothing", () => {
    const { findings } = priceFindings(
      [
        finding({
          ruleId: "text-doppelt",
          category: "struktur",
          scope: "lv",
          kind: null,
          oz: "01.0010",
          relatedOz: ["01.0020"],
          severity: "hinweis",
        }),
        finding({ ruleId: "titel-ohne-positionen", category: "struktur", scope: "lv", kind: null, oz: "01", severity: "hinweis" }),
      ],
      lv(positions, lvTotal),
    );
    expect(findings.map((f) => f.potentialEur)).toEqual([48020, null]);
  });

  it("reads penalty caps, not daily rates", () => {
    expect(penaltyCap("Vertragsstrafe 0,3 % je Werktag, höchstens 5 % der Abrechnungssumme")).toBe(5);
    expect(penaltyCap("Die Vertragsstrafe beträgt 0,2 % der Auftragssumme pro Arbeitstag.")).toBeNull();
    expect(penaltyCap("Pönale: 3 v. H. der Auftragssumme")).toBe(3);
    expect(penaltyCap("Ausführungsfrist 12 Wochen; 10 % Sicherheit")).toBeNull();
  });

  it("short basis keys", () => {
    expect(basisKey("§ 7 Abs. 1 Nr. 4 VOB/A (Bedarfspositionen grundsätzlich nicht aufzunehmen)")).toBe("§ 7 Abs. 1 Nr. 4 VOB/A");
    expect(basisKey("§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 3 VOB/B", "§ 2 Abs. 3 VOB/B")).toBe("§ 2 Abs. 3 VOB/B");
    expect(basisKey(undefined)).toBe("ohne Grundlage");
  });

  it("rounds to cents and may run again over its own result", () => {
    const first = priceFindings([finding({ ruleId: "menge-eins", category: "menge", oz: "X" })], lv([item("X", 3, "m2", 10.005)], null));
    expect(first.findings[0].potentialEur).toBe(3.0); // 10 % of 30,02 (3 × 10,005 rounded) → 3,00
    const again = priceFindings(first.findings, lv([item("X", 3, "m2", 10.005)], null));
    expect(again).toEqual(first);
  });

  // Quadratic work would take tens of seconds here; linear takes well under 100 ms once warm.
  it("is linear for 5 000 positions and findings", () => {
    const many = Array.from({ length: 5000 }, (_, i) => item(`01.${String(i).padStart(4, "0")}`, 10 + i, "m2", 2.5));
    const fs = many.map((p) => finding({ ruleId: "menge-auffaellig-gross", category: "menge", oz: p.oz }));
    const t = performance.now();
    const { potential } = priceFindings(fs, lv(many, null));
    expect(performance.now() - t).toBeLessThan(2000);
    expect(potential?.count).toBe(5000);
  });
});

describe("formulas of issue 24 (docs/money.md)", () => {
  const priced = (extra: BoqNode[] = []) => [item("01.0010", 100, "m2", 50), ...extra]; // 5 000 €

  it("a quantity with an expected value: overstated = 10 % of the surplus (risk), understated = the Mehrmenge (chance)", () => {
    const { findings, money } = priceFindings(
      [
        finding({ ruleId: "menge-widerspricht-lv-angaben", category: "menge", oz: "01.0010", expectedQty: 10 }),
        finding({ ruleId: "menge-widerspricht-lv-angaben", category: "menge", oz: "01.0020", expectedQty: 30 }),
      ],
      lv(priced([item("01.0020", 20, "m2", 40)]), 5800),
    );
    expect(findings.map((f) => [f.effect, f.potentialEur])).toEqual([
      ["risiko", 450], // (100 − 10) m² × 50 € × 10 %
      ["chance", 400], // (30 − 20) m² × 40 €
    ]);
    expect(money.risk!.eur).toBe(450);
    expect(money.chance!.eur).toBe(400);
  });

  it("nach Wahl des AN or oder gleichwertig: 0; a fixed product: its material share", () => {
    const { findings } = priceFindings(
      [
        finding({ ruleId: "fabrikat-vorgegeben", category: "produktvorgabe", oz: "01.0010" }),
        finding({ ruleId: "fabrikat-vorgegeben", category: "produktvorgabe", oz: "01.0020" }),
      ],
      lv(priced([item("01.0020", 10, "St", 100, { longText: "Fabrikat nach Wahl des AN" })]), 6000),
    );
    expect(findings.map((f) => f.potentialEur)).toEqual([2500, 0]);
  });

  it("a cash retention without surety: liquidity cost over its term; a Mängel retention over its years", () => {
    const { findings } = priceFindings(
      [
        finding({
          ruleId: "sicherheit-hoch",
          category: "vertrag",
          scope: "lv",
          kind: null,
          excerpt: "Von jeder Abschlagsrechnung werden 10 % einbehalten. Eine Ablösung des Einbehalts durch Bürgschaft ist ausgeschlossen.",
        }),
        finding({
          ruleId: "maengelsicherheit",
          category: "vertrag",
          scope: "lv",
          kind: null,
          excerpt: "Als Sicherheit für Mängelansprüche werden 5 % für 4 Jahre einbehalten; Ablösung durch Bürgschaft möglich.",
        }),
      ],
      lv(priced(), 5000),
    );
    // 10 % × 5 000 € × 6 % × 1 Jahr = 30 €; 5 % × 5 000 € × 1,5 % × 4 Jahre = 15 €
    expect(findings.map((f) => f.potentialEur)).toEqual([30, 15]);
  });

  it("Stundenlohn is open, not a loss; a normal lump sum risks 10 %", () => {
    const { findings, money } = priceFindings(
      [
        finding({ ruleId: "stundenlohn", category: "positionsart", oz: "01.0020" }),
        finding({ ruleId: "pauschalposition", category: "positionsart", oz: "01.0030" }),
      ],
      lv(
        priced([
          item("01.0020", 40, "h", 50, { flags: { ...newNode("item").flags, hourly: true } }),
          item("01.0030", 1, "psch", 8000, { shortText: "Abbruch Anbau" }),
        ]),
        15000,
      ),
    );
    expect(findings.map((f) => [f.effect, f.potentialEur])).toEqual([
      ["offen", 2000],
      ["risiko", 800],
    ]);
    expect(money.risk!.eur).toBe(800);
    expect(money.chance!.eur).toBe(0);
  });
});
