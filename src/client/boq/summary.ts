// Derived views of an LV: per top-level section (lot/title) counts and values, finding groups.
import type { BoqFinding, BoqPosition, BoqPotential } from "../../common/types";

export interface SectionStat {
  oz: string;
  label: string;
  items: number;
  value: number;
}

/** Items and priced value per top-level section (level 0 lot/title). */
export function sectionStats(positions: BoqPosition[]): SectionStat[] {
  const sections = new Map<string, SectionStat>();
  let current: SectionStat | null = null;
  const fixed = new Set<SectionStat>();
  for (const p of positions) {
    if ((p.kind === "lot" || p.kind === "title") && p.level === 0) {
      current = { oz: p.oz ?? "", label: `${p.oz ?? ""} ${p.shortText ?? ""}`.trim(), items: 0, value: 0 };
      sections.set(current.oz, current);
      // The section's own total holds its discount or lump sum (GAEB Totals); summed below only without one.
      if (p.section && p.total !== null) {
        fixed.add(current);
        current.value = p.total;
      }
    } else if (p.kind === "item") {
      const s = current ?? sections.get("") ?? { oz: "", label: "Ohne Titel", items: 0, value: 0 };
      if (!current) sections.set("", s);
      s.items++;
      const counted =
        !p.kinds.includes("alternative") && !p.kinds.includes("provisionalWithoutTotal") && !p.kinds.includes("notApplicable");
      if (counted && p.total && !fixed.has(s)) s.value += p.total;
    }
  }
  return [...sections.values()];
}

/** Findings grouped by rule (model findings, each worded differently, as one group "KI-Hinweise"). */
export function findingsByTitle(findings: BoqFinding[]) {
  const groups = new Map<string, { title: string; severity: BoqFinding["severity"]; count: number }>();
  for (const f of findings) {
    const key = f.source === "model" ? "\u0000model" : f.ruleId;
    const g = groups.get(key) ?? { title: f.source === "model" ? "KI-Hinweise" : f.title, severity: f.severity, count: 0 };
    g.count++;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** Findings per OZ (any scope with an OZ), in one pass. */
export function findingsByOz(findings: BoqFinding[]): Map<string, BoqFinding[]> {
  const m = new Map<string, BoqFinding[]>();
  for (const f of findings) {
    if (!f.oz) continue;
    const list = m.get(f.oz);
    if (list) list.push(f);
    else m.set(f.oz, [f]);
  }
  return m;
}

/** The findings about the LV as a whole. */
export const lvFindings = (findings: BoqFinding[]) => findings.filter((f) => f.scope === "lv");

/** The money at stake per basis, largest first. */
export function potentialByBasis(potential: BoqPotential | null | undefined) {
  return Object.entries(potential?.byBasis ?? {})
    .map(([basis, eur]) => ({ basis, eur }))
    .sort((a, b) => b.eur - a.eur);
}
