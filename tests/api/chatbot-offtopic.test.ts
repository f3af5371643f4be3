// Issue 26, off-topic guard: everyday questions (cooking, travel, sport, pets, garden, car, taxes,
// health, tech, weddings, school, shopping — with figures, temperatures and materials) are refused
// by both assistants; colloquial construction questions, domestic-sounding ones too, are not.
// The set (tests/quality/chatbot-offtopic.json) is split: the guard was tuned on "tune" only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatbotType } from "../../src/common/schemas/chatbot";
import type { ChatbotAnswerDto } from "../../src/common/types";
import type { TimedAsk } from "../../bench/chatbot-blind";
import { loadGuardSet, measureGuard } from "../../bench/chatbot-offtopic";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
  user = await ctx.createUser("user", companyId);
});
afterAll(async () => ctx?.close());

const ask: TimedAsk = async (type: ChatbotType, question) => {
  const started = performance.now();
  const res = await ctx.request("POST", `/api/chatbot/${type}`, { user, body: { message: question } });
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.json<ChatbotAnswerDto>().message, ms: performance.now() - started };
};

describe("off-topic guard", () => {
  const all = loadGuardSet();

  it("has at least 120 off-topic and 120 on-topic questions, split in two halves", () => {
    expect(all.filter((q) => q.offTopic).length).toBeGreaterThanOrEqual(120);
    expect(all.filter((q) => !q.offTopic).length).toBeGreaterThanOrEqual(120);
    for (const half of ["tune", "heldout"]) expect(all.filter((q) => q.half === half).length).toBeGreaterThanOrEqual(120);
  });

  // Bars reached (docs/chatbot-quality.md): the held-out half was never tuned on.
  for (const [half, refused] of [
    ["tune", 0.95],
    ["heldout", 0.8],
  ] as const) {
    it(`refuses the off-topic questions of the ${half} half (≥ ${refused * 100} %) and at most 1 % of the construction questions`, async () => {
      const f = await measureGuard(
        ask,
        all.filter((q) => q.half === half),
      );
      expect(f.refused / f.offTopic, f.missed.join("\n")).toBeGreaterThanOrEqual(refused);
      expect(f.falseRefusals / f.onTopic, f.wronglyRefused.join("\n")).toBeLessThanOrEqual(0.01);
    }, 300_000);
  }
});
