// The LLM path against a local OpenAI-compatible server over real HTTP: JSON and streamed answers,
// what the model receives (active prompt, passages, history), time-outs and provider errors —
// which become a clear message, never hang, and give the request back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatbotConversations, chatbotMessages, chatbotRequestLedger, companies } from "../../src/server/db/schema";
import { ANSWER_FAILED } from "../../src/server/chatbot/chat-routes";
import type { ChatbotAnswerDto } from "../../src/common/types";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { LLM_MARK } from "../../src/server/chatbot/answer";
import { startFakeLlm, type FakeLlm } from "../helpers/fake-llm";

const TIMEOUT_MS = 1000;
let ctx: TestContext;
let llm: FakeLlm;
let base: string;
let companyId: number;
let user: TestUser;

beforeAll(async () => {
  llm = await startFakeLlm();
  ctx = await createTestApp({
    rateLimit: false,
    llm: { baseUrl: llm.url, apiKey: "test-key", model: "bauklar-test", timeoutMs: TIMEOUT_MS },
  });
  base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 5 });
  user = await ctx.createUser("user", companyId);
});
afterAll(async () => {
  await ctx?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.setMode({ kind: "answer" });
  llm.requests.length = 0;
});

/** A real HTTP POST from outside the process. */
function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: user.cookie, ...headers },
    body: JSON.stringify(body),
  });
}

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** Reads Server-Sent Events as they arrive, with the time each one came in. */
async function readEvents(res: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let sep;
    while ((sep = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
    }
  }
  return events;
}

async function quotaState() {
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  const ledger = await ctx.db.select().from(chatbotRequestLedger).where(eq(chatbotRequestLedger.companyId, companyId));
  const conversations = await ctx.db.select().from(chatbotConversations).where(eq(chatbotConversations.userId, user.id));
  return { count: c.chatbotRequestCount, ledger: ledger.length, conversations: conversations.length };
}

describe("answers from the language model", () => {
  it("non-streaming: the model gets the active prompt, knowledge passages and the question", async () => {
    const question = "Wie lange verjähren Mängelansprüche nach VOB/B?";
    const res = await post("/api/chatbot/legal", { message: question, conversationId: null });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ChatbotAnswerDto;
    expect(body.source).toBe("llm");
    expect(body.message).toContain("Testmodell antwortet");
    expect(body.usage).toEqual({ limit: 5, currentCount: 1, paid: false });

    const call = llm.requests[0];
    expect(call.stream).toBe(false);
    expect(call.model).toBe("bauklar-test");
    expect(call.authorization).toBe("Bearer test-key");
    expect(call.messages[0]).toMatchObject({ role: "system" });
    expect(call.messages[0].content).toContain("Baurecht-Assistent");
    expect(call.messages[1].role).toBe("system");
    expect(call.messages[1].content).toMatch(/Wissensdatenbank/);
    expect(call.messages.at(-1)).toEqual({ role: "user", content: question });

    // The follow-up carries the history.
    const next = await post("/api/chatbot/legal", {
      message: "Und bei Arbeiten an einem Grundstück?",
      conversationId: body.conversationId,
    });
    expect(next.status).toBe(200);
    const second = llm.requests[1].messages;
    expect(second.slice(2)).toEqual([
      { role: "user", content: question },
      { role: "assistant", content: body.message },
      { role: "user", content: "Und bei Arbeiten an einem Grundstück?" },
    ]);
  });

  it("uses the active system prompt a super admin saved", async () => {
    const admin = await ctx.createUser("super_admin", null);
    const saved = await ctx.request("POST", "/api/chatbot/prompt", {
      user: admin,
      body: { chatbotType: "construction", systemPrompt: "Sie sind der Test-Polier.\nAntworten Sie knapp.", isActive: true },
    });
    expect(saved.statusCode).toBe(201);
    const res = await post("/api/chatbot/construction", { message: "Wie führe ich ein Bautagebuch?" });
    expect(res.status).toBe(200);
    expect(llm.requests[0].messages[0]).toEqual({ role: "system", content: "Sie sind der Test-Polier.\nAntworten Sie knapp." });
  });

  it("streams the answer to the browser as the model generates it", async () => {
    const text = "Die Abnahme ist die körperliche Entgegennahme und Billigung des Werks als im Wesentlichen vertragsgemäß.";
    llm.setMode({ kind: "answer", text: () => text, chunkDelayMs: 60 });
    const started = Date.now();
    const res = await post("/api/chatbot/legal", { message: "Was ist die Abnahme?" }, { accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(res);
    const deltas = events.filter((e) => e.event === "delta");
    const done = events.find((e) => e.event === "done")!;
    expect(llm.requests[0].stream).toBe(true);
    expect(deltas.length).toBeGreaterThan(5);
    const shown = `**${LLM_MARK}**\n\n${text}`;
    expect(deltas.map((d) => d.data.text).join("")).toBe(shown);
    // The first piece arrives long before the last: it is really streamed, not buffered.
    expect(done.at - deltas[0].at).toBeGreaterThan(400);
    expect(deltas[0].at - started).toBeLessThan(done.at - started - 400);
    expect(done.data).toMatchObject({ message: shown, source: "llm" });
    const stored = await ctx.db
      .select()
      .from(chatbotMessages)
      .where(eq(chatbotMessages.conversationId, done.data.conversationId as number));
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ["user", "Was ist die Abnahme?"],
      ["assistant", shown],
    ]);
  });
});

describe("grounded answers: retrieval first, citations of the given passages only", () => {
  it("gives the model numbered passages with titles; a citation to a passage not given is removed; the cited ones are listed", async () => {
    llm.setMode({
      kind: "answer",
      text: () =>
        "Mängelansprüche verjähren nach VOB/B bei Bauwerken in 4 Jahren [1]. Nach BGB sind es 5 Jahre [2, 9]. Dazu ein Urteil [7].",
    });
    const res = await post("/api/chatbot/legal", { message: "Wie lange verjähren Mängelansprüche nach VOB/B?" });
    const body = (await res.json()) as ChatbotAnswerDto;
    const grounding = llm.requests[0].messages[1].content;
    const numbered = [...grounding.matchAll(/^\[(\d+)\] (.+)$/gm)].map((m) => [Number(m[1]), m[2]] as const);
    expect(numbered.length).toBeGreaterThanOrEqual(2);
    expect(numbered.length).toBeLessThanOrEqual(6);
    expect(numbered.map(([n]) => n)).toEqual(numbered.map((_, i) => i + 1));
    expect(grounding).toMatch(/ausschließlich auf Grundlage dieser Auszüge/);
    expect(grounding).toMatch(/§ 13 Abs\. 4/);
    expect(body.message).toContain("in 4 Jahren [1].");
    expect(body.message).toContain("5 Jahre [2].");
    expect(body.message).toContain("Dazu ein Urteil.");
    expect(body.message).not.toMatch(/\[7\]|\[9\]|, 9\]/);
    const titles = new Map(numbered);
    expect(body.message).toMatch(/\n\n\*\*Quellen aus der Wissensdatenbank\*\*\n- \[1\] /);
    expect(body.message).toContain(`- [1] ${titles.get(1)} – `);
    expect(body.message).toContain(`- [2] ${titles.get(2)} – `);
    expect(body.message).not.toContain("- [3]");
    const [, stored] = await ctx.db.select().from(chatbotMessages).where(eq(chatbotMessages.conversationId, body.conversationId));
    expect(stored.content).toBe(body.message);
  });

  it("streams the cleaned answer: a removed citation never reaches the browser", async () => {
    llm.setMode({
      kind: "answer",
      text: () => "Die Abnahme ist binnen 12 Werktagen durchzuführen [1] [8]. Sie kann auch fiktiv erfolgen [2].",
      chunkDelayMs: 5,
    });
    const res = await post(
      "/api/chatbot/legal",
      { message: "Innerhalb welcher Frist muss der Auftraggeber nach VOB/B abnehmen?" },
      { accept: "text/event-stream" },
    );
    const events = await readEvents(res);
    const streamed = events
      .filter((e) => e.event === "delta")
      .map((e) => e.data.text)
      .join("");
    const done = events.find((e) => e.event === "done")!;
    expect(streamed).not.toContain("[8]");
    expect(streamed).toBe(done.data.message);
    expect(done.data.message).toMatch(
      /^\*\*Antwort des Sprachmodells auf Grundlage der Wissensdatenbank\*\*\n\nDie Abnahme ist binnen 12 Werktagen durchzuführen \[1\]\. Sie kann auch fiktiv erfolgen \[2\]\.\n\n\*\*Quellen aus der Wissensdatenbank\*\*/,
    );
  });

  it("an off-topic question gets the short refusal; the model is not asked", async () => {
    const before = await quotaState();
    const res = await post("/api/chatbot/construction", { message: "Was kostet ein Flug nach Mallorca?" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ChatbotAnswerDto;
    expect(llm.requests).toHaveLength(0);
    expect(body.source).toBe("knowledge-base");
    expect(body.message).toBe(
      "Dazu kann ich leider nicht helfen – ich beantworte Fragen zur Bauausführung (Technik und Normen, Arbeitsschutz, Aufmaß, Abrechnung und Dokumentation).",
    );
    // It is an answer like any other: counted and stored.
    expect((await quotaState()).count).toBe(before.count + 1);
  });

  it("without a fitting passage the model answers from general knowledge, marked as unverified and without § or norm citations", async () => {
    llm.setMode({
      kind: "answer",
      text: () =>
        "Ein Kachelofen wird nach § 4 Abs. 3 VOB/B und DIN 18896 [1] von einem Ofenbauer gesetzt; die Abnahme macht der Bezirksschornsteinfeger.",
    });
    for (const accept of [undefined, "text/event-stream"]) {
      llm.requests.length = 0;
      const res = await post("/api/chatbot/construction", { message: "Kachelofen im Neubau?" }, accept ? { accept } : undefined);
      expect(res.status).toBe(200);
      const message = accept
        ? ((await readEvents(res)).find((e) => e.event === "done")!.data.message as string)
        : ((await res.json()) as ChatbotAnswerDto).message;
      expect(llm.requests).toHaveLength(1);
      expect(llm.requests[0].messages[1].content).toMatch(/keinen Auszug/);
      expect(llm.requests[0].messages[1].content).toMatch(/keine Paragrafen, Normen/);
      expect(message).toMatch(/^\*\*Antwort des Sprachmodells – ohne Beleg aus der Wissensdatenbank – bitte prüfen\*\*\n\n/);
      expect(message).toContain("Bezirksschornsteinfeger");
      expect(message).not.toMatch(/§|DIN|VOB|\[1\]/);
    }
  });
});

describe("failures never hang and do not use up a request", () => {
  it("time-out without streaming: 504 with a clear message within the time-out", async () => {
    llm.setMode({ kind: "hang" });
    const before = await quotaState();
    const started = Date.now();
    const res = await post("/api/chatbot/legal", { message: "Was ist eine Bedenkenanzeige?" });
    const took = Date.now() - started;
    expect(res.status).toBe(504);
    expect(((await res.json()) as { message: string }).message).toBe(ANSWER_FAILED);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 2000);
    expect(await quotaState()).toEqual(before);
  });

  it("a stream that stalls ends with an error event after the time-out; the text already sent counts", async () => {
    llm.setMode({ kind: "stall-after-first-chunk" });
    const before = await quotaState();
    const started = Date.now();
    const res = await post("/api/chatbot/legal", { message: "Was ist eine Bedenkenanzeige?" }, { accept: "text/event-stream" });
    const events = await readEvents(res);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    expect(events[0]).toMatchObject({ event: "delta" });
    expect(events.at(-1)).toMatchObject({ event: "error", data: { message: ANSWER_FAILED, status: 504 } });
    expect(await quotaState()).toEqual({ ...before, count: before.count + 1, ledger: before.ledger + 1 });
  });

  // Issue 22, item 6: the model streamed the answer and waited before ending; the client read all
  // text and closed — count 0, no ledger row, seven times over.
  it("an answer read and then aborted by the client counts (3 times: 3 requests)", async () => {
    llm.setMode({ kind: "stall-after-first-chunk" });
    const before = await quotaState();
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/chatbot/legal`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: user.cookie, accept: "text/event-stream" },
        body: JSON.stringify({ message: `Frage ${i}: Was ist eine Bedenkenanzeige?` }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      let text = "";
      while (!text.includes("event: delta")) text += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
    }
    // The server notices the closed connections and ends the answers.
    await new Promise((r) => setTimeout(r, 500));
    expect(await quotaState()).toEqual({ ...before, count: before.count + 3, ledger: before.ledger + 3 });
  });

  it("a provider error becomes 502 (JSON) or an error event (stream)", async () => {
    llm.setMode({ kind: "error", status: 500 });
    const before = await quotaState();
    const res = await post("/api/chatbot/construction", { message: "Was gehört ins Bautagebuch?" });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toBe(ANSWER_FAILED);
    const streamed = await post("/api/chatbot/construction", { message: "Was gehört ins Bautagebuch?" }, { accept: "text/event-stream" });
    const events = await readEvents(streamed);
    expect(events).toEqual([expect.objectContaining({ event: "error", data: { message: ANSWER_FAILED, status: 502 } })]);
    expect(await quotaState()).toEqual(before);
  });

  it("an unreachable server is a provider error too", async () => {
    const dead = await startFakeLlm();
    const url = dead.url;
    await dead.close();
    const saved = ctx.config.llm!;
    ctx.config.llm = { ...saved, baseUrl: url };
    try {
      const before = await quotaState();
      const res = await post("/api/chatbot/legal", { message: "Was regelt § 650c BGB?" });
      expect(res.status).toBe(502);
      expect(await quotaState()).toEqual(before);
    } finally {
      ctx.config.llm = saved;
    }
  });

  it("a failed answer in an existing conversation stores nothing in it", async () => {
    const first = (await (await post("/api/chatbot/legal", { message: "Was ist eine Abschlagszahlung?" })).json()) as ChatbotAnswerDto;
    llm.setMode({ kind: "error" });
    const res = await post("/api/chatbot/legal", { message: "Und die Schlusszahlung?", conversationId: first.conversationId });
    expect(res.status).toBe(502);
    const stored = await ctx.db.select().from(chatbotMessages).where(eq(chatbotMessages.conversationId, first.conversationId));
    expect(stored).toHaveLength(2);
  });
});
