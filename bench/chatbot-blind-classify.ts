// Classifies the misses of a blind question file (issue 26, step 1 of tuning): for every on-topic
// question whose main fact is not in the first 300 characters, whether
//   gap         – no article of the bot states the main fact (add an article from the topic map or say "dazu habe ich nichts"),
//   retrieval   – the answer leads with an article that does not state it, although another one does,
//   sentence    – the leading article states it, but another sentence comes first,
//   follow-up   – a follow-up whose new fact is not first.
//
//   node --import tsx bench/chatbot-blind-classify.ts [file]
import { pathToFileURL } from "node:url";
import { BLIND_TARGETS, BLIND_TUNE, BOT_TYPE, hasFact, inProcessBlind, loadBlind, visible, type BlindQuestion } from "./chatbot-blind";
import { readKnowledgeBase, type KnowledgeArticle } from "../src/server/chatbot/knowledge-base/articles";
import { shortTitle } from "../src/server/chatbot/kb-responder";

export type MissKind = "gap" | "retrieval" | "sentence" | "follow-up";

/** The article a knowledge-base answer leads with: the one its first citation names. */
const leadingTitle = (answer: string) => /– „([^“]+)“\)/.exec(answer)?.[1] ?? null;

export function classifyMiss(q: BlindQuestion, fact: { any: string[] }, answer: string, articles: KnowledgeArticle[]): MissKind {
  const own = articles.filter((a) => a.chatbotType === BOT_TYPE[q.bot]);
  const stating = own.filter((a) => hasFact(visible(a.content), fact));
  if (stating.length === 0) return "gap";
  const lead = leadingTitle(answer);
  return stating.some((a) => a.title === lead || shortTitle(a.title) === lead) ? "sentence" : "retrieval";
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2] ?? BLIND_TUNE;
  const { articles } = readKnowledgeBase();
  const { ask, close } = await inProcessBlind();
  const counts = new Map<string, number>();
  for (const q of loadBlind(file)) {
    if (q.offTopic || !q.mainFact) continue;
    const type = BOT_TYPE[q.bot];
    const first = await ask(type, q.question, []);
    if (!hasFact(visible(first.text).slice(0, BLIND_TARGETS.firstChars), q.mainFact)) {
      const kind = classifyMiss(q, q.mainFact, first.text, articles);
      counts.set(`${q.bot} ${kind}`, (counts.get(`${q.bot} ${kind}`) ?? 0) + 1);
      console.log(`${q.id}\t${kind}\tlead: ${leadingTitle(first.text) ?? "–"}\t${q.question.slice(0, 90)}`);
    }
    if (q.followUp) {
      const next = await ask(type, q.followUp.question, [
        { role: "user", content: q.question },
        { role: "assistant", content: first.text },
      ]);
      if (!hasFact(visible(next.text).slice(0, BLIND_TARGETS.firstChars), q.followUp.mainFact)) {
        const kind = classifyMiss(q, q.followUp.mainFact, next.text, articles);
        counts.set(`${q.bot} follow-up/${kind}`, (counts.get(`${q.bot} follow-up/${kind}`) ?? 0) + 1);
        console.log(`${q.id}→\tfollow-up/${kind}\tlead: ${leadingTitle(next.text) ?? "–"}\t${q.followUp.question.slice(0, 90)}`);
      }
    }
  }
  await close();
  console.log(
    "\n" +
      [...counts]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join("\n"),
  );
}
