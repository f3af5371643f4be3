// The clause checklist: one Markdown file per clause type under knowledge/klauseln/, YAML front
// matter with what to look for, the yardstick and the verdict rules, the body explaining the
// clause for the estimator. Read once per reader thread; a malformed file is an error with its
// name (the unit test reads every file). Format: docs/clause-checklist.md.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { phrase, synonymsOf, type Phrase, type Synonyms } from "./words";

export const VERDICTS = ["kritisch", "prüfen", "üblich"] as const;
export type Verdict = (typeof VERDICTS)[number];

export const GROUPS = [
  "Termine",
  "Sicherheiten",
  "Zahlung",
  "Vergütung und Nachträge",
  "Risiken",
  "Abnahme und Mängel",
  "Organisation",
  "Recht",
] as const;

/** The conditions a verdict rule can set; all that are set must hold. */
export interface Conditions {
  any?: string[];
  /** A second choice: one of these must occur too ("Zuschläge nicht vergütet" and "auf Anordnung"). */
  and_any?: string[];
  /** A third choice: one of these must occur as well ("Zuschläge nicht vergütet", "auf Anordnung" and "Nacht"). */
  also_any?: string[];
  all?: string[];
  none?: string[];
  negated?: boolean;
  percent_over?: number;
  percent_under?: number;
  percent?: boolean;
  rate?: boolean;
  rate_over?: number;
  rate_unit?: string;
  cap?: boolean;
  cap_over?: number;
  days_over?: number;
  days_under?: number;
  years_over?: number;
  years_under?: number;
  amount_over?: number;
  period?: boolean;
  construction_months_over?: number;
  /** Months from the bid (or award) to the end of construction – how long the prices must hold. */
  price_months_over?: number;
  /** A date of the clause lies more than this many days after the bid date the texts state (Bindefrist). */
  days_after_offer_over?: number;
  /** The tender's contract text mentions one of the phrases anywhere ("auf Abruf", "nach Baufortschritt"). */
  mentions?: string[];
  /** One of the LV's items names one of the phrases (the kind of work: "entfernen", "Rückbau"). */
  work_any?: string[];
  /** The clause refers to a document named by one of the phrases ("Bauzeitenplan") that is not among the tender's documents. */
  refers_to_missing?: string[];
  winters_at_least?: number;
  /** The LV is mostly weather-exposed work (earthworks, concrete, roofs, paving …). */
  outdoor_work?: boolean;
  /** The texts read like a public client's (VOB/A, Vergabestelle, § 18 Abs. 1 VOB/B …). */
  public_client?: boolean;
}

const CONDITION_KEYS: Record<keyof Conditions, "phrases" | "boolean" | "number" | "string"> = {
  any: "phrases",
  and_any: "phrases",
  also_any: "phrases",
  all: "phrases",
  none: "phrases",
  negated: "boolean",
  percent_over: "number",
  percent_under: "number",
  percent: "boolean",
  rate: "boolean",
  rate_over: "number",
  rate_unit: "string",
  cap: "boolean",
  cap_over: "number",
  days_over: "number",
  days_under: "number",
  years_over: "number",
  years_under: "number",
  amount_over: "number",
  period: "boolean",
  construction_months_over: "number",
  price_months_over: "number",
  days_after_offer_over: "number",
  mentions: "phrases",
  work_any: "phrases",
  refers_to_missing: "phrases",
  winters_at_least: "number",
  outdoor_work: "boolean",
  public_client: "boolean",
};

export interface VerdictRule {
  verdict: Verdict;
  when: Conditions;
  why: string;
  /** Compiled phrases of any/all/none/mentions/work_any. */
  compiled: {
    any: Phrase[];
    andAny: Phrase[];
    alsoAny: Phrase[];
    all: Phrase[];
    none: Phrase[];
    mentions: Phrase[];
    work: Phrase[];
    missing: Phrase[];
  };
}

export interface ClauseType {
  slug: string;
  name: string;
  group: (typeof GROUPS)[number];
  yardstick: string;
  lookFor: Phrase[];
  exclude: Phrase[];
  verdicts: VerdictRule[];
  /** Verdict when no rule matches. */
  fallback: { verdict: Verdict; why: string };
  /** When the tender does not regulate the type: verdict and why, if the conditions hold. */
  notRegulated: VerdictRule | null;
  /** A sentence that names only this type continues a clause of these types (a detail of it). */
  continues: string[];
  /** Whether the wording model (learned.ts) may raise a fallback "üblich" of this type; off where
   *  the verdict depends on the tender rather than the words (a Festpreis is fine for a short job). */
  wordingModel: boolean;
  /** Explanation for the estimator (the file's body). */
  explanation: string;
  file: string;
}

export class ChecklistError extends Error {}

function fail(file: string, message: string): never {
  throw new ChecklistError(`${file}: ${message}`);
}

function stringList(file: string, field: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string" || !v.trim()))
    fail(file, `${field} muss eine Liste von Texten sein`);
  return value as string[];
}

function conditions(file: string, where: string, raw: unknown): Conditions {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) fail(file, `${where}: „when“ muss eine Zuordnung sein`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const kind = CONDITION_KEYS[key as keyof Conditions];
    if (!kind) fail(file, `${where}: unbekannte Bedingung „${key}“`);
    if (kind === "phrases") out[key] = stringList(file, `${where}.${key}`, value);
    else if (typeof value !== kind)
      fail(file, `${where}.${key} muss ${kind === "number" ? "eine Zahl" : kind === "boolean" ? "true/false" : "ein Text"} sein`);
    else out[key] = value;
  }
  return out as Conditions;
}

function verdictRule(file: string, where: string, raw: unknown, synonyms?: Synonyms): VerdictRule {
  if (!raw || typeof raw !== "object") fail(file, `${where}: Eintrag fehlt`);
  const r = raw as Record<string, unknown>;
  if (!VERDICTS.includes(r.verdict as Verdict)) fail(file, `${where}: verdict muss kritisch, prüfen oder üblich sein`);
  if (typeof r.why !== "string" || !r.why.trim()) fail(file, `${where}: why fehlt`);
  const when = conditions(file, where, r.when);
  return {
    verdict: r.verdict as Verdict,
    when,
    why: r.why.trim(),
    compiled: {
      any: (when.any ?? []).map((w) => phrase(w, synonyms)),
      andAny: (when.and_any ?? []).map((w) => phrase(w, synonyms)),
      // Literal too: the third choice tells kinds apart that the synonyms join ("Samstag" is not "Sonntag").
      alsoAny: (when.also_any ?? []).map((w) => phrase(w)),
      all: (when.all ?? []).map((w) => phrase(w, synonyms)),
      // Words that clear a clause stay literal: a synonym must not clear more than the expert wrote.
      none: (when.none ?? []).map((w) => phrase(w)),
      mentions: (when.mentions ?? []).map((w) => phrase(w, synonyms)),
      work: (when.work_any ?? []).map((w) => phrase(w)),
      missing: (when.refers_to_missing ?? []).map((w) => phrase(w)),
    },
  };
}

/** Parses one checklist file; throws ChecklistError naming the file and the problem. */
export function parseClauseType(text: string, file: string, synonyms?: Synonyms): ClauseType {
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text.replace(/\r\n?/g, "\n"));
  if (!m) fail(file, "Front Matter (--- … ---) fehlt");
  let data: Record<string, unknown>;
  try {
    data = parse(m[1]) as Record<string, unknown>;
  } catch (err) {
    fail(file, `YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  const known = new Set([
    "slug",
    "name",
    "group",
    "yardstick",
    "look_for",
    "exclude",
    "verdicts",
    "fallback",
    "not_regulated",
    "figures",
    "continues",
    "wording_model",
  ]);
  for (const key of Object.keys(data)) if (!known.has(key)) fail(file, `unbekanntes Feld „${key}“`);
  const slug = data.slug;
  if (typeof slug !== "string" || !/^[a-z0-9äöü-]+$/.test(slug)) fail(file, "slug fehlt oder ist ungültig");
  if (typeof data.name !== "string" || !data.name.trim()) fail(file, "name fehlt");
  if (!GROUPS.includes(data.group as (typeof GROUPS)[number])) fail(file, `group muss eine von ${GROUPS.join(", ")} sein`);
  if (typeof data.yardstick !== "string" || !/§|BGH|VOB|BGB/.test(data.yardstick))
    fail(file, "yardstick muss eine Vorschrift oder Entscheidung nennen");
  const lookFor = stringList(file, "look_for", data.look_for);
  if (!lookFor.length) fail(file, "look_for braucht mindestens einen Begriff");
  if (!Array.isArray(data.verdicts)) fail(file, "verdicts muss eine Liste sein");
  const verdicts = data.verdicts.map((v, i) => verdictRule(file, `verdicts[${i}]`, v, synonyms));
  const fallback = verdictRule(file, "fallback", data.fallback);
  const explanation = m[2].trim();
  if (explanation.length < 40) fail(file, "Erläuterung (Text nach dem Front Matter) fehlt");
  return {
    slug,
    name: data.name.trim(),
    group: data.group as ClauseType["group"],
    yardstick: data.yardstick.trim(),
    lookFor: lookFor.map((w) => phrase(w, synonyms)),
    exclude: stringList(file, "exclude", data.exclude).map((w) => phrase(w)),
    verdicts,
    fallback: { verdict: fallback.verdict, why: fallback.why },
    continues: stringList(file, "continues", data.continues),
    wordingModel: wordingModel(file, data.wording_model),
    notRegulated: data.not_regulated ? verdictRule(file, "not_regulated", data.not_regulated, synonyms) : null,
    explanation,
    file,
  };
}

function wordingModel(file: string, value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== "boolean") fail(file, "wording_model muss true oder false sein");
  return value;
}

/** knowledge/klauseln next to the sources (tsx, tests), next to the bundle (dist/server) or in the working directory. */
export function checklistDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    ...(process.env.KNOWLEDGE_DIR ? [resolve(process.env.KNOWLEDGE_DIR, "klauseln")] : []),
    resolve(here, "../../../../../knowledge/klauseln"), // src/server/tender/review/clauses/
    resolve(here, "../../knowledge/klauseln"), // dist/server/reader-worker.js
    resolve(process.cwd(), "knowledge/klauseln"),
  ];
  return candidates.find((c) => existsSync(c)) ?? candidates[candidates.length - 1];
}

/** The file of synonym groups beside the clause types. */
export const SYNONYMS_FILE = "synonyme.yaml";

/** Parses the synonym groups: a YAML list of groups, each a list of words that mean the same in a
 *  contract ("Vergütung", "Bezahlung", "Entgelt"); every phrase word matches its group's words. */
export function parseSynonyms(text: string, file = SYNONYMS_FILE): Synonyms {
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    fail(file, `YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  if (!Array.isArray(data)) fail(file, "muss eine Liste von Gruppen sein");
  return synonymsOf(data.map((g, i) => stringList(file, `Gruppe ${i + 1}`, g)));
}

export function readChecklist(dir = checklistDir()): ClauseType[] {
  const types: ClauseType[] = [];
  const synonymsPath = join(dir, SYNONYMS_FILE);
  const synonyms = existsSync(synonymsPath) ? parseSynonyms(readFileSync(synonymsPath, "utf8")) : undefined;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".md")) continue;
    const type = parseClauseType(readFileSync(join(dir, name), "utf8"), name, synonyms);
    if (`${type.slug}.md` !== name) fail(name, `slug „${type.slug}“ passt nicht zum Dateinamen`);
    types.push(type);
  }
  const slugs = new Set(types.map((t) => t.slug));
  for (const t of types) for (const slug of t.continues) if (!slugs.has(slug)) fail(t.file, `continues: unbekannter Typ „${slug}“`);
  return types;
}

let loaded: ClauseType[] | null = null;

/** The checklist, read once per thread. */
export function checklist(): ClauseType[] {
  return (loaded ??= readChecklist());
}
