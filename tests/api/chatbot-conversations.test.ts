// Conversations: titles from the first question, history per chatbot, only the owner reads a
// conversation (super admins too only their own), and bad input is a clear 400 with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatbotConversations, chatbotRequestLedger, companies } from "../../src/server/db/schema";
import { MESSAGE_EMPTY, MESSAGE_TOO_LONG, conversationTitle } from "../../src/common/schemas/chatbot";
import type { ChatbotAnswerDto, ChatbotConversationDetailDto, ChatbotConversationDto } from "../../src/common/types";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let companyId: number;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 100 });
  alice = await ctx.createUser("user", companyId);
  bob = await ctx.createUser("company_admin", companyId);
  admin = await ctx.createUser("super_admin", null);
});
afterAll(async () => ctx?.close());

const ask = (user: TestUser, type: string, message: unknown, conversationId?: number | null) =>
  ctx.request("POST", `/api/chatbot/${type}`, { user, body: { message, conversationId } });

const count = async () => (await ctx.db.select().from(companies).where(eq(companies.id, companyId)))[0].chatbotRequestCount;

describe("conversation titles", () => {
  it("are the first question, cut at a word boundary near 60 characters", () => {
    expect(conversationTitle("  Was ist eine   Abnahme? ")).toBe("Was ist eine Abnahme?");
    const long = "Wie lange verjähren Mängelansprüche nach VOB/B, wenn im Vertrag nichts anderes vereinbart wurde?";
    const title = conversationTitle(long);
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title).toBe("Wie lange verjähren Mängelansprüche nach VOB/B, wenn im…");
  });
});

describe("a conversation", () => {
  it("starts with the first answer, keeps its title and lists newest first per chatbot", async () => {
    const first = await ask(alice, "legal", "Wie lange verjähren Mängelansprüche nach VOB/B?");
    expect(first.statusCode).toBe(200);
    const { conversationId } = first.json<ChatbotAnswerDto>();
    const second = await ask(alice, "legal", "und bei Bauwerken?", conversationId);
    expect(second.json<ChatbotAnswerDto>().conversationId).toBe(conversationId);
    await ask(alice, "construction", "Was gehört in ein Bautagebuch?");
    await ask(alice, "legal", "Was ist eine Behinderungsanzeige?");

    const legal = (await ctx.request("GET", "/api/chatbot/conversations/legal", { user: alice })).json<ChatbotConversationDto[]>();
    expect(legal.map((c) => c.title)).toEqual(["Was ist eine Behinderungsanzeige?", "Wie lange verjähren Mängelansprüche nach VOB/B?"]);
    expect(legal.every((c) => c.chatbotType === "legal" && c.createdAt && c.updatedAt)).toBe(true);
    const construction = (await ctx.request("GET", "/api/chatbot/conversations/construction", { user: alice })).json<
      ChatbotConversationDto[]
    >();
    expect(construction.map((c) => c.title)).toEqual(["Was gehört in ein Bautagebuch?"]);

    const detail = (
      await ctx.request("GET", `/api/chatbot/conversation/${conversationId}`, { user: alice })
    ).json<ChatbotConversationDetailDto>();
    expect(detail.messages.map((m) => [m.role, m.role === "user" ? m.content : "…"])).toEqual([
      ["user", "Wie lange verjähren Mängelansprüche nach VOB/B?"],
      ["assistant", "…"],
      ["user", "und bei Bauwerken?"],
      ["assistant", "…"],
    ]);
    expect(detail.messages[1].content).toContain("Antwort aus der Wissensdatenbank");
  });

  it("is readable only by its owner: colleagues and super admins get 404", async () => {
    const { conversationId } = (await ask(alice, "legal", "Was ist ein Stundenlohnzettel?")).json<ChatbotAnswerDto>();
    expect((await ctx.request("GET", `/api/chatbot/conversation/${conversationId}`, { user: alice })).statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/chatbot/conversation/${conversationId}`, { user: bob })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/chatbot/conversation/${conversationId}`, { user: admin })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/chatbot/conversation/${conversationId}`)).statusCode).toBe(401);
    expect((await ctx.request("GET", "/api/chatbot/conversation/999999", { user: alice })).statusCode).toBe(404);
    expect((await ctx.request("GET", "/api/chatbot/conversation/abc", { user: alice })).statusCode).toBe(400);
    expect((await ctx.request("GET", "/api/chatbot/conversations/legal", { user: bob })).json()).toEqual([]);
  });

  it("cannot be continued by someone else or in the other chatbot (404, nothing counted)", async () => {
    const { conversationId } = (await ask(alice, "legal", "Was ist eine Bedenkenanzeige?")).json<ChatbotAnswerDto>();
    const before = await count();
    const foreign = await ask(bob, "legal", "Und was noch?", conversationId);
    expect(foreign.statusCode).toBe(404);
    const otherBot = await ask(alice, "construction", "Und was noch?", conversationId);
    expect(otherBot.statusCode).toBe(404);
    expect(await count()).toBe(before);
    const detail = (
      await ctx.request("GET", `/api/chatbot/conversation/${conversationId}`, { user: alice })
    ).json<ChatbotConversationDetailDto>();
    expect(detail.messages).toHaveLength(2);
  });
});

describe("message validation", () => {
  it.each([
    ["empty", "", MESSAGE_EMPTY],
    ["only spaces", "   \n ", MESSAGE_EMPTY],
    ["too long", "x".repeat(4001), MESSAGE_TOO_LONG],
    ["not a string", 42, MESSAGE_EMPTY],
  ])("%s → 400 with a clear message, nothing counted or stored", async (_name, message, expected) => {
    const before = {
      count: await count(),
      ledger: (await ctx.db.select().from(chatbotRequestLedger)).length,
      conversations: (await ctx.db.select().from(chatbotConversations)).length,
    };
    const res = await ask(alice, "legal", message);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(expected);
    expect({
      count: await count(),
      ledger: (await ctx.db.select().from(chatbotRequestLedger)).length,
      conversations: (await ctx.db.select().from(chatbotConversations)).length,
    }).toEqual(before);
  });

  it("accepts exactly 4000 characters", async () => {
    expect((await ask(alice, "construction", `Aufmaß ${"a".repeat(3993)}`)).statusCode).toBe(200);
  });

  it("rejects a malformed conversation id", async () => {
    expect((await ask(alice, "legal", "Hallo", -3 as unknown as number)).statusCode).toBe(400);
  });
});
