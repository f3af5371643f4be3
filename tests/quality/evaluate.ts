// Recall and precision of the pre-check on the quality corpus (tests/quality/corpus): shared by
// scripts/quality-precheck.ts (prints the figures) and src/server/tender/review/quality.test.ts
// (asserts them). See tests/quality/README.md.

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LV_RULES } from "../../src/server/tender/review/lv/rules";
import { clauseFindings, reviewTenderClauses } from "../../src/server/tender/review/clauses";
import { runPrecheck } from "../../src/server/tender/review/run";
import type { Finding } from "../../src/server/tender/review/types";
import { readGaebXml } from "../../src/server/tender/read/gaeb-xml/reader";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CORPUS = join(ROOT, "tests/quality/corpus");

/**
 * Rules of the first pre-check whose work the clause review (review/clauses) took over: an
 * expectation written for them is met by a clause finding (kritisch or prüfen) of these types.
 * Clause findings are measured on the blind corpus (tests/quality/blind), not here: this corpus
 * does not list every clause, so an unexpected clause finding is no false alarm here.
 */
export const LEGACY_CLAUSE_RULES: Record<string, string[]> = {
  "vertragsstrafe-tagessatz": ["vertragsstrafe"],
  "vertragsstrafe-obergrenze": ["vertragsstrafe"],
  "vertragsstrafe-ohne-obergrenze": ["vertragsstrafe"],
  "sicherheit-hoch": ["vertragserfuellungssicherheit", "maengelsicherheit", "einbehalt-abschlagszahlungen"],
  "buergschaft-erstes-anfordern": [
    "buergschaft-erstes-anfordern",
    "vertragserfuellungssicherheit",
    "maengelsicherheit",
    "ablösung-sicherheit",
  ],
  "verjaehrung-lang": ["verjaehrung"],
  "festpreis-lange-bauzeit": ["preisgleitung"],
  "bauzeit-fehlt": ["bauzeit-fristen"],
  "abrechnung-ohne-aufmass": ["aufmass"],
};

/** The rules measured here: all LV rules and the position rule whose false alarms led to them. */
export const MEASURED_RULES: string[] = [...LV_RULES.map((r) => r.id), "menge-auffaellig-gross", ...Object.keys(LEGACY_CLAUSE_RULES)];

/** A clause finding that meets an expectation of a legacy rule. */
const meetsLegacy = (ruleId: string, f: Finding) => Boolean(f.clause && LEGACY_CLAUSE_RULES[ruleId]?.includes(f.clause.type));

export interface Expected {
  ruleId: string;
  /** The OZ the finding names; null for findings about the LV as a whole. */
  oz: string | null;
  note?: string;
}

export interface MustNotFlag {
  ruleId: string;
  /** Only findings naming this OZ (null: the LV as a whole); absent: any finding of the rule. */
  oz?: string | null;
  /** Only findings whose excerpt or evidence contains this. */
  excerpt?: string;
  why: string;
}

export interface CorpusCase {
  name: string;
  /** The LV, relative to the repository root. */
  file: string;
  description: string;
  expected: Expected[];
  mustNotFlag: MustNotFlag[];
}

export interface CaseResult {
  case: CorpusCase;
  findings: Finding[];
  truePositives: Expected[];
  falsePositives: Finding[];
  falseNegatives: Expected[];
  violations: { rule: MustNotFlag; finding: Finding }[];
}

export interface Score {
  tp: number;
  fp: number;
  fn: number;
  /** null when the rule reported nothing (precision) or nothing was expected (recall). */
  precision: number | null;
  recall: number | null;
}

export function loadCorpus(): CorpusCase[] {
  return readdirSync(CORPUS)
    .filter((f) => f.endsWith(".expected.json"))
    .sort()
    .map((f) => {
      const name = f.replace(/\.expected\.json$/, "");
      const raw = JSON.parse(readFileSync(join(CORPUS, f), "utf8")) as Omit<CorpusCase, "name" | "file"> & { file?: string };
      return { ...raw, name, file: raw.file ?? `tests/quality/corpus/${name}.x83` };
    });
}

/** A legacy rule's mustNotFlag applies to clause findings only where it names the passage: the
 *  clause review judges a clause once, with all its figures, not one aspect per rule. */
const matchesForbidden = (rule: MustNotFlag, f: Finding) =>
  (f.ruleId === rule.ruleId || (rule.excerpt !== undefined && meetsLegacy(rule.ruleId, f))) &&
  (rule.oz === undefined || f.oz === rule.oz) &&
  (rule.excerpt === undefined || `${f.excerpt ?? ""} ${f.evidence ?? ""}`.includes(rule.excerpt));

export function evaluateCase(c: CorpusCase): CaseResult {
  const parsed = readGaebXml(readFileSync(join(ROOT, c.file)));
  const findings = runPrecheck(parsed, undefined, undefined, clauseFindings(reviewTenderClauses(parsed).entries)).findings;
  const measured = findings.filter((f) => MEASURED_RULES.includes(f.ruleId));
  const clauses = findings.filter((f) => f.clause);
  // Match expected findings one to one (a rule may be expected twice with the same OZ).
  const open = [...measured];
  const truePositives: Expected[] = [];
  const falseNegatives: Expected[] = [];
  for (const e of c.expected) {
    const i = open.findIndex((f) => f.ruleId === e.ruleId && f.oz === e.oz);
    if (i >= 0) {
      truePositives.push(e);
      open.splice(i, 1);
    } else if (clauses.some((f) => meetsLegacy(e.ruleId, f))) truePositives.push(e);
    else falseNegatives.push(e);
  }
  const violations = c.mustNotFlag.flatMap((rule) =>
    findings.filter((f) => matchesForbidden(rule, f)).map((finding) => ({ rule, finding })),
  );
  return { case: c, findings, truePositives, falsePositives: open, falseNegatives, violations };
}

function score(tp: number, fp: number, fn: number): Score {
  return { tp, fp, fn, precision: tp + fp ? tp / (tp + fp) : null, recall: tp + fn ? tp / (tp + fn) : null };
}

export function summarise(results: CaseResult[]): { total: Score; byRule: Record<string, Score> } {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>(MEASURED_RULES.map((id) => [id, { tp: 0, fp: 0, fn: 0 }]));
  for (const r of results) {
    for (const e of r.truePositives) counts.get(e.ruleId)!.tp++;
    for (const f of r.falsePositives) counts.get(f.ruleId)!.fp++;
    for (const e of r.falseNegatives) {
      if (!counts.has(e.ruleId)) counts.set(e.ruleId, { tp: 0, fp: 0, fn: 0 });
      counts.get(e.ruleId)!.fn++;
    }
  }
  const byRule = Object.fromEntries([...counts].map(([id, c]) => [id, score(c.tp, c.fp, c.fn)]));
  const sum = [...counts.values()].reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });
  return { total: score(sum.tp, sum.fp, sum.fn), byRule };
}

export const evaluateCorpus = () => loadCorpus().map(evaluateCase);
