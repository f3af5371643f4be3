import { scoreCorpus } from "./quality-money";
for (const set of ["tune", "tune2", "tune3", "tune4", "tune5"]) {
  const s = await scoreCorpus(`tests/quality/blind/${set}`);
  for (const l of s.lvs) {
    const clauses = l.analysis.findings.filter((f) => f.scope === "lv");
    const krit = clauses.filter((f) => /kritisch/.test(f.title));
    console.log(set, l.id.padEnd(42), String(l.truthVerdict).padEnd(16), String(l.verdict).padEnd(16), (l.riskShare ?? 0).toFixed(3), "krit", krit.length, "risk-clauses", clauses.filter(f=>f.severity==="risiko").length);
  }
}
