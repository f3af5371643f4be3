// Project and LV name from the rows above the header ("Bauvorhaben: …", "LV: …"), as a general
// contractor's sheet usually starts.

import { normaliseHeader } from "./find-header";
import type { SheetGrid } from "./grid";

const PROJECT_LABELS = new Set([
  "bauvorhaben",
  "bv",
  "projekt",
  "projektname",
  "projektbezeichnung",
  "bauprojekt",
  "objekt",
  "baumassnahme",
  "massnahme",
]);
const BOQ_LABELS = new Set(["lv", "lvnr", "lvbezeichnung", "lvname", "leistungsverzeichnis", "gewerk"]);

export interface TitleBlock {
  projectName: string;
  boqName: string;
}

/** Label/value pairs in the rows above `headerRow`: "Label: value" in one cell or the value in
 *  the next filled cell. */
export function readTitleBlock(grid: SheetGrid, headerRow: number | null): TitleBlock {
  const block: TitleBlock = { projectName: "", boqName: "" };
  if (headerRow === null) return block;
  for (const row of grid.rows) {
    if (row.index >= headerRow) break;
    row.cells.forEach((cell, i) => {
      const m = /^([^:]{1,40}):?\s*(.*)$/s.exec(cell.text);
      if (!m) return;
      const label = normaliseHeader(m[1]);
      const key = PROJECT_LABELS.has(label) ? "projectName" : BOQ_LABELS.has(label) ? "boqName" : null;
      if (!key || block[key]) return;
      const value = m[2].trim() || row.cells.slice(i + 1).find((c) => c.text)?.text || "";
      block[key] = value.replace(/\n/g, " ");
    });
  }
  return block;
}
