// A second reader for the clauses: two logistic regressions over a clause's word stems and stem
// pairs, trained on contract clauses that blind authors and estimators labelled. The rules read
// figures and legal conditions; these models read wording — the many ways a clause shifts a cost,
// a risk or a right to the contractor that no rule names. The first ("problem") raises a clause the
// rules leave at their fallback "üblich"; the second ("kritisch", trained on flagged clauses only)
// tells kritisch from prüfen for those. A rule's own verdict is never changed (tried: raising a
// rule's prüfen by wording broke verdicts the tuning authors gave); the words that weighed most are
// named. Weights: knowledge/klauseln/formulierungen.json,
// built by scripts/train-clause-model.ts (the training sets are listed there; held-out sets never are).

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deu } from "stopword";
import { fold } from "../../text";
import { checklistDir, type Verdict } from "./checklist";
import { stem, words } from "./words";

/** A labelled clause: the text, the verdict an estimator gave it and its type. */
export interface LabelledClause {
  text: string;
  verdict: Verdict;
  /** The clause type (checklist slug) or "" where unknown: each type's two sides weigh alike, so
   *  the models learn wording, not which subjects are often flagged. */
  type: string;
}

/** One binary example: the text, its side and its type. */
interface Example {
  text: string;
  positive: boolean;
  type: string;
}

export interface ClauseModel {
  bias: number;
  weights: Record<string, number>;
}

export interface ClauseModels {
  /** kritisch or prüfen against üblich. */
  problem: ClauseModel;
  /** kritisch against prüfen (flagged clauses only). */
  kritisch: ClauseModel;
}

export const MODEL_FILE = "formulierungen.json";

/** From this probability on, a clause left "üblich" by the rules is flagged. */
export const PROBLEM_THRESHOLD = 0.9;
/** From this probability of the kritisch model on, a clause the problem model flags is kritisch. */
export const KRITISCH_THRESHOLD = 0.7;

/** Words that carry no meaning for a verdict ("der", "für", "im"), from a maintained German list —
 *  less those that turn a clause around or widen it ("nicht", "ohne", "nur", "erst", "jede"). */
const KEEP = new Set(
  "nicht kein keine keinen keiner ohne nur erst auch jede jeder jedes alle gegen bis über unter mehr weniger nach vor jedoch sondern selbst eigene eigenen".split(
    " ",
  ),
);
const STOP = new Set(deu.filter((w) => !KEEP.has(w)).map(fold));

/** Figures, "%", "§" and the parts of a reference ("Abs.", "Nr.") are left out: the rules judge
 *  the numbers, the model only the wording around them. */
const FIGURE = /^(\d.*|%|§|abs|nr|ziff|s|v|h)$/;

/** Where a word or feature stands in the text (character offsets), to show the words behind it. */
interface Span {
  start: number;
  end: number;
}

/** The clause's tokens: stems in order, each with where its word stands in the text. */
function tokens(text: string): (Span & { stem: string })[] {
  const out: (Span & { stem: string })[] = [];
  for (const m of text.matchAll(/[\p{L}]+|\d+(?:[.,]\d+)*|%|§/gu)) {
    for (const w of words(m[0])) {
      if (!STOP.has(w) && !FIGURE.test(w)) out.push({ stem: stem(w), start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

/** Stems and pairs of neighbouring stems, meaningless words left out ("ohn gesondert", "vergutung ausgeschloss"). */
export function features(text: string): Map<string, Span> {
  const t = tokens(text);
  const f = new Map<string, Span>();
  for (let i = 0; i < t.length; i++) {
    if (!f.has(t[i].stem)) f.set(t[i].stem, { start: t[i].start, end: t[i].end });
    if (i + 1 < t.length) {
      const pair = `${t[i].stem} ${t[i + 1].stem}`;
      if (!f.has(pair)) f.set(pair, { start: t[i].start, end: t[i + 1].end });
    }
  }
  return f;
}

const EPOCHS = 30;
/** A feature must occur in clauses of this many types (see trainModel). */
const MIN_TYPES = 2;
const RATE = 0.2;
const DECAY = 0.001;
/** Weights this small change no verdict; left out of the file. */
const MIN_WEIGHT = 0.005;

export interface TrainingOptions {
  epochs?: number;
  rate?: number;
  decay?: number;
  minTypes?: number;
}

/** Both models from the labelled clauses. */
export function trainClauseModels(data: LabelledClause[], options: TrainingOptions = {}): ClauseModels {
  return {
    problem: trainModel(
      data.map((d) => ({ text: d.text, positive: d.verdict !== "üblich", type: d.type })),
      options,
    ),
    kritisch: trainModel(
      data.filter((d) => d.verdict !== "üblich").map((d) => ({ text: d.text, positive: d.verdict === "kritisch", type: d.type })),
      options,
    ),
  };
}

/** Stochastic gradient descent in the given order (deterministic: the same data give the same file). */
export function trainModel(
  data: Example[],
  { epochs = EPOCHS, rate = RATE, decay = DECAY, minTypes = MIN_TYPES }: TrainingOptions = {},
): ClauseModel {
  const w = new Map<string, number>();
  let bias = 0;
  const count = new Map<string, number>();
  const key = (d: Example) => `${d.type}|${d.positive}`;
  for (const d of data) count.set(key(d), (count.get(key(d)) ?? 0) + 1);
  // Only wording that clauses of several types share: a word of one subject ("Baustrom",
  // "Schlussrechnung") would teach the model which subjects are often flagged, not how.
  const typesOf = new Map<string, Set<string>>();
  for (const d of data) for (const k of features(d.text).keys()) (typesOf.get(k) ?? typesOf.set(k, new Set()).get(k)!).add(d.type);
  const shared = (k: string) => (typesOf.get(k)?.size ?? 0) >= minTypes;
  const rows = data.map((d) => {
    const own = count.get(key(d)) ?? 1;
    const other = count.get(`${d.type}|${!d.positive}`) ?? 0;
    // Half of the type's weight to each side; a side without counterpart keeps a small weight.
    const weight = other ? (own + other) / (2 * own) : 0.2;
    return { f: [...features(d.text).keys()].filter(shared), y: d.positive ? 1 : 0, weight };
  });
  for (let e = 0; e < epochs; e++) {
    for (const r of rows) {
      let z = bias;
      for (const k of r.f) z += w.get(k) ?? 0;
      const g = (1 / (1 + Math.exp(-z)) - r.y) * r.weight;
      bias -= rate * g;
      for (const k of r.f) {
        const v = w.get(k) ?? 0;
        w.set(k, v - rate * (g + decay * v));
      }
    }
  }
  const weights: Record<string, number> = {};
  for (const [k, v] of [...w.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (Math.abs(v) >= MIN_WEIGHT) weights[k] = Math.round(v * 10_000) / 10_000;
  }
  return { bias: Math.round(bias * 10_000) / 10_000, weights };
}

export interface ProblemScore {
  probability: number;
  /** The clause's own words that weigh most towards a problem, strongest first. */
  cues: string[];
}

/** Most cues shown in a why. */
const MAX_CUES = 3;

export function scoreClause(model: ClauseModel, text: string): ProblemScore {
  let z = model.bias;
  const pulls: (Span & { weight: number })[] = [];
  for (const [feature, span] of features(text)) {
    const weight = model.weights[feature];
    if (weight === undefined) continue;
    z += weight;
    if (weight > 0) pulls.push({ ...span, weight });
  }
  // The strongest features, overlapping ones joined into one passage ("ohne gesonderte" and
  // "gesonderte Vergütung" show as „ohne gesonderte Vergütung“), the strongest passages in the
  // order of the text.
  const strongest = pulls.sort((a, b) => b.weight - a.weight).slice(0, 2 * MAX_CUES);
  const merged: (Span & { weight: number })[] = [];
  for (const p of strongest.sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    // Overlapping, or side by side with only a space between ("Auftragnehmer ohne" + "gesonderte Vergütung").
    if (last && (p.start <= last.end || !text.slice(last.end, p.start).trim())) {
      last.end = Math.max(last.end, p.end);
      last.weight = Math.max(last.weight, p.weight);
    } else merged.push({ ...p });
  }
  const cues = merged
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_CUES)
    .sort((a, b) => a.start - b.start)
    .map((s) => text.slice(s.start, s.end));
  return { probability: 1 / (1 + Math.exp(-z)), cues };
}

let loaded: ClauseModels | null | undefined;

/** The trained weights beside the checklist, read once per thread; null without the file. */
export function clauseModels(): ClauseModels | null {
  if (loaded !== undefined) return loaded;
  const path = join(checklistDir(), MODEL_FILE);
  loaded = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as ClauseModels) : null;
  return loaded;
}
