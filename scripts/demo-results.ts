// Writes the public demo's results: the large demo LV as a GAEB file beside the engine's fixtures
// and, for each demo project, its LV run through the real engine as static JSON that the demo
// loads when a visitor opens the project's analysis:
//
//   npx tsx scripts/demo-results.ts
//
// src/server/boq/demo/results.test.ts fails when the files no longer match the engine.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_RESULTS_DIR, DEMO_SOURCES, demoResult, KITA_LV_FILE } from "../src/server/boq/demo/results";
import { kitaLvXml } from "../src/server/boq/demo/kita-lv";

const ROOT = join(import.meta.dirname, "..");

writeFileSync(join(ROOT, KITA_LV_FILE), kitaLvXml());
for (const source of DEMO_SOURCES) {
  const result = await demoResult(source);
  writeFileSync(join(ROOT, DEMO_RESULTS_DIR, `${source.name}.json`), `${JSON.stringify(result)}\n`);
  const items = result.positions.filter((p) => p.kind === "item").length;
  console.log(
    `${source.name}: ${items} Positionen, ${result.findings.length} Befunde, Risiko ${result.money?.risk?.eur ?? "–"} €, Chance ${result.money?.chance?.eur ?? "–"} €`,
  );
}
