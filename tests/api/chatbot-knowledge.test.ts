// The embedded knowledge-base responder (no LLM configured) answers real construction-site
// questions with the right facts and their sources; the super admin manages the knowledge base;
// the shipped articles are seeded without overwriting what staff changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, chatbotKnowledgeBase } from "../../src/server/db/schema";
import { seedKnowledgeBase } from "../../src/server/chatbot/seed";
import { shippedKnowledgeBase } from "../../src/server/chatbot/knowledge-base/articles";
import type {
  ChatbotAnswerDto,
  KnowledgeArticleDto,
  KnowledgeArticleListItemDto,
  KnowledgeOrigin,
  KnowledgeOriginDetail,
} from "../../src/common/types";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

let ctx: TestContext;
let user: TestUser;
let admin: TestUser;
let companyAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
  user = await ctx.createUser("user", companyId);
  companyAdmin = await ctx.createUser("company_admin", companyId);
  admin = await ctx.createUser("super_admin", null);
});
afterAll(async () => ctx?.close());

async function ask(type: "legal" | "construction", message: string, conversationId?: number): Promise<ChatbotAnswerDto> {
  const res = await ctx.request("POST", `/api/chatbot/${type}`, { user, body: { message, conversationId } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<ChatbotAnswerDto>();
  expect(answer.source).toBe("knowledge-base");
  return answer;
}

describe("the shipped knowledge base", () => {
  it("holds at least 25 sourced articles per chatbot", async () => {
    const counts = await ctx.db
      .select({
        type: chatbotKnowledgeBase.chatbotType,
        n: sql<number>`count(*)::int`,
        unsourced: sql<number>`(count(*) filter (where cardinality(${chatbotKnowledgeBase.sources}) = 0))::int`,
      })
      .from(chatbotKnowledgeBase)
      .groupBy(chatbotKnowledgeBase.chatbotType);
    for (const type of ["legal", "construction"]) {
      const row = counts.find((c) => c.type === type)!;
      expect(row.n).toBeGreaterThanOrEqual(25);
      expect(row.unsourced).toBe(0);
    }
  });
});

// Real questions from construction sites, with the facts (and rules) the answer must contain.
const LEGAL: [string, RegExp[]][] = [
  ["Wie lange verjähren Mängelansprüche nach VOB/B?", [/vier Jahre|4 Jahre/, /§ 13 Abs\. 4/]],
  ["Welche Form braucht eine Behinderungsanzeige?", [/[Ss]chriftlich/, /§ 6 Abs\. 1 VOB\/B/]],
  ["Bis wann muss der Auftraggeber Stundenlohnzettel zurückgeben?", [/6 Werktagen/, /§ 15 Abs\. 3/]],
  [
    "Wie viele Tage haben die Parteien nach § 650b BGB Zeit, sich zu einigen, bevor der Besteller anordnen kann?",
    [/30 Tagen/, /§ 650b Abs\. 2 BGB/, /Textform/],
  ],
  ["Welche Wirkungen hat die Abnahme?", [/Gefahr/, /Abnahme/]],
  ["Wann ist die Schlusszahlung nach VOB/B fällig?", [/30 Tagen/, /§ 16 Abs\. 3/]],
  ["Was passiert, wenn die Menge um mehr als 10 Prozent überschritten wird?", [/110 %/, /§ 2 Abs\. 3/]],
];
const CONSTRUCTION: [string, RegExp[]][] = [
  ["Wie erstelle ich ein Aufmaß?", [/gemeinsam/, /Aufmaß/]],
  ["Was gehört in ein Bautagebuch?", [/Wetter/, /Personal/, /Behinderungen/]],
  ["Wann ist eine Vorankündigung nötig?", [/30 Arbeitstage/, /20 Beschäftigte/, /500 Personentage/, /zwei Wochen/]],
  ["Wann brauche ich einen SiGeKo?", [/mehrerer Arbeitgeber/, /§ 3 Abs\. 1 BaustellV/]],
  ["Ab welcher Höhe brauche ich eine Absturzsicherung?", [/2,0 m/, /ASR A2\.1/]],
  ["Wie gehe ich bei einem Nachtrag vor?", [/Nachtr/, /§ 2 Abs\. 6/]],
  ["Wie erstelle ich einen Bauzeitenplan?", [/Termin/, /§ 5 Abs\. 1/]],
];

describe("answers without a language model", () => {
  it.each(LEGAL)("Baurecht: %s", async (question, facts) => {
    const { message } = await ask("legal", question);
    expect(message).toMatch(/^\*\*Antwort aus der Wissensdatenbank\*\*\n\n/);
    for (const fact of facts) expect(message).toMatch(fact);
    expect(message).toMatch(/Quellen: /);
    expect(message).toContain("ersetzt keine Rechtsberatung");
  });

  it.each(CONSTRUCTION)("Bauausführung: %s", async (question, facts) => {
    const { message } = await ask("construction", question);
    expect(message).toMatch(/^\*\*Antwort aus der Wissensdatenbank\*\*\n\n/);
    for (const fact of facts) expect(message).toMatch(fact);
    expect(message).toMatch(/Quellen: /);
  });

  it("a follow-up uses the previous question", async () => {
    const first = await ask("legal", "Wie lange verjähren Mängelansprüche nach VOB/B?");
    const follow = await ask("legal", "und nach BGB?", first.conversationId);
    expect(follow.message).toMatch(/5 Jahren/);
    expect(follow.message).toMatch(/§ 634a Abs\. 1 Nr\. 2 BGB/);
    // Alone, the same words are no question the knowledge base can answer.
    const alone = await ask("legal", "und nach BGB?");
    expect(alone.message).toContain("Dazu habe ich in der Wissensdatenbank nichts gefunden.");
  });

  it("starts with at most ~800 characters of sentences that answer, each with heading, norm and article; the rest under „Mehr dazu“", async () => {
    const { message } = await ask("construction", "Ab welchem CM-Wert ist ein Zementestrich belegreif für Parkett?");
    const [head, rest] = message.split("\n\n**Mehr dazu**\n\n");
    expect(rest, "the passages follow under „Mehr dazu“").toBeDefined();
    expect(head.length).toBeLessThanOrEqual(850);
    const lines = head.split("\n\n").slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/ _\([^)]*(Schnittstellenkoordination|DIN|§)[^]* – „[^“]+“\)_$/);
    expect(message.slice(0, 500)).toMatch(/2,0 CM-%/);
    expect(message.slice(0, 500)).toMatch(/1,8 CM-%/);
    expect(rest).toMatch(/_„Estrich“ – Quellen: /);
    // Every answer sentence is a sentence of the knowledge base (after its bold heading).
    const [article] = await ctx.db
      .select()
      .from(chatbotKnowledgeBase)
      .where(eq(chatbotKnowledgeBase.slug, "estrich-belegreife-cm-messung"));
    for (const line of lines)
      expect(article.content.toLowerCase()).toContain(
        line
          .replace(/^\*\*[^*]+:\*\* /, "")
          .replace(/ _\(.*\)_$/, "")
          .slice(0, 80)
          .toLowerCase(),
      );
  });

  it("shows each sentence under its heading, so that overrun and shortfall of § 2 Abs. 3 cannot be confused", async () => {
    const { message } = await ask("legal", "Menge über 10 % überschritten beim VOB/B-Vertrag – gibt es einen neuen Einheitspreis?");
    expect(message.slice(0, 400)).toMatch(/\*\*Mengenüberschreitung[^*]*:\*\*/);
    expect(message.slice(0, 400)).toMatch(/110 %/);
  });

  it("understands site language: abbreviations, colloquial words and typos", async () => {
    const colloquial = await ask("legal", "AG hat einfach gekündigt ohne grund, was steht mir als AN noch zu? VOB/B");
    expect(colloquial.message.slice(0, 500)).toMatch(/vereinbarte Vergütung/);
    const typo = await ask("legal", "wie lang is die gewärleistung beim VOB vertrag?");
    expect(typo.message.slice(0, 400)).toMatch(/4 Jahren/);
    const abbreviation = await ask("legal", "Bis wann muss der AG bei VOB/B ne Abschlagsrechnung bezahlen?");
    expect(abbreviation.message.slice(0, 500)).toMatch(/21 Tagen/);
  });

  it("follows up with the new aspect first, not the previous answer", async () => {
    const first = await ask("legal", "Wie lange verjähren Mängelansprüche beim VOB/B-Vertrag?");
    const follow = await ask("legal", "und wenn kein VOB/B vereinbart ist, nur BGB?", first.conversationId);
    expect(follow.message.slice(0, 300)).toMatch(/5 Jahren/);
    expect(follow.message.slice(0, 300)).not.toMatch(/4 Jahren/);
  });

  it.each([
    ["construction", "Was gehört in ein Bautagebuch?", /Wetter/],
    ["construction", "Welche Wassereinwirkungsklassen unterscheidet DIN 18533?", /W1-E[^]*W4-E/],
    ["construction", "Welche Norm regelt den Schallschutz im Hochbau?", /DIN 4109/],
    ["legal", "Wie lange verjähren Mängelansprüche nach VOB/B?", /4 Jahre/],
    ["legal", "Wie hoch darf der Sicherheitseinbehalt nach VOB/B sein?", /10 %/],
  ] as const)("%s: the key fact of „%s“ stands in the first lines", async (type, question, fact) => {
    const { message } = await ask(type, question);
    expect(message.slice(0, 500)).toMatch(fact);
  });

  it("keeps the context of a follow-up question in the answer-first part", async () => {
    const first = await ask("construction", "Ab welchem CM-Wert ist ein Zementestrich belegreif für Parkett?");
    const follow = await ask("construction", "Und bei Fußbodenheizung?", first.conversationId);
    expect(follow.message.slice(0, 500)).toMatch(/1,8 CM-%/);
  });

  it("each chatbot answers from its own articles only", async () => {
    const { message } = await ask("construction", "Wie lange verjähren Mängelansprüche nach VOB/B?");
    expect(message).not.toContain("§ 13 Abs. 4 und 5 VOB/B: Verjährung der Mängelansprüche");
  });

  it("refuses questions outside construction politely and briefly, without an excerpt", async () => {
    for (const question of [
      "Wie backe ich einen Apfelkuchen?",
      "Was kostet ein Flug nach Mallorca?",
      "Wer wurde deutscher Meister in der Bundesliga?",
    ]) {
      const { message } = await ask("legal", question);
      expect(message).toBe(
        "Dazu kann ich leider nicht helfen – ich beantworte Fragen zum privaten Baurecht (VOB/B, BGB-Bauvertrag, Architektenrecht und HOAI).",
      );
    }
  });

  it("says in one sentence when the knowledge base has nothing on a construction question, and names the closest topics", async () => {
    const { message } = await ask("construction", "Kachelofen im Neubau?");
    expect(message).toMatch(
      /^\*\*Antwort aus der Wissensdatenbank\*\*\n\nDazu habe ich in der Wissensdatenbank nichts gefunden\. Am nächsten kommen: „[^“]+“(, „[^“]+“){0,2}\.$/,
    );
    expect(message).not.toMatch(/ _\(.* – „/);
  });

  it("shows where the answer comes from, never text of the system prompt", async () => {
    const saved = await ctx.request("POST", "/api/chatbot/prompt", {
      user: admin,
      body: {
        chatbotType: "construction",
        systemPrompt: "Sie sind der Polier-Assistent der Firma Muster.\nKurz antworten.",
        isActive: true,
      },
    });
    expect(saved.statusCode).toBe(201);
    const { message } = await ask("construction", "Was gehört in ein Bautagebuch?");
    expect(message).toMatch(/^\*\*Antwort aus der Wissensdatenbank\*\*\n/);
    expect(message).not.toContain("Polier-Assistent");
    expect(message).not.toContain("Kurz antworten");
  });
});

const article = {
  chatbotType: "construction",
  title: "Kranprüfung: Prüffristen für Turmdrehkrane",
  content:
    "Prüffrist: Turmdrehkrane sind mindestens einmal jährlich durch einen Sachkundigen zu prüfen.\n\nVor Inbetriebnahme: Nach jeder Montage auf einer neuen Baustelle ist eine Prüfung erforderlich.",
  documentType: "checkliste",
  tags: "Kran, Turmdrehkran, Prüfung",
  sources: "DGUV Vorschrift 52\nBetrSichV § 14",
};

describe("knowledge base management (super admin)", () => {
  it("creates, finds, reads, updates and deletes an article – and answers with it at once", async () => {
    const created = await ctx.request("POST", "/api/chatbot/knowledge", { user: admin, body: article });
    expect(created.statusCode).toBe(201);
    const dto = created.json<KnowledgeArticleDto>();
    expect(dto).toMatchObject({
      chatbotType: "construction",
      slug: null,
      tags: ["Kran", "Turmdrehkran", "Prüfung"],
      sources: ["DGUV Vorschrift 52", "BetrSichV § 14"],
    });

    const answer = await ask("construction", "Wie oft muss ein Turmdrehkran geprüft werden?");
    expect(answer.message).toContain("„Kranprüfung“");
    expect(answer.message).toContain("einmal jährlich");

    const list = (await ctx.request("GET", "/api/chatbot/knowledge?type=construction&q=Turmdrehkran", { user: admin })).json<
      KnowledgeArticleListItemDto[]
    >();
    expect(list.map((a) => a.id)).toEqual([dto.id]);
    expect(list[0]).not.toHaveProperty("content");
    expect(list[0].excerpt).toContain("Prüffrist");
    const all = (await ctx.request("GET", "/api/chatbot/knowledge?type=construction", { user: admin })).json<
      KnowledgeArticleListItemDto[]
    >();
    expect(all.length).toBeGreaterThan(25);
    expect(all.every((a) => a.chatbotType === "construction")).toBe(true);
    expect((await ctx.request("GET", "/api/chatbot/knowledge?type=legal&q=Turmdrehkran", { user: admin })).json()).toEqual([]);

    const updated = await ctx.request("PUT", `/api/chatbot/knowledge/${dto.id}`, {
      user: admin,
      body: { ...article, content: "Prüffrist: Turmdrehkrane sind mindestens alle zwölf Monate zu prüfen." },
    });
    expect(updated.statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/chatbot/knowledge/${dto.id}`, { user: admin })).json<KnowledgeArticleDto>().content).toContain(
      "alle zwölf Monate",
    );
    expect((await ask("construction", "Wie oft muss ein Turmdrehkran geprüft werden?")).message).toContain("alle zwölf Monate");

    const deleted = await ctx.request("DELETE", `/api/chatbot/knowledge/${dto.id}`, { user: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/chatbot/knowledge/${dto.id}`, { user: admin })).statusCode).toBe(404);
    expect((await ask("construction", "Wie oft muss ein Turmdrehkran geprüft werden?")).message).not.toContain("Kranprüfung");
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "chatbot_knowledge"), eq(auditLog.targetId, String(dto.id))));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "chatbot.knowledge_create",
      "chatbot.knowledge_delete",
      "chatbot.knowledge_update",
    ]);
  });

  it("answers from an article changed through another instance on the next question (knowledge cache)", async () => {
    const created = (
      await ctx.request("POST", "/api/chatbot/knowledge", { user: admin, body: { ...article, title: "Krananlagen: Prüfung nach Montage" } })
    ).json<KnowledgeArticleDto>();
    expect((await ask("construction", "Wie oft muss ein Turmdrehkran geprüft werden?")).message).toContain("einmal jährlich");
    // Another instance edits it: only the database changes, not this instance's request history.
    await ctx.db
      .update(chatbotKnowledgeBase)
      .set({ content: "Prüffrist: Turmdrehkrane sind mindestens alle zwölf Monate zu prüfen.", updatedAt: new Date() })
      .where(eq(chatbotKnowledgeBase.id, created.id));
    expect((await ask("construction", "Wie oft muss ein Turmdrehkran geprüft werden?")).message).toContain("alle zwölf Monate");
    await ctx.db.delete(chatbotKnowledgeBase).where(eq(chatbotKnowledgeBase.id, created.id));
    expect((await ask("construction", "Wie oft muss ein Turmdrehkran geprüft werden?")).message).not.toContain("Krananlagen");
  });

  it("validates with clear messages and changes nothing", async () => {
    const before = (await ctx.db.select({ id: chatbotKnowledgeBase.id }).from(chatbotKnowledgeBase)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...article, title: " " }, "Titel ist erforderlich"],
      [{ ...article, content: "" }, "Inhalt ist erforderlich"],
      [{ ...article, documentType: "roman" }, "Ungültige Dokumentart"],
      [{ ...article, chatbotType: "finance" }, "Unbekannter Chatbot-Typ"],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.request("POST", "/api/chatbot/knowledge", { user: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await ctx.db.select({ id: chatbotKnowledgeBase.id }).from(chatbotKnowledgeBase)).length).toBe(before);
    expect(
      (await ctx.request("PUT", "/api/chatbot/knowledge/999999", { user: admin, body: { ...article, chatbotType: undefined } })).statusCode,
    ).toBe(404);
    expect((await ctx.request("DELETE", "/api/chatbot/knowledge/999999", { user: admin })).statusCode).toBe(404);
    expect((await ctx.request("GET", "/api/chatbot/knowledge?type=finance", { user: admin })).statusCode).toBe(400);
  });

  it("is for super admins only", async () => {
    const [some] = await ctx.db.select({ id: chatbotKnowledgeBase.id }).from(chatbotKnowledgeBase).limit(1);
    for (const who of [companyAdmin, user]) {
      expect((await ctx.request("GET", "/api/chatbot/knowledge?type=legal", { user: who })).statusCode).toBe(403);
      expect((await ctx.request("GET", `/api/chatbot/knowledge/${some.id}`, { user: who })).statusCode).toBe(403);
      expect((await ctx.request("POST", "/api/chatbot/knowledge", { user: who, body: article })).statusCode).toBe(403);
      expect(
        (await ctx.request("PUT", `/api/chatbot/knowledge/${some.id}`, { user: who, body: { ...article, chatbotType: undefined } }))
          .statusCode,
      ).toBe(403);
      expect((await ctx.request("DELETE", `/api/chatbot/knowledge/${some.id}`, { user: who })).statusCode).toBe(403);
    }
    expect((await ctx.request("GET", "/api/chatbot/knowledge?type=legal")).statusCode).toBe(401);
    expect(await ctx.db.select().from(chatbotKnowledgeBase).where(eq(chatbotKnowledgeBase.id, some.id))).toHaveLength(1);
  });
});

describe("seeding the shipped articles", () => {
  const knowledgeArticles = shippedKnowledgeBase().articles;
  const bySlug = async (slug: string) => (await ctx.db.select().from(chatbotKnowledgeBase).where(eq(chatbotKnowledgeBase.slug, slug)))[0];

  it("refreshes untouched articles, keeps edited ones and does not bring deleted ones back", async () => {
    const [untouched, edited, removed] = knowledgeArticles.filter((a) => a.chatbotType === "legal");
    const editedRow = await bySlug(edited.slug);
    const removedRow = await bySlug(removed.slug);
    expect(
      (
        await ctx.request("PUT", `/api/chatbot/knowledge/${editedRow.id}`, {
          user: admin,
          body: {
            title: "Von der Redaktion geändert",
            content: editedRow.content,
            documentType: editedRow.documentType,
            tags: editedRow.tags,
            sources: editedRow.sources,
          },
        })
      ).statusCode,
    ).toBe(200);
    expect((await ctx.request("DELETE", `/api/chatbot/knowledge/${removedRow.id}`, { user: admin })).statusCode).toBe(200);

    // A new release ships changed texts for all three.
    const release = knowledgeArticles.map((a) =>
      [untouched.slug, edited.slug, removed.slug].includes(a.slug) ? { ...a, content: `${a.content}\n\nNachtrag der neuen Version.` } : a,
    );
    await seedKnowledgeBase(ctx.db, release);
    await seedKnowledgeBase(ctx.db, release); // idempotent

    expect((await bySlug(untouched.slug)).content).toContain("Nachtrag der neuen Version.");
    const keptEdit = await bySlug(edited.slug);
    expect(keptEdit.title).toBe("Von der Redaktion geändert");
    expect(keptEdit.content).not.toContain("Nachtrag der neuen Version.");
    expect(await bySlug(removed.slug)).toBeUndefined();
    const total = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatbotKnowledgeBase)
      .where(sql`${chatbotKnowledgeBase.slug} is not null`);
    expect(total[0].n).toBe(knowledgeArticles.length - 1);
  });

  it("shows each article's origin, the shipped version and review, and restores the shipped text", async () => {
    const shipped = knowledgeArticles.find((a) => a.chatbotType === "construction" && a.slug === "bautagebuch-fuehren")!;
    const row = await bySlug(shipped.slug);
    const origin = () =>
      ctx
        .request("GET", `/api/chatbot/knowledge/${row.id}`, { user: admin })
        .then((r) => r.json<KnowledgeArticleDto & { origin: KnowledgeOriginDetail }>().origin);
    const listed = async () =>
      (await ctx.request("GET", "/api/chatbot/knowledge?type=construction&q=Bautagebuch", { user: admin }))
        .json<(KnowledgeArticleListItemDto & { origin: KnowledgeOrigin })[]>()
        .find((a) => a.id === row.id)!.origin;

    expect(await listed()).toEqual({
      status: "shipped",
      shipped: {
        version: shipped.version,
        reviewedOn: shipped.reviewedOn,
        reviewedBy: shipped.reviewedBy,
        file: "bauausfuehrung/bautagebuch-fuehren.md",
      },
    });
    const first = await origin();
    expect(first).toMatchObject({
      status: "shipped",
      shippedArticle: { title: shipped.title, content: shipped.content, tags: shipped.tags, sources: shipped.sources },
    });

    // Changed in the editor: shown as such, and a new release leaves it alone.
    const edited = {
      title: shipped.title,
      content: `${shipped.content}\n\nEigener Zusatz der Bauleitung.`,
      documentType: shipped.documentType,
      tags: shipped.tags,
      sources: shipped.sources,
    };
    expect((await ctx.request("PUT", `/api/chatbot/knowledge/${row.id}`, { user: admin, body: edited })).statusCode).toBe(200);
    expect((await listed()).status).toBe("edited");
    const release = knowledgeArticles.map((a) =>
      a === shipped ? { ...a, version: a.version + 1, content: `${a.content}\n\nNeu in der nächsten Version.` } : a,
    );
    await seedKnowledgeBase(ctx.db, release);
    expect((await bySlug(shipped.slug)).content).toContain("Eigener Zusatz der Bauleitung.");
    expect((await origin()).status).toBe("edited");

    // Saving exactly the shipped text makes it "as shipped" again; the next release updates it.
    const restored = await ctx.request("PUT", `/api/chatbot/knowledge/${row.id}`, {
      user: admin,
      body: {
        title: shipped.title,
        content: shipped.content,
        documentType: shipped.documentType,
        tags: shipped.tags,
        sources: shipped.sources,
      },
    });
    expect(restored.json<{ origin: KnowledgeOriginDetail }>().origin).toMatchObject({ status: "shipped", baseVersion: shipped.version });
    await seedKnowledgeBase(ctx.db, release);
    expect((await bySlug(shipped.slug)).content).toContain("Neu in der nächsten Version.");
    expect(await origin()).toMatchObject({ status: "shipped", baseVersion: shipped.version + 1 });
    await seedKnowledgeBase(ctx.db); // back to the files

    // Written in the editor.
    const own = (await ctx.request("POST", "/api/chatbot/knowledge", { user: admin, body: article })).json<
      KnowledgeArticleDto & { origin: KnowledgeOriginDetail }
    >();
    expect(own.origin).toMatchObject({ status: "custom", shipped: null, shippedArticle: null, baseVersion: null });
    await ctx.request("DELETE", `/api/chatbot/knowledge/${own.id}`, { user: admin });
  });

  it("retires an unedited article whose file was removed, but keeps edited and own ones", async () => {
    const legal = knowledgeArticles.filter((a) => a.chatbotType === "legal");
    const [gone, goneEdited] = legal.slice(-2);
    const editedRow = await bySlug(goneEdited.slug);
    await ctx.request("PUT", `/api/chatbot/knowledge/${editedRow.id}`, {
      user: admin,
      body: {
        title: `${goneEdited.title} (Fassung der Redaktion)`,
        content: goneEdited.content,
        documentType: goneEdited.documentType,
        tags: goneEdited.tags,
        sources: goneEdited.sources,
      },
    });
    await seedKnowledgeBase(
      ctx.db,
      knowledgeArticles.filter((a) => a !== gone && a !== goneEdited),
    );
    expect(await bySlug(gone.slug)).toBeUndefined();
    expect((await bySlug(goneEdited.slug)).title).toContain("Fassung der Redaktion");
    const retired = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.action, "chatbot.knowledge_retire"));
    expect(retired.length).toBeGreaterThanOrEqual(1);
    // Nothing shipped for an assistant (e.g. its folder is missing): nothing is retired.
    const before = (await ctx.db.select({ id: chatbotKnowledgeBase.id }).from(chatbotKnowledgeBase)).length;
    await seedKnowledgeBase(ctx.db, []);
    expect((await ctx.db.select({ id: chatbotKnowledgeBase.id }).from(chatbotKnowledgeBase)).length).toBe(before);
    await seedKnowledgeBase(ctx.db);
    expect(await bySlug(gone.slug)).toBeDefined();
  });
});
