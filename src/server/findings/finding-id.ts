// A pre-check finding's stable id: derived from what the finding is about (rule, scope, OZ and the
// matched wording), not from its place in the list, so a new reading of the same or a revised LV
// gives a finding that is still there the same id and its expert decision stays attached.
import { createHash } from "node:crypto";
import type { Finding } from "../tender";

const hash = (s: string, n: number) => createHash("sha256").update(s).digest("hex").slice(0, n);

/** The id without the occurrence suffix. Model findings have no excerpt: their title is the text. */
export function findingKey(f: Pick<Finding, "ruleId" | "scope" | "oz" | "excerpt" | "source" | "title" | "relatedOz">): string {
  const text = f.excerpt ?? (f.source === "model" ? f.title : "");
  // LV-wide findings have no OZ; the positions they name tell two of one rule apart.
  const where = f.oz ?? (f.relatedOz ?? []).join(",");
  const rule =
    f.ruleId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 24) || "befund";
  return `${rule}-${hash(`${f.ruleId}|${f.scope}|${where}|${text}`, 12)}`;
}

/** Ids for a list of findings; the second and later finding with the same key get "-2", "-3" … */
export function findingIds(findings: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const key = findingKey(f);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}-${n}`;
  });
}
