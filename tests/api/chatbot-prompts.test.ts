// System prompts: super admins only; every save is a new version, exactly one active per type,
// 'Eingabe fehlt' for an empty prompt, and the save is audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, chatbotPrompts } from "../../src/server/db/schema";
import type { ChatbotPromptDto } from "../../src/common/types";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let admin: TestUser;
let companyAdmin: TestUser;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  const companyId = await ctx.createCompany();
  admin = await ctx.createUser("super_admin", null);
  companyAdmin = await ctx.createUser("company_admin", companyId);
  user = await ctx.createUser("user", companyId);
});
afterAll(async () => ctx?.close());

const list = async (type: string) => (await ctx.request("GET", `/api/chatbot/prompts/${type}`, { user: admin })).json<ChatbotPromptDto[]>();
const save = (body: unknown, who: TestUser = admin) => ctx.request("POST", "/api/chatbot/prompt", { user: who, body });

describe("prompts", () => {
  it("ships one active default prompt per chatbot", async () => {
    for (const type of ["legal", "construction"]) {
      const prompts = await list(type);
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toMatchObject({ chatbotType: type, isActive: true, createdBy: null });
      expect(prompts[0].systemPrompt.length).toBeGreaterThan(200);
    }
  });

  it("saving creates a new active version and keeps the earlier ones inactive", async () => {
    const res = await save({
      chatbotType: "legal",
      systemPrompt: "  Sie sind der Baurecht-Assistent (Version 2).  ",
      description: "Schärfer formuliert",
      isActive: true,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<ChatbotPromptDto>();
    expect(created).toMatchObject({
      systemPrompt: "Sie sind der Baurecht-Assistent (Version 2).",
      description: "Schärfer formuliert",
      isActive: true,
      createdBy: { id: admin.id, username: admin.username },
    });
    await save({ chatbotType: "legal", systemPrompt: "Sie sind der Baurecht-Assistent (Version 3).", isActive: true });

    const prompts = await list("legal");
    expect(prompts.map((p) => [p.systemPrompt.slice(0, 44), p.isActive])).toEqual([
      ["Sie sind der Baurecht-Assistent (Version 3).", true],
      ["Sie sind der Baurecht-Assistent (Version 2).", false],
      ["Sie sind der Baurecht-Assistent von bauklar.", false],
    ]);
    // The other chatbot is untouched.
    expect((await list("construction")).filter((p) => p.isActive)).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chatbot.prompt_save"), eq(auditLog.targetId, String(created.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].actorId).toBe(admin.id);
  });

  it("a version saved as inactive leaves the active one in place", async () => {
    const res = await save({ chatbotType: "construction", systemPrompt: "Entwurf", isActive: false });
    expect(res.statusCode).toBe(201);
    const prompts = await list("construction");
    expect(prompts[0]).toMatchObject({ systemPrompt: "Entwurf", isActive: false });
    expect(prompts.filter((p) => p.isActive)).toHaveLength(1);
  });

  it("concurrent saves still leave exactly one active prompt", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => save({ chatbotType: "construction", systemPrompt: `Parallel ${i}`, isActive: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const active = await ctx.db
      .select()
      .from(chatbotPrompts)
      .where(and(eq(chatbotPrompts.chatbotType, "construction"), eq(chatbotPrompts.isActive, true)));
    expect(active).toHaveLength(1);
  });

  it("an empty prompt is 'Eingabe fehlt' and nothing changes", async () => {
    const before = await ctx.db.select().from(chatbotPrompts);
    for (const systemPrompt of ["", "   ", undefined]) {
      const res = await save({ chatbotType: "legal", systemPrompt, isActive: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Eingabe fehlt");
    }
    expect((await save({ chatbotType: "finance", systemPrompt: "x" })).statusCode).toBe(400);
    expect(await ctx.db.select().from(chatbotPrompts)).toHaveLength(before.length);
  });

  it("is for super admins only", async () => {
    const before = await ctx.db.select().from(chatbotPrompts);
    for (const who of [companyAdmin, user]) {
      expect((await ctx.request("GET", "/api/chatbot/prompts/legal", { user: who })).statusCode).toBe(403);
      expect((await save({ chatbotType: "legal", systemPrompt: "Übernahme", isActive: true }, who)).statusCode).toBe(403);
    }
    expect((await ctx.request("GET", "/api/chatbot/prompts/legal")).statusCode).toBe(401);
    expect((await ctx.request("GET", "/api/chatbot/prompts/finance", { user: admin })).statusCode).toBe(400);
    expect(await ctx.db.select().from(chatbotPrompts)).toHaveLength(before.length);
  });
});
