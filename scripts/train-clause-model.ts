// Trains the clause wording models (src/server/tender/review/clauses/learned.ts) and writes their
// weights to knowledge/klauseln/formulierungen.json. Training material: the paraphrase set, the
// tuning halves of the single-clause blind corpus and the clause truths of the blind tuning LVs.
// Held-out material (heldout2, *.never-tune-on.*) is never read: it measures the model.
//   npx tsx scripts/train-clause-model.ts [--check]   (--check: fail if the file is not up to date)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { checklistDir } from "../src/server/tender/review/clauses/checklist";
import { MODEL_FILE, trainClauseModels, type ClauseModels, type LabelledClause } from "../src/server/tender/review/clauses/learned";
import { reviewClauses, type ClauseSource } from "../src/server/tender/review/clauses/review";
import { overlaps, type Truth, type TruthClause } from "../tests/quality/blind/evaluate-blind";
import type { BlindLv } from "../tests/quality/blind/lv-to-files";
import { LV_SOURCE } from "../src/server/tender/review/clauses";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TUNING_LVS = ["tune", "tune2", "tune3", "tune4", "tune5", "tune6"];
const SENTENCE_SETS = ["tune-a.yaml", "tune-b.yaml", "train-d1.yaml", "train-d2.yaml", "train-e1.yaml", "train-e2.yaml"].map(
  (f) => `tests/quality/blind/sentences/${f}`,
);
const PARAPHRASES = "src/server/tender/review/clauses/paraphrases.yaml";
const FAIR_CONTRACTS = ["fair-contract.txt", "fair-contract-zvb.txt", "fair-contract-private.txt"].map(
  (f) => `src/server/tender/review/clauses/${f}`,
);

const heldOut = (path: string) => /heldout|never-tune-on|dev-c/.test(path);

export function readTraining(path: string): string {
  if (heldOut(path)) throw new Error(`Held-out-Material wird nie zum Training gelesen: ${path}`);
  return readFileSync(join(root, path), "utf8");
}

const fromYaml = (path: string): LabelledClause[] =>
  (parse(readTraining(path)) as LabelledClause[]).map((c) => ({ text: c.text, verdict: c.verdict, type: c.type }));

/** A contract text as the review reads it: its paragraphs in order. */
const source = (document: string, texts: string[]): ClauseSource => ({
  document,
  paragraphs: texts.map((text, i) => ({ text, page: null, paragraph: i + 1 })),
});

/** A tuning LV: its quoted problem clauses, and every clause the review reads from its contract
 *  texts — a problem where it overlaps a quoted one, else harmless (the authors list every problem). */
function fromLv(dir: string): LabelledClause[] {
  const out: LabelledClause[] = [];
  const folder = `tests/quality/blind/${dir}`;
  for (const file of readdirSync(join(root, folder)).sort()) {
    if (!file.endsWith(".truth.json")) continue;
    const truth = JSON.parse(readTraining(`${folder}/${file}`)) as Truth;
    const problems = truth.clauses.filter((c) => c.quote && c.verdict !== "üblich");
    for (const c of problems) out.push({ text: c.quote, verdict: c.verdict, type: c.type });
    const lv = JSON.parse(readTraining(`${folder}/${file.replace(/\.truth\.json$/, ".lv.json")}`)) as BlindLv;
    const sources = [source(LV_SOURCE, lv.vorbemerkungen), ...(lv.contractDocuments ?? []).map((d) => source(d.name, d.paragraphs))];
    out.push(...segmented(sources, problems));
  }
  return out;
}

/** Each clause the review reads from the sources, as the model sees it: a problem where it overlaps a known one. */
function segmented(sources: ClauseSource[], problems: TruthClause[]): LabelledClause[] {
  const out: LabelledClause[] = [];
  const seen = new Set<string>();
  for (const e of reviewClauses(sources, undefined, {}, { model: null }).entries) {
    if (e.status !== "geregelt" || !e.quote || seen.has(e.quote)) continue;
    seen.add(e.quote);
    const problem = problems.find((c) => overlaps(c.quote, e.quote!));
    out.push({ text: e.quote, verdict: problem?.verdict ?? "üblich", type: problem?.type ?? e.type });
  }
  return out;
}

/** The fair contracts of the unit tests: every clause the review reads from them is harmless. */
function fromFairContract(file: string): LabelledClause[] {
  const paragraphs = readTraining(file)
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  return segmented([source(file, paragraphs)], []);
}

export function trainingClauses(): LabelledClause[] {
  return [
    ...fromYaml(PARAPHRASES),
    ...SENTENCE_SETS.flatMap(fromYaml),
    ...TUNING_LVS.flatMap(fromLv),
    ...FAIR_CONTRACTS.flatMap(fromFairContract),
  ];
}

export const modelJson = () => `${JSON.stringify(trainClauseModels(trainingClauses()))}\n`;

if (process.argv[1]?.endsWith("train-clause-model.ts")) {
  const path = join(checklistDir(), MODEL_FILE);
  const json = modelJson();
  if (process.argv.includes("--check")) {
    if (readFileSync(path, "utf8") !== json) {
      console.error(`${MODEL_FILE} ist nicht aktuell: npx tsx scripts/train-clause-model.ts`);
      process.exit(1);
    }
  } else {
    writeFileSync(path, json);
    const models = JSON.parse(json) as ClauseModels;
    console.log(
      `${MODEL_FILE}: ${Object.keys(models.problem.weights).length} + ${Object.keys(models.kritisch.weights).length} Gewichte aus ${trainingClauses().length} Klauseln`,
    );
  }
}
