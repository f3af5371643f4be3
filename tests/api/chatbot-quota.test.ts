// Chatbot quotas (requirements 2.4 and 2.9): -1 unlimited, 0 not purchased, N free then 0.27 EUR
// each; exact under concurrency and across two app instances on one PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { chatbotConversations, chatbotRequestLedger, companies } from "../../src/server/db/schema";
import { NOT_PURCHASED, NO_COMPANY, releaseRequest, reserveCompanyRequest } from "../../src/server/chatbot/quota";
import { berlinMonth } from "../../src/common/berlin-month";
import type { ChatbotAnswerDto, ChatbotLedgerRowDto, ChatbotUsageDto } from "../../src/common/types";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { onPostgres } from "../helpers/database";

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  admin = await ctx.createUser("super_admin", null);
});
afterAll(async () => ctx?.close());

const ask = (user: TestUser, message = "Wie lange verjähren Mängelansprüche nach VOB/B?", type = "legal") =>
  ctx.request("POST", `/api/chatbot/${type}`, { user, body: { message } });

async function companyRow(id: number) {
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, id));
  return c;
}
const ledgerOf = (companyId: number) =>
  ctx.db.select().from(chatbotRequestLedger).where(eq(chatbotRequestLedger.companyId, companyId)).orderBy(asc(chatbotRequestLedger.id));

describe("limit -1 (unlimited)", () => {
  it("answers every request, counts it for statistics and never charges", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
    const user = await ctx.createUser("user", companyId);
    for (let i = 1; i <= 3; i++) {
      const res = await ask(user);
      expect(res.statusCode).toBe(200);
      const body = res.json<ChatbotAnswerDto>();
      expect(body.usage).toEqual({ limit: -1, currentCount: i, paid: false });
      expect(body.conversationId).toBeGreaterThan(0);
    }
    const ledger = await ledgerOf(companyId);
    expect(ledger).toHaveLength(3);
    expect(ledger.every((r) => !r.paid && r.priceCents === 0 && r.month === berlinMonth())).toBe(true);
    const usage = await ctx.request("GET", `/api/companies/${companyId}/chatbot-usage`, { user });
    expect(usage.json<ChatbotUsageDto>()).toMatchObject({ limit: -1, currentCount: 3, canMakeRequests: true });
  });
});

describe("limit 0 (not purchased)", () => {
  it("refuses with 403 and a clear message, counting and storing nothing", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 0 });
    const user = await ctx.createUser("company_admin", companyId);
    const res = await ask(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_PURCHASED);
    expect((await companyRow(companyId)).chatbotRequestCount).toBe(0);
    expect(await ledgerOf(companyId)).toHaveLength(0);
    expect(await ctx.db.select().from(chatbotConversations).where(eq(chatbotConversations.userId, user.id))).toHaveLength(0);
    const usage = await ctx.request("GET", `/api/companies/${companyId}/chatbot-usage`, { user });
    expect(usage.json<ChatbotUsageDto>()).toMatchObject({ limit: 0, currentCount: 0, canMakeRequests: false });
  });
});

describe("limit N", () => {
  it("gives N free requests, then counts each further one as paid at 27 cents", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 2 });
    const user = await ctx.createUser("user", companyId);
    const usages = [];
    for (let i = 0; i < 4; i++) usages.push((await ask(user, "Was ist eine Behinderungsanzeige?")).json<ChatbotAnswerDto>().usage);
    expect(usages).toEqual([
      { limit: 2, currentCount: 1, paid: false },
      { limit: 2, currentCount: 2, paid: false },
      { limit: 2, currentCount: 3, paid: true },
      { limit: 2, currentCount: 4, paid: true },
    ]);
    const ledger = await ledgerOf(companyId);
    expect(ledger.map((r) => [r.paid, r.priceCents, r.userId, r.chatbotType])).toEqual([
      [false, 0, user.id, "legal"],
      [false, 0, user.id, "legal"],
      [true, 27, user.id, "legal"],
      [true, 27, user.id, "legal"],
    ]);
    const usage = await ctx.request("GET", `/api/companies/${companyId}/chatbot-usage`, { user });
    // Above the free requests the company can still ask: further requests are paid.
    expect(usage.json<ChatbotUsageDto>()).toMatchObject({ limit: 2, currentCount: 4, canMakeRequests: true });
  });

  it("starts a new Berlin month at 1 and books it under the new month", async () => {
    const companyId = await ctx.createCompany(undefined, {
      freeChatbotRequestsPerMonth: 5,
      chatbotRequestCount: 9,
      lastChatbotRequestReset: new Date(Date.now() - 40 * 86_400_000),
    });
    const user = await ctx.createUser("user", companyId);
    const before = await ctx.request("GET", `/api/companies/${companyId}/chatbot-usage`, { user });
    expect(before.json<ChatbotUsageDto>().currentCount).toBe(0);
    const res = await ask(user);
    expect(res.json<ChatbotAnswerDto>().usage).toEqual({ limit: 5, currentCount: 1, paid: false });
    const row = await companyRow(companyId);
    expect(row.chatbotRequestCount).toBe(1);
    expect(berlinMonth(row.lastChatbotRequestReset)).toBe(berlinMonth());
    expect((await ledgerOf(companyId)).map((r) => r.month)).toEqual([berlinMonth()]);
  });

  it("a released free request turns the oldest paid one of the month into a free one", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 2 });
    const user = await ctx.createUser("user", companyId);
    const first = await reserveCompanyRequest(ctx.db, companyId, user.id, "legal");
    await reserveCompanyRequest(ctx.db, companyId, user.id, "legal");
    const third = await reserveCompanyRequest(ctx.db, companyId, user.id, "construction");
    expect(third.usage).toEqual({ limit: 2, currentCount: 3, paid: true });
    await releaseRequest(ctx.db, first);
    expect((await companyRow(companyId)).chatbotRequestCount).toBe(2);
    const ledger = await ledgerOf(companyId);
    expect(ledger.map((r) => [r.paid, r.priceCents])).toEqual([
      [false, 0],
      [false, 0],
    ]);
    // Releasing twice changes nothing.
    await releaseRequest(ctx.db, first);
    expect((await companyRow(companyId)).chatbotRequestCount).toBe(2);
  });
});

describe("who pays", () => {
  it("a user without a company gets 403 with a clear message", async () => {
    const user = await ctx.createUser("user", null);
    const res = await ask(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NO_COMPANY);
  });

  it("a super admin without a company may ask, uncounted", async () => {
    const before = await ctx.db.select().from(chatbotRequestLedger);
    const res = await ask(admin, "Was regelt § 650b BGB?");
    expect(res.statusCode).toBe(200);
    expect(res.json<ChatbotAnswerDto>().usage).toBeNull();
    expect(await ctx.db.select().from(chatbotRequestLedger)).toHaveLength(before.length);
  });

  it("rejects unknown chatbot types and anonymous callers", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
    const user = await ctx.createUser("user", companyId);
    expect((await ask(user, "Hallo", "finance")).statusCode).toBe(400);
    expect((await ctx.request("POST", "/api/chatbot/legal", { body: { message: "Hallo" } })).statusCode).toBe(401);
    expect(await ledgerOf(companyId)).toHaveLength(0);
  });
});

describe("GET /api/companies/:id/chatbot-usage", () => {
  it("is for members of that company and super admins; others get 404", async () => {
    const own = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 250 });
    const other = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 10 });
    const member = await ctx.createUser("user", own);
    const outsider = await ctx.createUser("company_admin", other);
    expect((await ctx.request("GET", `/api/companies/${own}/chatbot-usage`, { user: member })).json()).toMatchObject({
      limit: 250,
      currentCount: 0,
      canMakeRequests: true,
    });
    expect((await ctx.request("GET", `/api/companies/${own}/chatbot-usage`, { user: outsider })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/companies/${own}/chatbot-usage`, { user: admin })).statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/companies/999999/chatbot-usage`, { user: admin })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/companies/${own}/chatbot-usage`)).statusCode).toBe(401);
    expect((await ctx.request("GET", `/api/companies/abc/chatbot-usage`, { user: admin })).statusCode).toBe(400);
  });
});

describe("concurrency", () => {
  async function expectExact(companyId: number) {
    const ledger = await ledgerOf(companyId);
    expect(ledger.filter((r) => !r.paid)).toHaveLength(10);
    expect(ledger.filter((r) => r.paid)).toHaveLength(40);
    expect(ledger.filter((r) => r.paid).every((r) => r.priceCents === 27)).toBe(true);
    expect((await companyRow(companyId)).chatbotRequestCount).toBe(50);
  }

  it("50 concurrent requests against a limit of 10: exactly 10 free and 40 paid", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 10 });
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => ctx.createUser("user", companyId)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ask(users[i % users.length], `Frage ${i}: Wann ist die Abnahme fällig?`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const counts = results.map((r) => r.json<ChatbotAnswerDto>().usage!.currentCount).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(results.filter((r) => r.json<ChatbotAnswerDto>().usage!.paid)).toHaveLength(40);
    await expectExact(companyId);
  });

  it.skipIf(!onPostgres())("stays exact with two app instances on the same PostgreSQL", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 10 });
    const users = await Promise.all([1, 2, 3, 4].map(() => ctx.createUser("user", companyId)));
    const second = await openDatabase({ databaseUrl: ctx.testDb.url!, poolSize: 20 });
    const app2 = await buildApp({ db: second.db, database: second, config: ctx.config }, { logger: false });
    try {
      const viaSecond = (user: TestUser, message: string) =>
        app2.inject({ method: "POST", url: "/api/chatbot/construction", headers: { cookie: user.cookie }, payload: { message } });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 2 === 0 ? ask(users[i % 4], `Frage ${i}: Aufmaß`, "construction") : viaSecond(users[i % 4], `Frage ${i}: Bautagebuch`),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      await expectExact(companyId);
    } finally {
      await app2.close();
      await second.close();
    }
  });
});

describe("GET /api/chatbot/ledger", () => {
  it("shows the super admin free and paid requests and the amount per company and month", async () => {
    const companyId = await ctx.createCompany("Ledger GmbH", { freeChatbotRequestsPerMonth: 1 });
    const user = await ctx.createUser("user", companyId);
    for (let i = 0; i < 3; i++) expect((await ask(user, "Was ist ein Stundenlohnzettel?")).statusCode).toBe(200);
    const res = await ctx.request("GET", `/api/chatbot/ledger?companyId=${companyId}&month=${berlinMonth()}`, { user: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<ChatbotLedgerRowDto[]>()).toEqual([
      { companyId, companyName: "Ledger GmbH", month: berlinMonth(), freeCount: 1, paidCount: 2, amountCents: 54 },
    ]);
    const all = (await ctx.request("GET", "/api/chatbot/ledger", { user: admin })).json<ChatbotLedgerRowDto[]>();
    expect(all.some((r) => r.companyId === companyId)).toBe(true);
    expect((await ctx.request("GET", "/api/chatbot/ledger?month=2025-13", { user: admin })).statusCode).toBe(400);
    expect((await ctx.request("GET", "/api/chatbot/ledger", { user })).statusCode).toBe(403);
    const companyAdmin = await ctx.createUser("company_admin", companyId);
    expect((await ctx.request("GET", `/api/chatbot/ledger?companyId=${companyId}`, { user: companyAdmin })).statusCode).toBe(403);
  });
});
