// Recall and precision of the pre-check rules on the quality corpus, per rule and in total:
//
//   npx tsx scripts/quality-precheck.ts            table per rule, total, misses and false alarms
//   npx tsx scripts/quality-precheck.ts --verbose  also every finding per LV
//
// Exits with 1 when precision < 0.9, recall < 0.85 or a "mustNotFlag" finding occurs (the same
// bars as src/server/tender/review/quality.test.ts). Corpus and format: tests/quality/README.md.

import { evaluateCorpus, summarise, type Score } from "../tests/quality/evaluate";

export const MIN_PRECISION = 0.9;
export const MIN_RECALL = 0.85;

const verbose = process.argv.includes("--verbose");
const pct = (x: number | null) => (x === null ? "    –" : `${(x * 100).toFixed(1).padStart(5)}`);
const row = (name: string, s: Score) =>
  `${name.padEnd(38)} ${String(s.tp).padStart(4)} ${String(s.fp).padStart(4)} ${String(s.fn).padStart(4)}   ${pct(s.precision)} %  ${pct(s.recall)} %`;

const results = evaluateCorpus();
const { total, byRule } = summarise(results);

console.log(`Pre-check quality on ${results.length} LVs (tests/quality/corpus)\n`);
console.log(`${"Regel".padEnd(38)}   TP   FP   FN   Präzision    Recall`);
for (const [id, s] of Object.entries(byRule).sort(([a], [b]) => a.localeCompare(b))) console.log(row(id, s));
console.log("-".repeat(80));
console.log(row("GESAMT", total));

const problems: string[] = [];
for (const r of results) {
  for (const f of r.falsePositives)
    problems.push(`  Fehlalarm  ${r.case.name}: ${f.ruleId} ${f.oz ?? "(LV)"} – ${f.evidence ?? f.excerpt ?? f.title}`);
  for (const e of r.falseNegatives)
    problems.push(`  verpasst   ${r.case.name}: ${e.ruleId} ${e.oz ?? "(LV)"}${e.note ? ` – ${e.note}` : ""}`);
  for (const v of r.violations) problems.push(`  VERBOTEN   ${r.case.name}: ${v.finding.ruleId} ${v.finding.oz ?? "(LV)"} – ${v.rule.why}`);
}
if (problems.length) console.log(`\n${problems.join("\n")}`);

if (verbose) {
  for (const r of results) {
    console.log(`\n== ${r.case.name} (${r.case.file})`);
    for (const f of r.findings)
      console.log(`  ${f.scope.padEnd(8)} ${f.severity.padEnd(7)} ${f.ruleId} ${f.oz ?? "(LV)"} ${f.evidence ?? f.excerpt ?? ""}`);
  }
}

const violations = results.reduce((n, r) => n + r.violations.length, 0);
const ok = (total.precision ?? 1) >= MIN_PRECISION && (total.recall ?? 1) >= MIN_RECALL && violations === 0;
console.log(
  `\nPräzision ${pct(total.precision).trim()} % (mind. ${MIN_PRECISION * 100} %), Recall ${pct(total.recall).trim()} % (mind. ${MIN_RECALL * 100} %), mustNotFlag verletzt: ${violations}${ok ? "" : "  → NICHT ERFÜLLT"}`,
);
process.exitCode = ok ? 0 : 1;
