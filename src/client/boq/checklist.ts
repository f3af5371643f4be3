// The clause checklist of the LV tab: filtering and order (kritisch first, then prüfen, then
// üblich; within a verdict by group and name).
import type { ChecklistEntryDto, ClauseVerdict } from "../../common/schemas/contract-documents";

export type ChecklistFilter = "alle" | "handlungsbedarf" | ClauseVerdict | "nicht geregelt";

export const CHECKLIST_FILTERS: { value: ChecklistFilter; label: string }[] = [
  { value: "handlungsbedarf", label: "Kritisch und prüfen" },
  { value: "kritisch", label: "Kritisch" },
  { value: "prüfen", label: "Prüfen" },
  { value: "üblich", label: "Üblich" },
  { value: "nicht geregelt", label: "Nicht geregelt" },
  { value: "alle", label: "Alle" },
];

export const VERDICT_STYLES: Record<ClauseVerdict, { label: string; className: string }> = {
  kritisch: { label: "Kritisch", className: "border-red-200 bg-red-50 text-red-800" },
  prüfen: { label: "Prüfen", className: "border-amber-200 bg-amber-50 text-amber-900" },
  üblich: { label: "Üblich", className: "border-green-200 bg-green-50 text-green-800" },
};

const RANK: Record<ClauseVerdict, number> = { kritisch: 0, prüfen: 1, üblich: 2 };

export function filterChecklist(entries: ChecklistEntryDto[], filter: ChecklistFilter, group: string, query: string): ChecklistEntryDto[] {
  const q = query.trim().toLowerCase();
  return entries
    .filter((e) => {
      if (filter === "handlungsbedarf" && e.verdict === "üblich") return false;
      if ((filter === "kritisch" || filter === "prüfen" || filter === "üblich") && e.verdict !== filter) return false;
      if (filter === "nicht geregelt" && e.status !== "nicht geregelt") return false;
      if (group && e.group !== group) return false;
      if (q && ![e.name, e.quote, e.why, e.yardstick, e.document].some((t) => t?.toLowerCase().includes(q))) return false;
      return true;
    })
    .sort((a, b) => RANK[a.verdict] - RANK[b.verdict] || a.group.localeCompare(b.group, "de") || a.name.localeCompare(b.name, "de"));
}

/** How many clause types were checked, and how many need action. */
export function checklistCounts(entries: ChecklistEntryDto[]) {
  const types = new Set(entries.map((e) => e.type));
  const worst = new Map<string, ClauseVerdict>();
  for (const e of entries) {
    const before = worst.get(e.type);
    if (!before || RANK[e.verdict] < RANK[before]) worst.set(e.type, e.verdict);
  }
  const count = (v: ClauseVerdict) => [...worst.values()].filter((x) => x === v).length;
  return {
    types: types.size,
    kritisch: count("kritisch"),
    prüfen: count("prüfen"),
    regulated: new Set(entries.filter((e) => e.status === "geregelt").map((e) => e.type)).size,
  };
}
