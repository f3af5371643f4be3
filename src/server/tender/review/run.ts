// Runs the rule table over every position, then the LV rules once over the whole LV, and counts
// the findings.

import { fold, originalSpan } from "../text";
import type { BoqNode } from "../types";
import { buildLvView } from "./lv/facts";
import { LV_RULES } from "./lv/rules";
import type { LvRule, LvSource } from "./lv/types";
import { normaliseUnit, ownerText } from "./position-facts";
import { PRECHECK_RULES } from "./rules";
import type { Finding, FindingCounts, PrecheckContext, PrecheckResult, PrecheckRule } from "./types";

const MIN_ITEMS_FOR_MEDIAN = 4;

function buildContext(positions: BoqNode[], preamble: string): PrecheckContext {
  const byUnit = new Map<string, number[]>();
  for (const p of positions) {
    if (p.kind !== "item" || p.qty === null || p.qty <= 0) continue;
    const unit = normaliseUnit(p.unit);
    const qtys = byUnit.get(unit);
    if (qtys) qtys.push(p.qty);
    else byUnit.set(unit, [p.qty]);
  }
  const medians = new Map<string, number>();
  for (const [unit, qtys] of byUnit) {
    if (qtys.length < MIN_ITEMS_FOR_MEDIAN) continue;
    const sorted = qtys.sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    medians.set(unit, sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
  }
  // Folded once per position, however many rules read it.
  const folded = new Map<BoqNode, string>();
  const contractTexts = [preamble, ...positions.filter((p) => p.kind === "remark").map((p) => ownerText(p))].filter(Boolean).map(fold);
  return {
    contractTexts,
    medianQty: (unit) => medians.get(normaliseUnit(unit)) ?? null,
    text: (p) => {
      let text = folded.get(p);
      if (text === undefined) folded.set(p, (text = fold(ownerText(p))));
      return text;
    },
  };
}

/** The matched wording in its original spelling, or null when no pattern matches. */
function matchPatterns(rule: Extract<PrecheckRule, { patterns: RegExp[] }>, node: BoqNode, context: PrecheckContext): string | null {
  const folded = context.text(node);
  if (rule.unless?.some((re) => re.test(folded))) return null;
  for (const re of rule.patterns) {
    re.lastIndex = 0;
    const m = re.exec(folded);
    if (!m || rule.settledBy?.(m[0], node, context)) continue;
    return originalSpan(ownerText(node), m.index, m.index + m[0].length).trim();
  }
  return null;
}

/** null = rule does not apply; "" = applies without an excerpt. */
function evaluate(rule: PrecheckRule, node: BoqNode, context: PrecheckContext): string | null {
  if ("test" in rule) return rule.test(node, context) ? "" : null;
  return matchPatterns(rule, node, context);
}

function emptyCounts(rules: { id: string }[]): FindingCounts {
  return {
    total: 0,
    bySeverity: { hinweis: 0, warnung: 0, risiko: 0 },
    byRule: Object.fromEntries(rules.map((r) => [r.id, 0])),
    nachtragspotenzial: 0,
  };
}

function count(counts: FindingCounts, finding: Finding): void {
  counts.total++;
  counts.bySeverity[finding.severity]++;
  counts.byRule[finding.ruleId] = (counts.byRule[finding.ruleId] ?? 0) + 1;
  if (finding.nachtragspotenzial) counts.nachtragspotenzial++;
}

/** The findings of the LV rules: once per LV, over positions, preamble and totals. */
function runLvRules(parsed: LvSource, rules: LvRule[]): Finding[] {
  if (!rules.length) return [];
  const lv = buildLvView(parsed);
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const hit of rule.check(lv)) {
      const oz = hit.oz || null;
      const scope = rule.scope === "position" && oz ? "position" : "lv";
      findings.push({
        ruleId: rule.id,
        scope,
        source: "rule",
        oz,
        kind: oz ? (lv.byOz.get(oz)?.kind ?? null) : null,
        severity: rule.severity,
        category: rule.category,
        title: hit.title ?? rule.title,
        why: hit.why ?? rule.why,
        ...(rule.basis ? { basis: rule.basis } : {}),
        nachtragspotenzial: rule.nachtragspotenzial ?? false,
        ...(hit.excerpt ? { excerpt: hit.excerpt } : {}),
        ...(hit.evidence ? { evidence: hit.evidence } : {}),
        ...(hit.relatedOz?.length ? { relatedOz: hit.relatedOz } : {}),
        ...(hit.expectedQty !== undefined ? { expectedQty: hit.expectedQty } : {}),
      });
    }
  }
  return findings;
}

/**
 * The pre-check of one LV: the position rules per position, then the LV rules once over the
 * whole LV (positions, preamble, totals). Pass `[]` to leave one kind out.
 */
export function runPrecheck(
  parsed: LvSource,
  rules: PrecheckRule[] = PRECHECK_RULES,
  lvRules: LvRule[] = LV_RULES,
  /** Findings of the clause review (review/clauses), counted with the others. */
  clauseFindings: Finding[] = [],
): PrecheckResult {
  const context = buildContext(parsed.positions, parsed.preamble ?? "");
  const findings: Finding[] = [];
  const counts = emptyCounts([...rules, ...lvRules]);

  for (const node of parsed.positions) {
    for (const rule of rules) {
      if (!(rule.kinds ?? ["item"]).includes(node.kind)) continue;
      if (node.flags.notApplicable && !rule.includeNotApplicable) continue;
      const excerpt = evaluate(rule, node, context);
      if (excerpt === null) continue;
      findings.push({
        ruleId: rule.id,
        scope: "position",
        source: "rule",
        oz: node.oz,
        kind: node.kind,
        severity: rule.severity,
        category: rule.category,
        title: rule.title,
        why: rule.why,
        ...(rule.basis ? { basis: rule.basis } : {}),
        nachtragspotenzial: rule.nachtragspotenzial ?? false,
        ...(excerpt ? { excerpt } : {}),
      });
    }
  }
  findings.push(...runLvRules(parsed, lvRules), ...clauseFindings);
  for (const finding of findings) count(counts, finding);
  return { findings, counts };
}
