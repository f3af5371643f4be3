// The demo's static results may not drift from the engine: each shipped JSON must be what the
// engine makes of its LV today (regenerate with `npx tsx scripts/demo-results.ts`).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_RESULTS_DIR, DEMO_SOURCES, demoResult, KITA_LV_FILE } from "./results";
import { kitaLvXml } from "./kita-lv";

const ROOT = join(import.meta.dirname, "../../../..");
const shipped = (name: string) => JSON.parse(readFileSync(join(ROOT, DEMO_RESULTS_DIR, `${name}.json`), "utf8"));

describe("the demo's results", () => {
  it("the large demo LV file is the generator's output: about 200 priced positions", () => {
    expect(readFileSync(join(ROOT, KITA_LV_FILE), "utf8")).toBe(kitaLvXml());
  });

  it("every demo project with a tender has its own result, with its own figures (project 3 is in status Neu)", async () => {
    const keys = new Set<string>();
    for (const source of DEMO_SOURCES) {
      const r = shipped(source.name);
      keys.add(`${r.positions.length}/${r.findings.length}/${r.money?.risk?.eur ?? r.money?.estimate?.lvTotal.low}`);
    }
    expect(keys.size).toBe(DEMO_SOURCES.length);
    expect(new Set(DEMO_SOURCES.map((s) => s.projectId))).toEqual(new Set([1, 2, 4, 5]));
  });

  it("the large LV: ~200 positions, findings with money, Risiko and Chance apart", async () => {
    const r = await demoResult(DEMO_SOURCES[0]);
    const items = r.positions.filter((p) => p.kind === "item").length;
    expect(items).toBeGreaterThanOrEqual(190);
    expect(r.findings.length).toBeGreaterThan(30);
    expect(r.money?.risk?.eur).toBeGreaterThan(0);
    expect(r.money?.chance?.eur).toBeGreaterThan(0);
    expect(r.findings.every((f) => f.id)).toBe(true);
  });

  for (const source of DEMO_SOURCES)
    it(`${source.name}.json is what the engine makes of its LV today`, async () => {
      const fresh = await demoResult(source);
      const file = shipped(source.name);
      // Key figures first, for a readable failure; then the whole answer.
      expect({ positions: file.positions.length, findings: file.findingCounts, money: file.money, decision: file.decision }).toEqual({
        positions: fresh.positions.length,
        findings: fresh.findingCounts,
        money: fresh.money,
        decision: fresh.decision,
      });
      expect(file).toEqual(fresh);
    });
});
