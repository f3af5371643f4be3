// Each demo project's analysis: its LV run through the real engine, shipped as static JSON
// (written by scripts/demo-results.ts, checked against the engine by its test). Every file is its
// own chunk, loaded only when a visitor opens that project's analysis.
import type { BoqView } from "../../common/types";

type Load = () => Promise<{ default: unknown }>;

const RESULTS: Record<number, Load> = {
  1: () => import("./results/kita-lindenweg.json"),
  2: () => import("./results/wohnanlage-gartenstrasse.json"),
  4: () => import("./results/verwaltung-nord.json"),
  5: () => import("./results/feuerwehrgeraetehaus.json"),
};

export const hasDemoResult = (projectId: number) => projectId in RESULTS;

/** The project's GET /boq answer as the demo shows it. */
export async function loadDemoResult(projectId: number): Promise<BoqView> {
  const load = RESULTS[projectId];
  if (!load) throw new Error(`Demo-Projekt ${projectId} hat keine Analyse`);
  return (await load()).default as BoqView;
}
