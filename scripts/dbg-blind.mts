import { readFileSync } from "node:fs";
import { evaluateBlind } from "../tests/quality/blind/evaluate-blind";
const dir = process.argv[2]; const want = process.argv[3];
const outs = await evaluateBlind(dir, { cacheDir: "/tmp/blindcache" });
for (const o of outs) {
  if (want && !o.id.includes(want)) continue;
  const truth = JSON.parse(readFileSync(`${dir}/${o.id}.truth.json`, "utf8"));
  console.log("=====", o.id);
  for (const c of o.missed) {
    console.log(`-- MISSED ${c.verdict} ${c.type} [${c.source}]: ${c.quote}\n   why: ${c.why}`);
    for (const e of o.entries.filter(e => e.quote && e.quote.includes(c.quote.slice(0, 25)))) console.log(`   ours: ${e.type} ${e.verdict} fig=${e.figures ?? ""} | ${e.quote}`);
  }
  for (const e of o.falseAlarms) {
    const t = truth.clauses.find((c: any) => e.quote && e.quote.includes(c.quote.slice(0, 25)));
    console.log(`-- FA ${e.type} ${e.verdict} ${e.status} | ${e.quote ?? ""}\n   truth: ${t ? t.type + " " + t.verdict + " " + t.why : "-"}`);
  }
}
