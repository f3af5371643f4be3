// The model pass over a read LV against a local OpenAI-compatible server over real HTTP: findings
// on existing OZ are added (source "model"), invented OZ are dropped, the LV goes in chunks, the
// same LV never costs twice, failures leave the rule findings with a German warning, the cap
// LLM_MAX_POSITIONS, token use per project, and the versioned analysis prompt (super admin only,
// the active version is the one sent).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from "../helpers/fake-llm";
import { analyseStoredFile } from "../../src/server/boq/store";
import { queueBoqAnalysis, startBoqWorker } from "../../src/server/boq/worker";
import { DEFAULT_ANALYSIS_PROMPT } from "../../src/server/boq/analysis-prompt";
import type { ModelPassConfig, ModelUsage } from "../../src/server/boq/model-pass";
import { analysisPrompts, auditLog, boqAnalyses, projectFiles, projectModelUsage, projects } from "../../src/server/db/schema";
import type { Db } from "../../src/server/db/client";
import type { AnalysisPromptDto } from "../../src/common/schemas/analysis-prompt";
import type { Finding } from "../../src/server/tender";

const FIXTURES = join(import.meta.dirname, "../../src/server/tender/fixtures");
const ROHBAU = readFileSync(join(FIXTURES, "rohbau-27.x83"));
const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const UNREACHABLE = "Die KI-Prüfung war nicht erreichbar";

let ctx: TestContext;
let llm: FakeLlm;
let companyA: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;
let counter = 0;

beforeAll(async () => {
  llm = await startFakeLlm();
  ctx = await createTestApp({ llm: { baseUrl: llm.url, apiKey: "test-key", model: "bauklar-test", timeoutMs: 1000 } });
  ({ companyA, superAdmin, adminA, userA } = await createWorld(ctx));
});
afterAll(async () => {
  await ctx?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.setMode({ kind: "answer", text: modelAnswer });
  llm.requests.length = 0;
});

/** The OZ the model was sent, read back from the user message. */
const sentOz = (req: FakeLlmRequest) =>
  [...(req.messages.find((m) => m.role === "user")?.content ?? "").matchAll(/"oz":"([^"]+)"/g)].map((m) => m[1]);

/** A well-behaved model: one finding on the first OZ of the chunk, one on an invented OZ. */
function modelAnswer(req: FakeLlmRequest): string {
  const oz = sentOz(req)[0];
  return JSON.stringify({
    findings: [
      {
        oz,
        severity: "warnung",
        title: `Ist die Ausführung in Position ${oz} eindeutig beschrieben?`,
        why: "Ohne Angaben zur Ausführung ist die Position nicht sicher kalkulierbar.",
      },
      { oz: "99.9999", severity: "risiko", title: "Erfundene Position?", why: "Diese Ordnungszahl gibt es im LV nicht." },
    ],
  });
}

/** The rohbau-27 LV with one short text changed, so its request is not in the cache yet. */
const rohbauVariant = () =>
  Buffer.from(ROHBAU.toString("utf8").replace("Bauzaun stellen und vorhalten", `Bauzaun stellen und vorhalten (Variante ${++counter})`));

/** A GAEB X83 with `items` items in sections of ten (OZ 01.0010 … 15.0100). */
function generatedLv(items: number, label: string): Buffer {
  const sections: string[] = [];
  for (let s = 0; s * 10 < items; s++) {
    const rows: string[] = [];
    for (let i = 0; i < Math.min(10, items - s * 10); i++) {
      const no = String((i + 1) * 10).padStart(4, "0");
      rows.push(
        `<Item ID="I${s}_${i}" RNoPart="${no}"><Qty>${12 + i}.000</Qty><QU>m2</QU><Description><CompleteText><DetailTxt><Text><p><span>Leistung ${s + 1}.${i + 1} (${label}): Wandfläche spachteln und streichen.</span></p></Text></DetailTxt><OutlineText><OutlTxt><TextOutlTxt><p><span>Wand ${s + 1}.${i + 1} ${label}</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>`,
      );
    }
    const oz = String(s + 1).padStart(2, "0");
    sections.push(
      `<BoQCtgy ID="C${oz}" RNoPart="${oz}"><LblTx><p><span>Abschnitt ${oz}</span></p></LblTx><BoQBody><Itemlist>${rows.join("")}</Itemlist></BoQBody></BoQCtgy>`,
    );
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">
  <GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-03-16</Date><ProgSystem>bauklar Test</ProgSystem></GAEBInfo>
  <PrjInfo><NamePrj>Generiert ${label}</NamePrj><Cur>EUR</Cur></PrjInfo>
  <Award><DP>83</DP><AwardInfo><Cur>EUR</Cur></AwardInfo>
    <BoQ ID="LV1"><BoQInfo><Name>Maler ${label}</Name><BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
      <BoQBody>${sections.join("\n")}</BoQBody>
    </BoQ>
  </Award>
</GAEB>`,
  );
}

async function projectWithFile(db: Db, fileName: string, data: Buffer) {
  const [p] = await db
    .insert(projects)
    .values({ name: `KI ${fileName}`, companyId: companyA, createdBy: adminA.id, status: "Neu" })
    .returning();
  const [f] = await db
    .insert(projectFiles)
    .values({
      projectId: p.id,
      kind: "input",
      fileName,
      extension: "x83",
      mimeType: "application/xml",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    })
    .returning();
  await db.update(projects).set({ inputFileId: f.id }).where(eq(projects.id, p.id));
  return { projectId: p.id, fileId: f.id };
}

const modelPass = (changes: Partial<ModelPassConfig> = {}): ModelPassConfig => ({
  llm: ctx.config.llm,
  llmMaxPositions: ctx.config.llmMaxPositions,
  ...changes,
});

interface BoqBody {
  status: string;
  findings: Finding[];
  findingCounts: { total: number; bySeverity: Record<string, number>; byRule: Record<string, number> };
  warnings: string[];
  modelUsage?: ModelUsage;
}

/** Reads the file as the worker would and returns what GET /api/projects/:id/boq shows. */
async function analyse(data: Buffer, pass: ModelPassConfig | null = modelPass()) {
  const { projectId, fileId } = await projectWithFile(ctx.db, "lv.x83", data);
  await analyseStoredFile(ctx.db, fileId, pass ?? undefined);
  const res = await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA });
  expect(res.statusCode).toBe(200);
  return { projectId, fileId, body: res.json<BoqBody>() };
}

// The review's fields (stable id, expert confirmation) are tested in finding-review.test.ts.
const withoutReview = ({
  id: _id,
  expertConfirmed: _confirmed,
  ...f
}: BoqBody["findings"][number] & { id?: string; expertConfirmed?: boolean }) => f;
const modelFindings = (b: BoqBody) => b.findings.filter((f) => f.source === "model").map(withoutReview);
const ruleFindings = (b: BoqBody) => b.findings.filter((f) => f.source === "rule");

async function usageOf(projectId: number) {
  const [row] = await ctx.db.select().from(projectModelUsage).where(eq(projectModelUsage.projectId, projectId));
  return row ?? null;
}

describe("model findings", () => {
  it("adds findings on existing OZ with source 'model' and drops invented OZ", async () => {
    const { projectId, body } = await analyse(ROHBAU);
    expect(body.status).toBe("done");
    expect(llm.requests).toHaveLength(1);
    const [req] = llm.requests;
    expect(req).toMatchObject({
      model: "bauklar-test",
      authorization: "Bearer test-key",
      stream: false,
      responseFormat: { type: "json_object" },
    });
    expect(req.messages[0]).toEqual({ role: "system", content: DEFAULT_ANALYSIS_PROMPT });
    const user = req.messages[1].content;
    expect(sentOz(req)).toHaveLength(27);
    expect(user).toContain('"oz":"01.0010"');
    expect(user).toContain("Baustelleneinrichtung einrichten und räumen");
    expect(user).toContain('"menge":120,"einheit":"m"');

    const model = modelFindings(body);
    expect(model).toEqual([
      {
        ruleId: "ki-hinweis",
        scope: "position",
        oz: "01.0010",
        kind: "item",
        source: "model",
        severity: "warnung",
        category: "leistungsbeschreibung",
        title: "Ist die Ausführung in Position 01.0010 eindeutig beschrieben?",
        why: "Ohne Angaben zur Ausführung ist die Position nicht sicher kalkulierbar.",
        nachtragspotenzial: false,
        // Priced like rule findings: the LV has no prices, so it says which price is needed.
        potentialEur: null,
        // an open scope puts 20 % of the position at risk (docs/money.md)
        effect: "risiko",
        priceNeeded: "Mit einem Einheitspreis für OZ 01.0010 ließe sich der Betrag beziffern: 20 % von Menge × EP.",
      },
    ]);
    expect(body.findings.some((f) => f.oz === "99.9999")).toBe(false);
    const rules = ruleFindings(body);
    expect(rules.length).toBeGreaterThan(0);
    expect(body.findingCounts.total).toBe(rules.length + 1);
    expect(body.findingCounts.byRule["ki-hinweis"]).toBe(1);
    expect(body.findingCounts.bySeverity.warnung).toBe(rules.filter((f) => f.severity === "warnung").length + 1);
    expect(body.warnings).toEqual([]);
    expect(body.modelUsage).toEqual({
      model: "bauklar-test",
      promptVersion: 0,
      promptTokens: 10,
      completionTokens: 10,
      positions: 27,
      chunks: 1,
      cachedChunks: 0,
      failedChunks: 0,
      droppedFindings: 1,
    });
    expect(await usageOf(projectId)).toMatchObject({ promptTokens: 10, completionTokens: 10, requests: 1 });
  });

  it("the same LV read again, in the same or another project, makes no request", async () => {
    const first = await analyse(ROHBAU);
    const { fileId, projectId } = first;
    expect(llm.requests).toHaveLength(0);
    await analyseStoredFile(ctx.db, fileId, modelPass());
    expect(llm.requests).toHaveLength(0);
    const body = (await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA })).json<BoqBody>();
    expect(modelFindings(body).map((f) => f.oz)).toEqual(["01.0010"]);
    expect(body.modelUsage).toMatchObject({ promptTokens: 0, completionTokens: 0, chunks: 1, cachedChunks: 1, failedChunks: 0 });
    expect(await usageOf(projectId)).toBeNull();
  });

  it("sends an LV of 150 positions in 3 requests of at most 60 positions", async () => {
    const { projectId, body } = await analyse(generatedLv(150, "A"));
    expect(llm.requests).toHaveLength(3);
    const sent = llm.requests.map(sentOz);
    expect(sent.map((s) => s.length).sort((a, b) => b - a)).toEqual([60, 60, 30]);
    expect(new Set(sent.flat()).size).toBe(150);
    // The chunks go out in parallel: find the one holding the first position, not the first to arrive.
    const firstChunk = llm.requests.find((r) => sentOz(r).includes("01.0010"));
    expect(firstChunk?.messages[1].content).toContain('"abschnitt":"01 Abschnitt 01"');
    expect(
      modelFindings(body)
        .map((f) => f.oz)
        .sort(),
    ).toEqual(["01.0010", "07.0010", "13.0010"]);
    expect(body.modelUsage).toMatchObject({ positions: 150, chunks: 3, droppedFindings: 3, promptTokens: 30, completionTokens: 30 });
    expect(await usageOf(projectId)).toMatchObject({ promptTokens: 30, completionTokens: 30, requests: 3 });
  });

  it("sends at most LLM_MAX_POSITIONS positions and says so", async () => {
    const { body } = await analyse(generatedLv(150, "B"), modelPass({ llmMaxPositions: 100 }));
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests.flatMap(sentOz)).toHaveLength(100);
    expect(llm.requests.flatMap(sentOz)).not.toContain("11.0010");
    expect(body.status).toBe("done");
    expect(body.modelUsage).toMatchObject({ positions: 100, chunks: 2 });
    expect(body.warnings).toEqual([
      "Das LV hat 150 Positionen; die KI-Prüfung umfasst die ersten 100. Für die übrigen 50 Positionen werden nur die Regelbefunde gezeigt.",
    ]);
  });

  it("without LLM_BASE_URL nothing changes and no request is made", async () => {
    const { body } = await analyse(rohbauVariant(), null);
    const off = await analyse(rohbauVariant(), modelPass({ llm: undefined }));
    expect(llm.requests).toHaveLength(0);
    for (const b of [body, off.body]) {
      expect(b.status).toBe("done");
      expect(modelFindings(b)).toEqual([]);
      expect(b.modelUsage).toBeUndefined();
      expect(b.findingCounts.byRule["ki-hinweis"]).toBeUndefined();
      expect(b.warnings).toEqual([]);
    }
  });
});

describe("when the model fails, the LV is done with the rule findings and a warning", () => {
  const cases: [string, () => void, string][] = [
    ["a timeout", () => llm.setMode({ kind: "hang" }), "Zeitüberschreitung"],
    ["HTTP 500", () => llm.setMode({ kind: "error", status: 500 }), "Fehler des KI-Dienstes, HTTP 500"],
    ["HTTP 429", () => llm.setMode({ kind: "error", status: 429 }), "Fehler des KI-Dienstes, HTTP 429"],
    ["malformed JSON", () => llm.setMode({ kind: "answer", text: () => '{"findings": [{"oz": "01.0010", ' }), "keine gültige JSON-Antwort"],
    [
      "prose",
      () => llm.setMode({ kind: "answer", text: () => "Gerne prüfe ich das Leistungsverzeichnis. Position 01.0010 ist unklar." }),
      "keine gültige JSON-Antwort",
    ],
    [
      "JSON of another form",
      () => llm.setMode({ kind: "answer", text: () => JSON.stringify({ hinweise: ["Position 01.0010 prüfen"] }) }),
      "keine gültige JSON-Antwort",
    ],
  ];
  for (const [name, setup, reason] of cases) {
    it(name, async () => {
      setup();
      const started = Date.now();
      const { projectId, body } = await analyse(rohbauVariant());
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(llm.requests).toHaveLength(1);
      expect(body.status).toBe("done");
      expect(modelFindings(body)).toEqual([]);
      expect(ruleFindings(body).length).toBeGreaterThan(0);
      expect(body.findingCounts.total).toBe(ruleFindings(body).length);
      expect(body.warnings).toEqual([`${UNREACHABLE} (1 Anfrage fehlgeschlagen: ${reason}); es werden nur die Regelbefunde gezeigt.`]);
      expect(body.modelUsage).toMatchObject({ chunks: 1, failedChunks: 1 });
      // Nothing failed is cached: the next reading asks again.
      llm.setMode({ kind: "answer", text: modelAnswer });
      const [{ fileId }] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, projectId));
      await analyseStoredFile(ctx.db, fileId!, modelPass());
      expect(llm.requests).toHaveLength(2);
    });
  }

  it("one failed chunk out of three keeps the findings of the others", async () => {
    llm.setMode({ kind: "answer", text: (req) => (sentOz(req).includes("07.0010") ? "Das kann ich nicht beurteilen." : modelAnswer(req)) });
    const { body } = await analyse(generatedLv(150, "C"));
    expect(llm.requests).toHaveLength(3);
    expect(
      modelFindings(body)
        .map((f) => f.oz)
        .sort(),
    ).toEqual(["01.0010", "13.0010"]);
    expect(body.warnings).toEqual([
      "Die KI-Prüfung war für 1 von 3 Teilen des LV nicht erreichbar (keine gültige JSON-Antwort); für deren Positionen werden nur die Regelbefunde gezeigt.",
    ]);
  });

  it("findings of another form are dropped one by one; severities are checked", async () => {
    llm.setMode({
      kind: "answer",
      text: () =>
        JSON.stringify({
          findings: [
            { oz: "02.0010", severity: "Risiko", title: "Ist der Oberboden schadstofffrei?", why: "Entsorgungskosten hängen davon ab." },
            { oz: "02.0010", severity: "kritisch", title: "Unbekannte Stufe?", why: "…" },
            { oz: "02.0010", title: "Ohne Stufe?", why: "…" },
            { oz: 2.001, severity: "hinweis", title: "Zahl statt Text?", why: "…" },
          ],
        }),
    });
    const { body } = await analyse(rohbauVariant());
    expect(modelFindings(body)).toMatchObject([{ oz: "02.0010", severity: "risiko", title: "Ist der Oberboden schadstofffrei?" }]);
    expect(body.modelUsage).toMatchObject({ droppedFindings: 3, failedChunks: 0 });
    expect(body.warnings).toEqual([]);
  });

  it("the background worker reads with the model pass", async () => {
    const { projectId, fileId } = await projectWithFile(ctx.db, "worker.x83", rohbauVariant());
    await queueBoqAnalysis(ctx.db, { projectId, fileId });
    const worker = startBoqWorker({ db: ctx.db, database: ctx.testDb.database, config: ctx.config }, silent, { pollMs: 50 });
    try {
      const deadline = Date.now() + 20_000;
      let status = "pending";
      while (status === "pending" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        [{ status }] = await ctx.db.select({ status: boqAnalyses.status }).from(boqAnalyses).where(eq(boqAnalyses.fileId, fileId));
      }
      expect(status).toBe("done");
    } finally {
      await worker.stop();
    }
    expect(llm.requests).toHaveLength(1);
    const body = (await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA })).json<BoqBody>();
    expect(modelFindings(body).map((f) => f.oz)).toEqual(["01.0010"]);
  });
});

describe("analysis prompt versions", () => {
  const list = async () => (await ctx.request("GET", "/api/analysis-prompts", { user: superAdmin })).json<AnalysisPromptDto[]>();
  const save = (body: unknown, who: TestUser = superAdmin) => ctx.request("POST", "/api/analysis-prompts", { user: who, body });

  it("are for super admins only", async () => {
    const before = await ctx.db.select().from(analysisPrompts);
    for (const who of [adminA, userA]) {
      expect((await ctx.request("GET", "/api/analysis-prompts", { user: who })).statusCode).toBe(403);
      expect((await save({ systemPrompt: "Übernahme", isActive: true }, who)).statusCode).toBe(403);
      expect((await ctx.request("POST", "/api/analysis-prompts/default/activate", { user: who })).statusCode).toBe(403);
    }
    expect((await ctx.request("GET", "/api/analysis-prompts")).statusCode).toBe(401);
    expect((await ctx.request("POST", "/api/analysis-prompts", { body: { systemPrompt: "x" } })).statusCode).toBe(401);
    expect(await ctx.db.select().from(analysisPrompts)).toHaveLength(before.length);
  });

  it("the shipped default is active until a version is saved; an empty prompt is 'Eingabe fehlt'", async () => {
    expect(await list()).toEqual([
      expect.objectContaining({ id: 0, systemPrompt: DEFAULT_ANALYSIS_PROMPT, isActive: true, createdBy: null }),
    ]);
    for (const systemPrompt of ["", "   ", undefined]) {
      const res = await save({ systemPrompt, isActive: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Eingabe fehlt");
    }
    expect(await ctx.db.select().from(analysisPrompts)).toHaveLength(0);
  });

  it("the active version is the one sent, and a new version is not served from the cache of the old one", async () => {
    const text = 'Sie prüfen Leistungsverzeichnisse für Malerarbeiten (Version 2). Antworten Sie nur mit JSON {"findings": [...]}.';
    const res = await save({ systemPrompt: `  ${text}  `, description: "Malerfokus", isActive: true });
    expect(res.statusCode).toBe(201);
    const v2 = res.json<AnalysisPromptDto>();
    expect(v2).toMatchObject({
      systemPrompt: text,
      description: "Malerfokus",
      isActive: true,
      createdBy: { id: superAdmin.id, username: superAdmin.username },
    });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "analysis.prompt_save"));
    expect(audits.map((a) => a.targetId)).toEqual([String(v2.id)]);
    expect((await list()).map((p) => [p.id, p.isActive])).toEqual([
      [v2.id, true],
      [0, false],
    ]);

    // rohbau-27 is cached for the default prompt (first test): with version 2 it is asked again.
    const { body } = await analyse(ROHBAU);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0].messages[0]).toEqual({ role: "system", content: text });
    expect(body.modelUsage).toMatchObject({ promptVersion: v2.id, cachedChunks: 0 });

    // A version saved as inactive does not change what is sent.
    const draft = (await save({ systemPrompt: "Entwurf", isActive: false })).json<AnalysisPromptDto>();
    expect(draft.isActive).toBe(false);
    await analyse(rohbauVariant());
    expect(llm.requests[1].messages[0].content).toBe(text);

    // Activating the draft, then the shipped default again.
    const activated = await ctx.request("POST", `/api/analysis-prompts/${draft.id}/activate`, { user: superAdmin });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ id: draft.id, isActive: true });
    await analyse(rohbauVariant());
    expect(llm.requests[2].messages[0].content).toBe("Entwurf");
    expect((await ctx.request("POST", "/api/analysis-prompts/default/activate", { user: superAdmin })).json()).toMatchObject({
      id: 0,
      isActive: true,
    });
    expect((await list()).filter((p) => p.isActive).map((p) => p.id)).toEqual([0]);
    expect(await ctx.db.select().from(analysisPrompts).where(eq(analysisPrompts.isActive, true))).toHaveLength(0);
    const cached = await analyse(ROHBAU);
    expect(llm.requests).toHaveLength(3);
    expect(cached.body.modelUsage).toMatchObject({ promptVersion: 0, cachedChunks: 1 });

    expect((await ctx.request("POST", "/api/analysis-prompts/999999/activate", { user: superAdmin })).statusCode).toBe(404);
    expect((await ctx.request("POST", "/api/analysis-prompts/abc/activate", { user: superAdmin })).statusCode).toBe(400);
  });

  it("concurrent saves leave exactly one active version", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => save({ systemPrompt: `Parallel ${i}`, isActive: true })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(await ctx.db.select().from(analysisPrompts).where(eq(analysisPrompts.isActive, true))).toHaveLength(1);
  });
});
