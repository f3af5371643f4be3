// The blind corpus's tuning sets, written by Kalkulatoren who had not seen the rules, converted
// files cached beside them: tests/quality/blind/tune (first set), tune2 (second set), tune3 (third
// author), tune4 (the retired held-out set), tune5 and tune6 (four more authors) – each measured blind before any change for it
// (docs/quality.md). Clause recall and precision must not drop below the bars reached, and no more
// "kritisch" clauses may be missed than at the last round (tune3: two whose verdict or type the
// authors disagree on, docs/quality.md). The held-out set is measured by
// scripts/quality-blind.ts, never here.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateBlind, score, type CaseOutcome } from "../../../../../tests/quality/blind/evaluate-blind";

const BLIND = join(import.meta.dirname, "../../../../../tests/quality/blind");

const missedOf = (outcomes: CaseOutcome[]) =>
  outcomes.flatMap((o) => [
    ...o.missed.map((c) => `${o.id}: ${c.verdict} ${c.type} „${c.quote}“`),
    ...o.gapsMissed.map((t) => `${o.id}: nicht geregelt ${t}`),
  ]);
const alarmsOf = (outcomes: CaseOutcome[]) =>
  outcomes.flatMap((o) => o.falseAlarms.map((e) => `${o.id}: ${e.verdict} ${e.type} „${e.quote ?? "nicht geregelt"}“`));

/** Each set: its size, the floor of its figures and how many kritisch clauses it may miss. */
const SETS = [
  { dir: "tune", cases: 6, problems: 54, recall: 0.95, precision: 0.98, kritischMissed: 0 },
  // First contact (blind): recall 52.5 %, precision 95.2 %, five kritisch clauses missed.
  { dir: "tune2", cases: 4, problems: 40, recall: 0.9, precision: 0.98, kritischMissed: 0 },
  // First contact (blind): recall 57.9 %, precision 84.6 %, six kritisch missed; after the round 78.9 % / 95.1 %, two.
  { dir: "tune3", cases: 4, problems: 38, recall: 0.76, precision: 0.92, kritischMissed: 2 },
  // Held-out figures: recall 64.8 %, precision 84.3 %, five kritisch missed; after the round 92.6 % / 95.8 %, none.
  { dir: "tune4", cases: 6, problems: 54, recall: 0.9, precision: 0.93, kritischMissed: 0 },
  // First contact (blind): recall 61.3 %, precision 94.9 %, nine kritisch missed; after the round 82.3 % / 98.5 %, one
  // (a full exclusion of § 2 Abs. 3 VOB/B that tune2 and tune4 rate prüfen, docs/quality.md).
  { dir: "tune5", cases: 6, problems: 62, recall: 0.82, precision: 0.98, kritischMissed: 1 },
  // First contact (blind): recall 55.4 %, precision 95.7 %; its clauses were not tuned on by rules,
  // only learnt by the wording models (learned.ts): 67.7 % / 96.5 %, seven kritisch missed.
  { dir: "tune6", cases: 6, problems: 65, recall: 0.67, precision: 0.96, kritischMissed: 7 },
];

describe.each(SETS)("blind corpus, tuning set $dir", async ({ dir, cases, problems, recall, precision, kritischMissed }) => {
  const root = join(BLIND, dir);
  const outcomes = await evaluateBlind(root, { cacheDir: join(root, "files") });
  const s = score(outcomes);

  it(`covers ${cases} LVs with their truth`, () => {
    expect(s.cases).toBe(cases);
    expect(s.problems).toBe(problems);
  });

  it(`finds at least ${recall * 100} % of the planted clause problems and misses at most ${kritischMissed} kritisch clauses`, () => {
    expect(s.recall, missedOf(outcomes).join("\n")).toBeGreaterThanOrEqual(recall);
    expect(s.kritischMissed.length, s.kritischMissed.join("\n")).toBeLessThanOrEqual(kritischMissed);
  });

  it(`raises no false alarm on clauses the expert calls üblich or does not list (precision ≥ ${precision * 100} %)`, () => {
    expect(s.precision, alarmsOf(outcomes).join("\n")).toBeGreaterThanOrEqual(precision);
  });
});
