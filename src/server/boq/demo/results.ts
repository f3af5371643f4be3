// The public demo's results: each demo project's LV run through the real engine (analyseTender)
// and shaped like GET /api/projects/:id/boq (positions as stored, findings with their ids, no
// review yet). scripts/demo-results.ts writes them as static JSON for the client's demo
// (src/client/demo/results); results.test.ts checks that they still match the engine.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyseTender, type TenderAnalysis } from "../../tender";
import { applyReviews, countFindings } from "../../findings/apply";
import { positionColumns, positionExtras, type AnalysisSummary } from "../store";
import { kitaLvXml } from "./kita-lv";

const ROOT = join(import.meta.dirname, "../../../..");

/** Where the demo's result files lie, relative to the repository. */
export const DEMO_RESULTS_DIR = "src/client/demo/results";
/** The large demo LV as a file beside the engine's other fixtures (written by the script). */
export const KITA_LV_FILE = "src/server/tender/fixtures/kita-lindenweg-200.x84";

export interface DemoSource {
  /** The demo project (src/client/demo/data.ts). */
  projectId: number;
  /** The result file's name in DEMO_RESULTS_DIR, without ".json". */
  name: string;
  fileName: string;
  read: () => Uint8Array;
  /** A price-only X84 merged into the LV. */
  base?: { fileName: string; read: () => Uint8Array };
}

const file = (path: string) => () => readFileSync(join(ROOT, path));

export const DEMO_SOURCES: DemoSource[] = [
  { projectId: 1, name: "kita-lindenweg", fileName: "LV_Kita_Lindenweg.x84", read: () => new TextEncoder().encode(kitaLvXml()) },
  {
    projectId: 2,
    name: "wohnanlage-gartenstrasse",
    fileName: "Preise_Rohbau.x84",
    read: file("src/server/tender/fixtures/rohbau-27-preise.x84"),
    base: { fileName: "LV_Rohbau_Gartenstrasse.x83", read: file("src/server/tender/fixtures/rohbau-27.x83") },
  },
  {
    projectId: 4,
    name: "verwaltung-nord",
    fileName: "LV_Verwaltung_Nord.x83",
    read: file("tests/quality/corpus/buero-rohbau-verhaeltnisse.x83"),
  },
  { projectId: 5, name: "feuerwehrgeraetehaus", fileName: "LV_Feuerwehr.x83", read: file("tests/quality/corpus/rohbau-luecken.x83") },
];

/** GET /boq's answer for an analysis that no expert has reviewed yet (see boq/routes.ts). */
export function demoResponse(a: TenderAnalysis) {
  const { positions, status, error: _error, format, phase, clauseTexts: _texts, ...rest } = a;
  const summary: AnalysisSummary = rest;
  const findings = applyReviews(summary.findings, [], "customer");
  return {
    status,
    format,
    phase,
    positions: positions.map((p, seq) => ({ ...positionColumns(p, seq), ...positionExtras(p) })),
    ...summary,
    findings,
    findingCounts: countFindings(findings),
    review: { reviewed: 0, total: findings.length, confirmed: 0 },
  };
}

export async function demoResult(source: DemoSource) {
  const base = source.base ? { data: source.base.read(), fileName: source.base.fileName } : null;
  const analysis = await analyseTender(source.read(), source.fileName, { base });
  if (analysis.status !== "done") throw new Error(`${source.name}: ${analysis.error?.message ?? analysis.status}`);
  // Plain JSON as the API sends it (undefined fields dropped).
  return JSON.parse(JSON.stringify(demoResponse(analysis))) as ReturnType<typeof demoResponse>;
}
