// Quality of the pre-check on the corpus in tests/quality/ (realistic Hochbau LVs, some with
// planted problems, each with the findings an expert expects and those a naive rule would
// wrongly raise). Precision matters more than recall: a false alarm costs the estimator's trust.
// The figures per rule: npx tsx scripts/quality-precheck.ts

import { describe, expect, it } from "vitest";
import { evaluateCorpus, LEGACY_CLAUSE_RULES, loadCorpus, MEASURED_RULES, summarise } from "../../../../tests/quality/evaluate";
import { LV_RULES } from "./lv/rules";
import { PRECHECK_RULES } from "./rules";

const MIN_PRECISION = 0.9;
const MIN_RECALL = 0.85;

describe("pre-check quality on the corpus", () => {
  const results = evaluateCorpus();
  const { total } = summarise(results);

  it("reads a corpus with the Rohbau fixture, the GAEB samples and planted LVs", () => {
    const files = loadCorpus().map((c) => c.file);
    expect(files).toContain("src/server/tender/fixtures/rohbau-27.x83");
    expect(files).toContain("src/server/tender/fixtures/boq.x83");
    expect(files.filter((f) => f.startsWith("tests/quality/corpus/")).length).toBeGreaterThanOrEqual(10);
    // No typos in the expectations: every rule named exists, every expected one is measured.
    const ids = [...PRECHECK_RULES, ...LV_RULES].map((r) => r.id).concat(Object.keys(LEGACY_CLAUSE_RULES));
    for (const c of loadCorpus()) {
      for (const e of c.mustNotFlag) expect(ids, `${c.name}: mustNotFlag ${e.ruleId}`).toContain(e.ruleId);
      for (const e of c.expected) expect(MEASURED_RULES, `${c.name}: expected ${e.ruleId}`).toContain(e.ruleId);
    }
  });

  it(`has a precision of at least ${MIN_PRECISION * 100} %`, () => {
    const falseAlarms = results.flatMap((r) =>
      r.falsePositives.map((f) => `${r.case.name}: ${f.ruleId} ${f.oz ?? "(LV)"} ${f.evidence ?? ""}`),
    );
    expect(total.precision ?? 1, falseAlarms.join("\n")).toBeGreaterThanOrEqual(MIN_PRECISION);
  });

  it(`has a recall of at least ${MIN_RECALL * 100} %`, () => {
    const missed = results.flatMap((r) => r.falseNegatives.map((e) => `${r.case.name}: ${e.ruleId} ${e.oz ?? "(LV)"}`));
    expect(total.recall ?? 1, missed.join("\n")).toBeGreaterThanOrEqual(MIN_RECALL);
  });

  it("raises nothing an expert marked as must-not-flag", () => {
    const violations = results.flatMap((r) =>
      r.violations.map((v) => `${r.case.name}: ${v.finding.ruleId} ${v.finding.oz ?? "(LV)"} – ${v.rule.why}`),
    );
    expect(violations).toEqual([]);
  });

  it("asks on rohbau-27.x83 only the honest question about the Nachbehandlung", () => {
    const rohbau = results.find((r) => r.case.file.endsWith("rohbau-27.x83"))!;
    expect(rohbau.findings.filter((f) => f.scope === "lv").map((f) => [f.ruleId, f.oz])).toEqual([["fehlt-beton-nachbehandlung", null]]);
  });
});
