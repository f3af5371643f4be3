import { describe, expect, it } from "vitest";
import type { Finding, MoneySummary } from "../tender/public";
import type { ReviewRow } from "./apply";
import { findingIds } from "./finding-id";
import { OWN_BASIS, reviewedMoney } from "./money";

const finding = (over: Partial<Finding>): Finding => ({
  ruleId: "vertragsstrafe-ohne-obergrenze",
  scope: "lv",
  oz: null,
  kind: null,
  source: "rule",
  severity: "risiko",
  category: "vertrag",
  title: "Vertragsstrafe ohne Obergrenze",
  why: "…",
  nachtragspotenzial: false,
  ...over,
});
const row = (findingId: string, over: Partial<ReviewRow>): ReviewRow => ({
  findingId,
  ruleId: "x",
  own: false,
  decision: "confirmed",
  reason: null,
  remark: null,
  oz: null,
  title: null,
  why: null,
  severity: null,
  potentialEur: null,
  updatedAt: new Date(0),
  ...over,
});

describe("reviewedMoney on an unpriced LV (estimate ranges)", () => {
  const penalty = finding({ effect: "risiko", potentialEur: null, potentialEurEstimate: { low: 10_000, high: 18_000 } });
  const extra = finding({
    ruleId: "bedarfsposition",
    scope: "position",
    oz: "02.0010",
    category: "leistungsbeschreibung",
    effect: "chance",
    potentialEurEstimate: { low: 500, high: 900 },
  });
  const findings = [penalty, extra];
  const [pid, eid] = findingIds(findings);
  const money: MoneySummary = {
    risk: null,
    chance: null,
    lvTotal: null,
    estimate: {
      label: "Schätzung (Richtwert)",
      lvTotal: { low: 200_000, high: 360_000 },
      risk: { low: 10_000, high: 18_000 },
      chance: { low: 500, high: 900 },
      pricedPositions: 20,
      positions: 24,
      priceLevel: "Preisstand 2. Quartal 2025",
      source: "Test",
    },
  };

  it("leaves the money alone without decisions and for confirmations", () => {
    expect(reviewedMoney(money, findings, [])).toBe(money);
    expect(reviewedMoney(money, findings, [row(pid, { decision: "confirmed" })]).estimate).toEqual(money.estimate);
  });

  it("takes a rejected finding's range out of its own side only", () => {
    const out = reviewedMoney(money, findings, [row(eid, { decision: "rejected", reason: "kein Nachtrag" })]).estimate!;
    expect(out.chance).toEqual({ low: 0, high: 0 });
    expect(out.risk).toEqual({ low: 10_000, high: 18_000 });
  });

  it("an amount set by the expert replaces the range on both ends; own amounts add to the risk", () => {
    const rows = [
      row(pid, { decision: "changed", potentialEur: 12_500 }),
      row("eigen-1", { own: true, decision: "confirmed", potentialEur: 2_000 }),
    ];
    expect(reviewedMoney(money, findings, rows).estimate!.risk).toEqual({ low: 14_500, high: 14_500 });
  });

  it("on a priced LV the amount moves between the bases of the risk total and never below zero", () => {
    const priced: MoneySummary = {
      risk: { eur: 4_000, count: 1, byBasis: { "§ 11 VOB/B": 4_000 } },
      chance: null,
      lvTotal: 100_000,
      estimate: null,
    };
    const pf = [finding({ effect: "risiko", potentialEur: 4_000, basis: "§ 11 VOB/B" })];
    const [id] = findingIds(pf);
    const rejected = reviewedMoney(priced, pf, [row(id, { decision: "rejected", reason: "x" })]);
    expect(rejected.risk).toEqual({ eur: 0, count: 0, byBasis: {} });
    const own = reviewedMoney(priced, pf, [row("eigen-2", { own: true, potentialEur: 1_000 })]);
    expect(own.risk).toEqual({ eur: 5_000, count: 2, byBasis: { "§ 11 VOB/B": 4_000, [OWN_BASIS]: 1_000 } });
  });
});
