// Answer quality of the two chatbots without a language model: for each question of
// tests/quality/chatbot-questions.json (written from law, VOB and norms before the articles were
// read), does the key fact stand in the first 500 characters of the answer? Prints the share per
// assistant; the bar is 90 %.
//
//   node --import tsx bench/chatbot-quality.ts [--verbose]   (embedded database, in memory)
//
// npm run bench runs it too (chatbotQualityReport, one line in bench/run.mjs); the vitest test
// tests/api/chatbot-quality.test.ts asks the same questions through the HTTP API.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ChatbotType } from "../src/common/schemas/chatbot";

export const QUALITY_BAR = 0.9;
/** How much of an answer a Bauleiter reads before deciding whether it helps. */
export const FIRST_CHARS = 500;

export interface QualityQuestion {
  id: string;
  assistant: ChatbotType;
  question: string;
  /** The previous question of the same conversation (a follow-up). */
  previous?: string;
  /** Regular expression (case-insensitive) for the key fact. */
  fact: string;
  note?: string;
}

export interface QualityMiss {
  id: string;
  question: string;
  fact: string;
  head: string;
}

export interface AssistantScore {
  assistant: ChatbotType;
  total: number;
  hits: number;
  share: number;
  misses: QualityMiss[];
}

/** Asks one question (after `previous` in the same conversation, if given) and returns the answer. */
export type Ask = (type: ChatbotType, question: string, previous?: string) => Promise<string>;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export function loadQuestions(file = join(root, "tests/quality/chatbot-questions.json")): QualityQuestion[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { questions: QualityQuestion[] }).questions;
}

export async function measureQuality(ask: Ask, questions = loadQuestions()): Promise<AssistantScore[]> {
  const scores = new Map<ChatbotType, AssistantScore>();
  for (const q of questions) {
    const answer = await ask(q.assistant, q.question, q.previous);
    const head = answer.slice(0, FIRST_CHARS);
    let s = scores.get(q.assistant);
    if (!s) scores.set(q.assistant, (s = { assistant: q.assistant, total: 0, hits: 0, share: 0, misses: [] }));
    s.total++;
    if (new RegExp(q.fact, "iu").test(head)) s.hits++;
    else s.misses.push({ id: q.id, question: q.question, fact: q.fact, head });
  }
  return [...scores.values()].map((s) => ({ ...s, share: s.hits / s.total }));
}

const LABEL: Record<ChatbotType, string> = { legal: "Baurecht", construction: "Bauausführung" };
const percent = (x: number) => `${(x * 100).toFixed(0)} %`;

/** Markdown table lines; `bar` marks each share against the bar (bench/run.mjs passes its helper). */
export function qualityLines(
  scores: AssistantScore[],
  bar: (pass: boolean, text: string, label: string) => string = (pass, text) => `${text} ${pass ? "✓" : "✗ MISSED"}`,
): string[] {
  const lines = [
    `| chatbot answers without a model: key fact in the first ${FIRST_CHARS} characters | questions | with the fact | share | bar |`,
    "|---|---:|---:|---:|---|",
  ];
  for (const s of scores)
    lines.push(
      `| ${LABEL[s.assistant]} | ${s.total} | ${s.hits} | ${percent(s.share)} | ${bar(s.share >= QUALITY_BAR, `≥ ${percent(QUALITY_BAR)}`, `chatbot answer quality (${LABEL[s.assistant]})`)} |`,
    );
  return lines;
}

/** The answer path in this process on a fresh in-memory database (migrations and seed as at start). */
export async function inProcessAsk(): Promise<{ ask: Ask; close(): Promise<void> }> {
  const { openDatabase } = await import("../src/server/db/client");
  const { seedChatbotDefaults } = await import("../src/server/chatbot/seed");
  const { generateAnswer } = await import("../src/server/chatbot/answer");
  const { loadConfig } = await import("../src/server/config");
  const database = await openDatabase({ dataDir: "memory://" });
  await seedChatbotDefaults(database.db);
  const config = { ...loadConfig({ LOG_LEVEL: "error" }), llm: undefined };
  const deps = { db: database.db, config };
  const ask: Ask = async (type, question, previous) => {
    const history = [];
    if (previous) {
      const first = await generateAnswer(deps, { type, question: previous, history: [] });
      history.push({ role: "user" as const, content: previous }, { role: "assistant" as const, content: first.text });
    }
    return (await generateAnswer(deps, { type, question, history })).text;
  };
  return { ask, close: () => database.close() };
}

/** For npm run bench: measures in memory and returns the report lines (misses go through `bar`). */
export async function chatbotQualityReport(opts: {
  bar: (pass: boolean, text: string, label: string) => string;
  results?: Record<string, unknown>;
}): Promise<string[]> {
  const { ask, close } = await inProcessAsk();
  try {
    const scores = await measureQuality(ask);
    if (opts.results) opts.results.chatbotQuality = scores.map(({ misses, ...s }) => ({ ...s, misses: misses.map((m) => m.id) }));
    return ["", ...qualityLines(scores, opts.bar)];
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const verbose = process.argv.includes("--verbose");
  const { ask, close } = await inProcessAsk();
  const scores = await measureQuality(ask);
  await close();
  console.log(qualityLines(scores).join("\n"));
  for (const s of scores)
    for (const m of s.misses) {
      console.log(`\n✗ ${m.id} ${m.question}\n  erwartet: /${m.fact}/`);
      if (verbose) console.log(`  ${m.head.replace(/\n/g, "\n  ")}`);
    }
  process.exit(scores.every((s) => s.share >= QUALITY_BAR) ? 0 : 1);
}
