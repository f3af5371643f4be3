// Answer quality without a language model, through the real API: for the question set of
// tests/quality/chatbot-questions.json (written from law, VOB and norms before the articles were
// read), the key fact stands in the first 500 characters of at least 90 % of the answers, per
// assistant. A follow-up is asked in the conversation of its previous question.
// `node --import tsx bench/chatbot-quality.ts --verbose` prints the same figures and every miss.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatbotType } from "../../src/common/schemas/chatbot";
import type { ChatbotAnswerDto } from "../../src/common/types";
import { FIRST_CHARS, QUALITY_BAR, loadQuestions, measureQuality, type Ask } from "../../bench/chatbot-quality";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
  user = await ctx.createUser("user", companyId);
});
afterAll(async () => ctx?.close());

async function post(type: ChatbotType, message: string, conversationId?: number): Promise<ChatbotAnswerDto> {
  const res = await ctx.request("POST", `/api/chatbot/${type}`, { user, body: { message, conversationId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChatbotAnswerDto>();
}

const ask: Ask = async (type, question, previous) => {
  const conversationId = previous ? (await post(type, previous)).conversationId : undefined;
  return (await post(type, question, conversationId)).message;
};

describe("answer quality of the knowledge-base responder", () => {
  it("has at least 30 questions per assistant, each with a key fact", () => {
    const questions = loadQuestions();
    for (const type of ["legal", "construction"] as const)
      expect(questions.filter((q) => q.assistant === type).length).toBeGreaterThanOrEqual(30);
    for (const q of questions) expect(() => new RegExp(q.fact, "iu"), q.id).not.toThrow();
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it(`puts the key fact in the first ${FIRST_CHARS} characters of at least ${QUALITY_BAR * 100} % of the answers, per assistant`, async () => {
    const scores = await measureQuality(ask);
    const report = scores
      .map((s) => `${s.assistant}: ${s.hits}/${s.total}; verfehlt: ${s.misses.map((m) => `${m.id} ${m.question}`).join(" | ") || "–"}`)
      .join("\n");
    expect(scores).toHaveLength(2);
    for (const s of scores) expect(s.share, report).toBeGreaterThanOrEqual(QUALITY_BAR);
  }, 300_000);
});
