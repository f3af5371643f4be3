// Clause recall and precision on a blind corpus (format: TENDER-FORMAT.md beside this file):
// each <id>.lv.json is converted to its files (lv-to-files.ts), analysed with analyseTender and
// its contract documents, and the checklist compared with <id>.truth.json.
//
// - A truth clause with verdict kritisch or prüfen is found when a checklist entry of the same
//   type quotes an overlapping passage of the same source with the same verdict.
// - A "notRegulated" truth entry is found when the checklist says "nicht geregelt" for that type
//   with verdict kritisch or prüfen.
// - A flagged entry (kritisch/prüfen) is a false alarm when it quotes no passage the truth lists
//   as a problem (any type) – i.e. a clause the truth calls "üblich" or does not list – or, for
//   "nicht geregelt", when the truth does not miss that type.
// Shared by scripts/quality-blind.ts (prints) and src/server/tender/review/clauses/blind.test.ts.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { analyseTender, type ChecklistEntry } from "../../../src/server/tender";
import { lvToFiles, type BlindFile, type BlindLv } from "./lv-to-files";

export interface TruthClause {
  type: string;
  source: string;
  quote: string;
  verdict: "kritisch" | "prüfen" | "üblich";
  yardstick?: string;
  why?: string;
}

export interface Truth {
  id: string;
  clauses: TruthClause[];
  notRegulated: { type: string; verdict: string; why?: string }[];
}

export interface CaseOutcome {
  id: string;
  found: TruthClause[];
  missed: TruthClause[];
  /** Found with the right type and passage but another verdict (counted as missed). */
  wrongVerdict: { truth: TruthClause; entry: ChecklistEntry }[];
  gapsFound: string[];
  gapsMissed: string[];
  flagged: ChecklistEntry[];
  falseAlarms: ChecklistEntry[];
  entries: ChecklistEntry[];
}

export interface BlindScore {
  cases: number;
  problems: number;
  found: number;
  flagged: number;
  falseAlarms: number;
  recall: number;
  precision: number;
  /** Problem clauses flagged under their type at their passage, kritisch or prüfen, whatever the
   *  verdict (the estimator sees them), and "nicht geregelt" gaps found. */
  marked: number;
  kritischMissed: string[];
}

const norm = (s: string) =>
  s
    .replace(/[„“”"'‚‘’]/g, "")
    .replace(/[–—]/g, "-")
    .replace(/…$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Two passages overlap when one contains the other or they share 30 characters in a row. */
export function overlaps(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x.includes(y) || y.includes(x)) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  const n = Math.min(30, short.length);
  for (let i = 0; i + n <= short.length; i += 5) if (long.includes(short.slice(i, i + n))) return true;
  return false;
}

const sameSource = (truth: string, entry: string | undefined) => norm(truth) === norm(entry ?? "");

export function judgeCase(truth: Truth, entries: ChecklistEntry[]): CaseOutcome {
  const problems = truth.clauses.filter((c) => c.verdict !== "üblich");
  const found: TruthClause[] = [];
  const missed: TruthClause[] = [];
  const wrongVerdict: CaseOutcome["wrongVerdict"] = [];
  const here = (c: TruthClause, e: ChecklistEntry) =>
    e.status === "geregelt" && sameSource(c.source, e.document) && overlaps(c.quote, e.quote ?? "");
  for (const c of problems) {
    if (entries.some((e) => e.type === c.type && e.verdict === c.verdict && here(c, e))) found.push(c);
    else {
      missed.push(c);
      const other = entries.find((e) => e.type === c.type && here(c, e));
      if (other) wrongVerdict.push({ truth: c, entry: other });
    }
  }
  const gaps = new Set(truth.notRegulated.map((n) => n.type));
  const gapsFound = [...gaps].filter((t) => entries.some((e) => e.type === t && e.status === "nicht geregelt" && e.verdict !== "üblich"));
  const gapsMissed = [...gaps].filter((t) => !gapsFound.includes(t));
  const flagged = entries.filter((e) => e.verdict !== "üblich");
  const falseAlarms = flagged.filter((e) => (e.status === "nicht geregelt" ? !gaps.has(e.type) : !problems.some((c) => here(c, e))));
  return { id: truth.id, found, missed, wrongVerdict, gapsFound, gapsMissed, flagged, falseAlarms, entries };
}

export function score(outcomes: CaseOutcome[]): BlindScore {
  const problems = outcomes.reduce((n, o) => n + o.found.length + o.missed.length + o.gapsFound.length + o.gapsMissed.length, 0);
  const found = outcomes.reduce((n, o) => n + o.found.length + o.gapsFound.length, 0);
  const flagged = outcomes.reduce((n, o) => n + o.flagged.length, 0);
  const falseAlarms = outcomes.reduce((n, o) => n + o.falseAlarms.length, 0);
  const marked = found + outcomes.reduce((n, o) => n + o.wrongVerdict.filter((w) => w.entry.verdict !== "üblich").length, 0);
  return {
    marked,
    cases: outcomes.length,
    problems,
    found,
    flagged,
    falseAlarms,
    recall: problems ? found / problems : 1,
    precision: flagged ? (flagged - falseAlarms) / flagged : 1,
    kritischMissed: outcomes.flatMap((o) =>
      o.missed.filter((c) => c.verdict === "kritisch").map((c) => `${o.id}: ${c.type} – „${c.quote.slice(0, 90)}“`),
    ),
  };
}

/** The ids of a corpus folder that have both files. */
export function corpusIds(dir: string): string[] {
  const files = readdirSync(dir);
  return files
    .filter((f) => f.endsWith(".lv.json"))
    .map((f) => f.replace(/\.lv\.json$/, ""))
    .filter((id) => files.includes(`${id}.truth.json`))
    .sort();
}

/**
 * The converted files of one LV. With `cacheDir`, they are written there (and read from there when
 * present), so that the unit test needs no browser for the PDF documents.
 */
export async function filesOf(
  lv: BlindLv,
  options: { browser?: () => Promise<Browser>; cacheDir?: string },
): Promise<{ tender: BlindFile; documents: BlindFile[] }> {
  const cached = options.cacheDir ? join(options.cacheDir, lv.id) : null;
  const names = [`${lv.id}.${lv.priced ? "x84" : "x83"}`, ...(lv.contractDocuments ?? []).map((d) => d.name)];
  if (cached && names.every((n) => existsSync(join(cached, n)))) {
    const [tender, ...documents] = names.map((name) => ({ name, data: new Uint8Array(readFileSync(join(cached, name))) }));
    return { tender, documents };
  }
  const needsBrowser = (lv.contractDocuments ?? []).some((d) => /\.pdf$/i.test(d.name));
  const files = await lvToFiles(lv, { browser: needsBrowser && options.browser ? await options.browser() : undefined });
  if (cached) {
    mkdirSync(cached, { recursive: true });
    for (const f of [files.tender, ...files.documents]) writeFileSync(join(cached, f.name), f.data);
  }
  return files;
}

export async function evaluateBlind(
  dir: string,
  options: { browser?: () => Promise<Browser>; cacheDir?: string } = {},
): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  for (const id of corpusIds(dir)) {
    const lv = JSON.parse(readFileSync(join(dir, `${id}.lv.json`), "utf8")) as BlindLv;
    const truth = JSON.parse(readFileSync(join(dir, `${id}.truth.json`), "utf8")) as Truth;
    const { tender, documents } = await filesOf(lv, options);
    const analysis = await analyseTender(tender.data, tender.name, {
      contractDocuments: documents.map((d) => ({ fileName: d.name, data: d.data })),
    });
    if (analysis.status !== "done") throw new Error(`${id}: ${analysis.error?.message ?? analysis.status}`);
    outcomes.push(judgeCase({ ...truth, notRegulated: truth.notRegulated ?? [] }, analysis.checklist ?? []));
  }
  return outcomes;
}
