// Runs the rule table over every position and counts the findings.

import { fold, originalSpan } from "../text";
import type { BoqNode, ParsedTender } from "../types";
import { normaliseUnit, ownerText } from "./position-facts";
import { PRECHECK_RULES } from "./rules";
import type { Finding, FindingCounts, PrecheckContext, PrecheckResult, PrecheckRule } from "./types";

const MIN_ITEMS_FOR_MEDIAN = 4;

function buildContext(positions: BoqNode[]): PrecheckContext {
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
  return {
    medianQty: (unit) => medians.get(normaliseUnit(unit)) ?? null,
    text: (p) => {
      let text = folded.get(p);
      if (text === undefined) folded.set(p, (text = fold(ownerText(p))));
      return text;
    },
  };
}

/** The matched wording in its original spelling, or null when no pattern matches. */
function matchPatterns(rule: { patterns: RegExp[]; unless?: RegExp[] }, node: BoqNode, folded: string): string | null {
  if (rule.unless?.some((re) => re.test(folded))) return null;
  for (const re of rule.patterns) {
    re.lastIndex = 0;
    const m = re.exec(folded);
    if (m) return originalSpan(ownerText(node), m.index, m.index + m[0].length).trim();
  }
  return null;
}

/** null = rule does not apply; "" = applies without an excerpt. */
function evaluate(rule: PrecheckRule, node: BoqNode, context: PrecheckContext): string | null {
  if ("test" in rule) return rule.test(node, context) ? "" : null;
  return matchPatterns(rule, node, context.text(node));
}

function emptyCounts(rules: PrecheckRule[]): FindingCounts {
  return {
    total: 0,
    bySeverity: { hinweis: 0, warnung: 0, risiko: 0 },
    byRule: Object.fromEntries(rules.map((r) => [r.id, 0])),
    nachtragspotenzial: 0,
  };
}

export function runPrecheck(parsed: Pick<ParsedTender, "positions">, rules: PrecheckRule[] = PRECHECK_RULES): PrecheckResult {
  const context = buildContext(parsed.positions);
  const findings: Finding[] = [];
  const counts = emptyCounts(rules);

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
      counts.total++;
      counts.bySeverity[rule.severity]++;
      counts.byRule[rule.id]++;
      if (rule.nachtragspotenzial) counts.nachtragspotenzial++;
    }
  }
  return { findings, counts };
}
