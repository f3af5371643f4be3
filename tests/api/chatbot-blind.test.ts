// Issue 26, blind measurement (tuning half): questions written the way site managers ask — typos,
// abbreviations, colloquial words — by a reviewer who had not seen the knowledge base, asked
// through the real API. Asserts the bars reached on the first and the third tuning set (a fourth
// author's questions, tuned on in the round of 27.11.2026); the second tuning set
// (tests/quality/chatbot-blind-tune-2.json, the retired first held-out half) and a new held-out set
// (tests/quality/chatbot-blind-heldout.never-tune-on.json, never tuned on) are measured by
// `node --import tsx bench/chatbot-blind.ts <file>` and `npm run bench`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatbotType } from "../../src/common/schemas/chatbot";
import type { ChatbotAnswerDto } from "../../src/common/types";
import {
  BLIND_TUNE,
  BLIND_TUNE_3,
  BLIND_TUNE_4,
  BLIND_TUNE_5,
  loadBlind,
  measureBlind,
  type CitationCheck,
  type TimedAsk,
} from "../../bench/chatbot-blind";
import { readKnowledgeBase } from "../../src/server/chatbot/knowledge-base/articles";
import { wrongCitations } from "../../src/server/chatbot/citation-check";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
  user = await ctx.createUser("user", companyId);
});
afterAll(async () => ctx?.close());

/** A question in a fresh conversation, or — with history — as the follow-up in the conversation of its first question. */
const conversations = new Map<string, number>();
const ask: TimedAsk = async (type: ChatbotType, question, history) => {
  const started = performance.now();
  const conversationId = history.length ? conversations.get(history[0].content) : undefined;
  const res = await ctx.request("POST", `/api/chatbot/${type}`, { user, body: { message: question, conversationId } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<ChatbotAnswerDto>();
  if (!history.length) conversations.set(question, answer.conversationId);
  return { text: answer.message, ms: performance.now() - started };
};

const { articles } = readKnowledgeBase();
const check: CitationCheck = (type, answer, expected) =>
  wrongCitations(
    answer,
    articles.filter((a) => a.chatbotType === type),
    expected,
  );

/** A blind set's bars: the main fact first for at least `bars` of each bot's questions, no wrong
 *  citation, every off-topic question refused and no construction question, median ≤ 1 200 characters. */
async function expectBars(file: string, bars: Record<string, number>) {
  const report = await measureBlind(ask, check, loadBlind(file));
  const summary = report.bots
    .map((b) => `${b.bot}: ${b.mainFirst}/${b.questions} first, misses ${b.misses.map((m) => m.id).join(" ")}`)
    .join("\n");
  for (const b of report.bots) {
    expect(b.mainFirst / b.questions, summary).toBeGreaterThanOrEqual(bars[b.bot]);
    expect(b.wrongCitations).toEqual([]);
    expect(b.offTopicRefused).toBe(b.offTopic);
    expect(b.onTopicRefused).toBe(0);
  }
  expect(report.medianChars).toBeLessThanOrEqual(1200);
}

describe("blind questions, tuning half", () => {
  it("has the reviewer's questions: per bot on-topic questions with a main fact, and off-topic ones", () => {
    const questions = loadBlind(BLIND_TUNE);
    expect(questions.length).toBeGreaterThanOrEqual(40);
    for (const bot of ["baurecht", "bauausfuehrung"]) {
      expect(questions.filter((q) => q.bot === bot && !q.offTopic && q.mainFact?.any.length).length).toBeGreaterThanOrEqual(20);
      expect(questions.filter((q) => q.bot === bot && q.offTopic).length).toBeGreaterThanOrEqual(1);
    }
  });

  it("puts the main fact first, cites no wrong source, refuses every off-topic question, stays short", async () => {
    // Bars reached on the tuning half (issue 26 targets 85 % on the held-out half; see docs/chatbot-quality.md).
    await expectBars(BLIND_TUNE, { baurecht: 0.7, bauausfuehrung: 0.75 });
  }, 300_000);
});

describe("blind questions, tuning set 3 (fourth author)", () => {
  it("puts the main fact first, cites no wrong source, refuses every off-topic question, stays short", async () => {
    // Reached after the round of 27.11.2026: Baurecht 16/22 (73 %), Bauausführung 22/22 – bars a few points below.
    await expectBars(BLIND_TUNE_3, { baurecht: 0.68, bauausfuehrung: 0.9 });
  }, 300_000);
});

describe("blind questions, tuning set 4 (fifth author)", () => {
  it("puts the main fact first, cites no wrong source, refuses every off-topic question, stays short", async () => {
    // Reached in round 5 (27.11.2026): Baurecht 17/22 (77 %), Bauausführung 20/22 (91 %) – bars a few points below.
    await expectBars(BLIND_TUNE_4, { baurecht: 0.72, bauausfuehrung: 0.86 });
  }, 300_000);
});

describe("blind questions, tuning set 5 (sixth author)", () => {
  it("puts the main fact first, cites no wrong source, refuses every off-topic question, stays short", async () => {
    // Reached in round 6 (27.11.2026): Baurecht 13/22 (59 %), Bauausführung 17/22 (77 %) – bars a few points below.
    await expectBars(BLIND_TUNE_5, { baurecht: 0.54, bauausfuehrung: 0.72 });
  }, 300_000);
});
