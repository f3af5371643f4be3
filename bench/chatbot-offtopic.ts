// The off-topic guard measured (issue 26): everyday questions without a construction subject
// (cooking, travel, sport, pets, garden, car, taxes, health, tech, weddings, school, shopping —
// many with figures, temperatures and materials) must be refused by both chatbots; colloquial
// construction questions (also domestic-sounding ones) must not be. The set is split: "tune" to
// adjust the guard, "heldout" only measured (tests/quality/chatbot-offtopic.json).
//
//   node --import tsx bench/chatbot-offtopic.ts [--half tune|heldout] [--verbose]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BOT_TYPE, inProcessBlind, type TimedAsk } from "./chatbot-blind";

export const OFFTOPIC_SET = join(dirname(fileURLToPath(import.meta.url)), "..", "tests/quality/chatbot-offtopic.json");

export interface GuardQuestion {
  id: string;
  half: "tune" | "heldout";
  offTopic: boolean;
  /** The bot an on-topic question is asked of (off-topic ones go to both). */
  bot?: keyof typeof BOT_TYPE;
  question: string;
  note?: string;
}

export interface GuardFigures {
  /** Off-topic answers (one per bot and question) and how many were refused. */
  offTopic: number;
  refused: number;
  onTopic: number;
  falseRefusals: number;
  missed: string[];
  wronglyRefused: string[];
}

const REFUSAL = /^Dazu kann ich leider nicht helfen/;

export function loadGuardSet(file = OFFTOPIC_SET): GuardQuestion[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { questions: GuardQuestion[] }).questions;
}

export async function measureGuard(ask: TimedAsk, questions: GuardQuestion[]): Promise<GuardFigures> {
  const f: GuardFigures = { offTopic: 0, refused: 0, onTopic: 0, falseRefusals: 0, missed: [], wronglyRefused: [] };
  for (const q of questions) {
    if (q.offTopic) {
      for (const [bot, type] of Object.entries(BOT_TYPE)) {
        f.offTopic++;
        const { text } = await ask(type, q.question, []);
        if (REFUSAL.test(text)) f.refused++;
        else f.missed.push(`${q.id} ${bot}: ${q.question}`);
      }
    } else {
      f.onTopic++;
      const { text } = await ask(BOT_TYPE[q.bot ?? "baurecht"], q.question, []);
      if (REFUSAL.test(text)) {
        f.falseRefusals++;
        f.wronglyRefused.push(`${q.id} ${q.bot}: ${q.question}`);
      }
    }
  }
  return f;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");

export const guardLine = (half: string, f: GuardFigures) =>
  `| ${half} | ${f.offTopic} | ${f.refused} (${pct(f.refused, f.offTopic)}) | ${f.onTopic} | ${f.falseRefusals} (${pct(f.falseRefusals, f.onTopic)}) |`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--half");
  const halves = i > 0 ? [process.argv[i + 1]] : ["tune", "heldout"];
  const verbose = process.argv.includes("--verbose");
  const { ask, close } = await inProcessBlind();
  const all = loadGuardSet();
  console.log("| half | off-topic answers | refused | on-topic questions | falsely refused |\n|---|---:|---:|---:|---:|");
  const details: string[] = [];
  for (const half of halves) {
    const f = await measureGuard(
      ask,
      all.filter((q) => q.half === half),
    );
    console.log(guardLine(half, f));
    // The held-out half's misses stay unseen: only its figures are printed.
    if (verbose && half === "tune") details.push(`\n${half}: not refused`, ...f.missed, `${half}: wrongly refused`, ...f.wronglyRefused);
  }
  await close();
  if (details.length) console.log(details.join("\n"));
}
