// The blind measurement of the two chatbots (issue 26): questions written the way site managers
// and estimators ask — typos, abbreviations, colloquial words — by a reviewer who had seen
// neither the knowledge base nor our own question set, with the facts a right answer must hold.
// Two files tune (tests/quality/chatbot-blind-tune.json and chatbot-blind-tune-2.json, the first
// held-out half, retired to tuning after its one measurement); a new held-out set, written by
// someone else, goes to tests/quality/chatbot-blind-heldout.never-tune-on.json and is only ever measured.
//
//   node --import tsx bench/chatbot-blind.ts [file] [--verbose]   (embedded database, in memory)
//
// Figures per bot (definitions in docs/chatbot-quality.md):
//   main fact anywhere / in the first 300 visible characters (questions; follow-ups apart),
//   wrong citations, off-topic questions refused, median answer length, p99 answer time.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ChatbotType } from "../src/common/schemas/chatbot";
import type { HistoryMessage } from "../src/server/chatbot/answer";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BLIND_TUNE = join(root, "tests/quality/chatbot-blind-tune.json");
export const BLIND_TUNE_2 = join(root, "tests/quality/chatbot-blind-tune-2.json");
export const BLIND_TUNE_3 = join(root, "tests/quality/chatbot-blind-tune-3.json");
export const BLIND_TUNE_4 = join(root, "tests/quality/chatbot-blind-tune-4.json");
export const BLIND_TUNE_5 = join(root, "tests/quality/chatbot-blind-tune-5.json");
/** Every tuning set in the order they were written (tune-4 and tune-5 by later authors). */
export const BLIND_TUNE_SETS = [BLIND_TUNE, BLIND_TUNE_2, BLIND_TUNE_3, BLIND_TUNE_4, BLIND_TUNE_5];
/** "tuning set N" from the file name, "held-out set" for the held-out file. */
export const setName = (file: string) =>
  file.includes("heldout") ? "held-out set" : `tuning set ${/tune-(\d+)\.json$/.exec(file)?.[1] ?? "1"}`;
export const BLIND_HELDOUT = join(root, "tests/quality/chatbot-blind-heldout.never-tune-on.json");

/** The targets of issue 26 (on the held-out half). */
export const BLIND_TARGETS = { firstChars: 300, mainFactFirst: 0.85, wrongCitations: 0, offTopicRefused: 1, medianChars: 1200, p99Ms: 100 };

interface Fact {
  any: string[];
}

export interface BlindQuestion {
  id: string;
  bot: "baurecht" | "bauausfuehrung";
  question: string;
  mainFact?: Fact | null;
  alsoFacts?: Fact[];
  expectedSources?: string[];
  wrongIf?: Fact[];
  followUp?: { question: string; mainFact: Fact } | null;
  offTopic?: boolean;
}

export const BOT_TYPE: Record<BlindQuestion["bot"], ChatbotType> = { baurecht: "legal", bauausfuehrung: "construction" };

export function loadBlind(file: string): BlindQuestion[] {
  return JSON.parse(readFileSync(file, "utf8")) as BlindQuestion[];
}

/** What the reader sees of the Markdown: without the ** and _ marks. */
export const visible = (text: string) => text.replace(/\*\*/g, "").replace(/(^|[\s(])_|_(?=$|[\s).,;:])/gm, "$1");
const norm = (text: string) => text.toLowerCase().replace(/[\s\u00a0\u202f]+/g, " ");
/** A fact is in a text when one of its spellings is (case and spacing ignored). */
export const hasFact = (text: string, fact: Fact | null | undefined) => !!fact && fact.any.some((f) => norm(text).includes(norm(f)));

/** An answer as asked: its text and how long it took. */
export type TimedAsk = (
  type: ChatbotType,
  question: string,
  history: HistoryMessage[],
) => Promise<{ text: string; ms: number; cpuMs?: number }>;

/** Checks one answer's citations "_(source – „article“)_"; returns the wrong ones. */
export type CitationCheck = (type: ChatbotType, answer: string, expectedSources: string[]) => string[];

export interface BotFigures {
  bot: string;
  questions: number;
  mainAnywhere: number;
  mainFirst: number;
  followUps: number;
  followAnywhere: number;
  followFirst: number;
  alsoFound: number;
  alsoTotal: number;
  wrongIf: number;
  offTopic: number;
  offTopicRefused: number;
  onTopicRefused: number;
  wrongCitations: string[];
  lengths: number[];
  misses: { id: string; question: string; head: string; kind: "main" | "follow-up" }[];
}

export interface BlindReport {
  bots: BotFigures[];
  times: number[];
  /** CPU time of this process per answer (the embedded database runs in it): the cost without waiting for a busy machine. */
  cpuTimes: number[];
  medianChars: number;
  medianChars800: number;
  p50Ms: number;
  p99Ms: number;
  p99CpuMs: number;
}

const OFF_TOPIC = /^Dazu kann ich leider nicht helfen/;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
};

/** The part of an answer before "Mehr dazu" (what the chat shows open). */
export const openPart = (text: string) => text.split("\n**Mehr dazu**\n")[0];

export async function measureBlind(ask: TimedAsk, check: CitationCheck, questions: BlindQuestion[]): Promise<BlindReport> {
  const bots = new Map<string, BotFigures>();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const lengths: number[] = [];
  const openLengths: number[] = [];
  for (const q of questions) {
    const type = BOT_TYPE[q.bot];
    let f = bots.get(q.bot);
    if (!f) {
      f = {
        bot: q.bot,
        questions: 0,
        mainAnywhere: 0,
        mainFirst: 0,
        followUps: 0,
        followAnywhere: 0,
        followFirst: 0,
        alsoFound: 0,
        alsoTotal: 0,
        wrongIf: 0,
        offTopic: 0,
        offTopicRefused: 0,
        onTopicRefused: 0,
        wrongCitations: [],
        lengths: [],
        misses: [],
      };
      bots.set(q.bot, f);
    }
    const first = await ask(type, q.question, []);
    times.push(first.ms);
    if (first.cpuMs !== undefined) cpuTimes.push(first.cpuMs);
    if (q.offTopic) {
      f.offTopic++;
      if (OFF_TOPIC.test(first.text)) f.offTopicRefused++;
      else f.misses.push({ id: q.id, question: q.question, head: first.text.slice(0, 300), kind: "main" });
      continue;
    }
    const shown = visible(first.text);
    f.questions++;
    f.lengths.push(first.text.length);
    lengths.push(first.text.length);
    openLengths.push(openPart(first.text).length);
    if (OFF_TOPIC.test(first.text)) f.onTopicRefused++;
    if (hasFact(shown, q.mainFact)) f.mainAnywhere++;
    if (hasFact(shown.slice(0, BLIND_TARGETS.firstChars), q.mainFact)) f.mainFirst++;
    else f.misses.push({ id: q.id, question: q.question, head: shown.slice(0, 600), kind: "main" });
    for (const also of q.alsoFacts ?? []) {
      f.alsoTotal++;
      if (hasFact(shown, also)) f.alsoFound++;
    }
    if ((q.wrongIf ?? []).some((w) => hasFact(shown, w))) f.wrongIf++;
    f.wrongCitations.push(...check(type, first.text, q.expectedSources ?? []).map((c) => `${q.id}: ${c}`));
    if (q.followUp) {
      const history: HistoryMessage[] = [
        { role: "user", content: q.question },
        { role: "assistant", content: first.text },
      ];
      const next = await ask(type, q.followUp.question, history);
      times.push(next.ms);
      if (next.cpuMs !== undefined) cpuTimes.push(next.cpuMs);
      const nextShown = visible(next.text);
      f.followUps++;
      lengths.push(next.text.length);
      openLengths.push(openPart(next.text).length);
      if (hasFact(nextShown, q.followUp.mainFact)) f.followAnywhere++;
      if (hasFact(nextShown.slice(0, BLIND_TARGETS.firstChars), q.followUp.mainFact)) f.followFirst++;
      else
        f.misses.push({ id: q.id, question: `${q.question} → ${q.followUp.question}`, head: nextShown.slice(0, 600), kind: "follow-up" });
      f.wrongCitations.push(...check(type, next.text, q.expectedSources ?? []).map((c) => `${q.id} (Anschlussfrage): ${c}`));
    }
  }
  return {
    bots: [...bots.values()],
    times,
    cpuTimes,
    medianChars: quantile(lengths, 0.5),
    medianChars800: quantile(openLengths, 0.5),
    p50Ms: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
    p99CpuMs: quantile(cpuTimes, 0.99),
  };
}

const percent = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(0)} %` : "–");
const LABEL: Record<string, string> = { baurecht: "Baurecht", bauausfuehrung: "Bauausführung" };

/** Markdown lines; `bar` marks a figure against its target (bench/run.mjs passes its helper). */
export function blindLines(
  name: string,
  r: BlindReport,
  bar: (pass: boolean, text: string, label: string) => string = (pass, text) => `${text} ${pass ? "✓" : "✗ MISSED"}`,
): string[] {
  const t = BLIND_TARGETS;
  const lines = [
    `| chatbots, blind questions (${name}) | questions | main fact anywhere | main fact in first ${t.firstChars} chars | follow-ups: fact in first ${t.firstChars} | also-facts | wrong citations | off-topic refused | bar |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const b of r.bots) {
    const share = b.questions ? b.mainFirst / b.questions : 0;
    const pass = share >= t.mainFactFirst && b.wrongCitations.length === 0 && b.offTopicRefused === b.offTopic;
    lines.push(
      `| ${LABEL[b.bot] ?? b.bot} | ${b.questions} | ${percent(b.mainAnywhere, b.questions)} | ${percent(b.mainFirst, b.questions)} | ${b.followFirst}/${b.followUps} | ${percent(b.alsoFound, b.alsoTotal)} | ${b.wrongCitations.length} | ${b.offTopicRefused}/${b.offTopic} | ${bar(pass, `≥ ${t.mainFactFirst * 100} % first, 0 wrong citations, all off-topic refused`, `blind ${name}: ${LABEL[b.bot] ?? b.bot}`)} |`,
    );
  }
  lines.push(
    "",
    `| chatbots, blind questions (${name}): size and time | value | bar |`,
    "|---|---:|---|",
    `| median answer length, whole message (characters) | ${r.medianChars} | ${bar(r.medianChars <= t.medianChars, `≤ ${t.medianChars}`, `blind ${name}: median length`)} |`,
    `| median length before „Mehr dazu“ (characters) | ${r.medianChars800} | ≈ 800 |`,
    `| p50 answer time in process, ${r.times.length} answers (ms) | ${r.p50Ms.toFixed(1)} | – |`,
    `| p99 answer time in process, ${r.times.length} answers (ms) | ${r.p99Ms.toFixed(1)} | ${bar(r.p99Ms < t.p99Ms, `< ${t.p99Ms} ms`, `blind ${name}: p99`)} |`,
    ...(r.cpuTimes.length
      ? [`| p99 CPU time per answer (ms; median ${quantile(r.cpuTimes, 0.5).toFixed(1)}) | ${r.p99CpuMs.toFixed(1)} | – |`]
      : []),
  );
  return lines;
}

/** The answer path in this process on a fresh in-memory database, timed, with the citation check. */
export async function inProcessBlind(): Promise<{ ask: TimedAsk; check: CitationCheck; close(): Promise<void> }> {
  const { openDatabase } = await import("../src/server/db/client");
  const { seedChatbotDefaults } = await import("../src/server/chatbot/seed");
  const { generateAnswer } = await import("../src/server/chatbot/answer");
  const { loadConfig } = await import("../src/server/config");
  const { readKnowledgeBase } = await import("../src/server/chatbot/knowledge-base/articles");
  const { wrongCitations } = await import("../src/server/chatbot/citation-check");
  const database = await openDatabase({ dataDir: "memory://" });
  await seedChatbotDefaults(database.db);
  const config = { ...loadConfig({ LOG_LEVEL: "error" }), llm: undefined };
  const deps = { db: database.db, config };
  const ask: TimedAsk = async (type, question, history) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const answer = await generateAnswer(deps, { type, question, history });
    const used = process.cpuUsage(cpu);
    return { text: answer.text, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  };
  // What the server does at start (src/server/chatbot/warm-up.ts): knowledge cache, indexes, first runs.
  const { warmUpChatbots } = await import("../src/server/chatbot/warm-up");
  await warmUpChatbots(database.db);
  const { articles } = readKnowledgeBase();
  const check: CitationCheck = (type, answer, expected) =>
    wrongCitations(
      answer,
      articles.filter((a) => a.chatbotType === type),
      expected,
    );
  return { ask, check, close: () => database.close() };
}

/** For npm run bench: both halves, measured in memory. */
export async function chatbotBlindReport(opts: {
  bar: (pass: boolean, text: string, label: string) => string;
  results?: Record<string, unknown>;
}): Promise<string[]> {
  const { ask, check, close } = await inProcessBlind();
  try {
    const lines: string[] = [];
    const sets: [string, string][] = BLIND_TUNE_SETS.map((file) => [setName(file), file]);
    // The held-out set is measured when it is there (it is written apart and handed in at the end).
    if (existsSync(BLIND_HELDOUT)) sets.push(["held-out set", BLIND_HELDOUT]);
    for (const [name, file] of sets) {
      const report = await measureBlind(ask, check, loadBlind(file));
      if (opts.results)
        opts.results[`chatbotBlind ${name}`] = {
          ...report,
          bots: report.bots.map((b) => ({ ...b, lengths: undefined, misses: b.misses.map((m) => m.id) })),
        };
      lines.push("", ...blindLines(name, report, opts.bar));
    }
    return lines;
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? BLIND_TUNE;
  const verbose = process.argv.includes("--verbose");
  const { ask, check, close } = await inProcessBlind();
  const report = await measureBlind(ask, check, loadBlind(file));
  await close();
  console.log(blindLines(setName(file), report).join("\n"));
  for (const b of report.bots) {
    for (const c of b.wrongCitations) console.log(`✗ citation ${c}`);
    for (const m of b.misses) {
      console.log(`\n✗ ${m.id} (${m.kind}) ${m.question}`);
      if (verbose) console.log(`  ${m.head.replace(/\n/g, "\n  ")}`);
    }
  }
}
