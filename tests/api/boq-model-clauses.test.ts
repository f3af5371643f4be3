// The model pass over the contract clauses (issue 23, item 5) against a local OpenAI-compatible
// server over real HTTP: the clauses go in requests of their own with the checklist's types; each
// model finding is tied to a quoted clause (invented quotes and unknown types are dropped); rule
// and model verdicts on the same clause are merged into one entry and one finding – the stricter
// verdict wins; a type the rules found "nicht geregelt" becomes "geregelt" when the model quotes
// it; the answers are cached; a failing model leaves the rules' checklist with a German warning.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from "../helpers/fake-llm";
import { analyseStoredFile } from "../../src/server/boq/store";
import type { ModelPassConfig, ModelUsage } from "../../src/server/boq/model-pass";
import { projectFiles, projects } from "../../src/server/db/schema";
import type { ChecklistEntry, Finding } from "../../src/server/tender";

const LV = readFileSync(join(import.meta.dirname, "../quality/blind/tune/files/t2-flachdach-bautraeger/t2-flachdach-bautraeger.x84"));
const VERJAEHRUNG = "Die Verjährungsfrist für Mängelansprüche an der Dachabdichtung beträgt 10 Jahre ab Abnahme";
const SKONTO = "Der Auftragnehmer gewährt auf alle Zahlungen ein Skonto von 3 %";
const PLAENE =
  "Der Auftragnehmer hat die ihm übergebenen Planunterlagen (Dachaufsichten, Details Attika und Abläufe) geprüft und als ausführbar anerkannt";

let ctx: TestContext;
let llm: FakeLlm;
let companyA: number;
let adminA: TestUser;
let userA: TestUser;

const isClauseRequest = (req: FakeLlmRequest) => (req.messages.find((m) => m.role === "user")?.content ?? "").includes("Klauselarten:");

function clauseAnswer(req: FakeLlmRequest): string {
  if (!isClauseRequest(req)) return JSON.stringify({ findings: [] });
  return JSON.stringify({
    findings: [
      { type: "verjaehrung", verdict: "kritisch", quote: VERJAEHRUNG, why: "Deckt die Herstellergarantie die verdoppelte Haftungsdauer?" },
      { type: "skonto", verdict: "üblich", quote: SKONTO, why: "Skonto ist vereinbar." },
      { type: "haftung", verdict: "kritisch", quote: PLAENE, why: "Soll der Auftragnehmer die Planung des Auftraggebers verantworten?" },
      { type: "vertragsstrafe", verdict: "kritisch", quote: "Die Vertragsstrafe beträgt 10 % je Tag", why: "Erfundenes Zitat." },
      { type: "sonstiges", verdict: "prüfen", quote: SKONTO, why: "Keine Klauselart der Checkliste." },
    ],
  });
}

beforeAll(async () => {
  llm = await startFakeLlm();
  ctx = await createTestApp({ llm: { baseUrl: llm.url, apiKey: "test-key", model: "bauklar-test", timeoutMs: 1000 } });
  ({ companyA, adminA, userA } = await createWorld(ctx));
});
afterAll(async () => {
  await ctx?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.setMode({ kind: "answer", text: clauseAnswer });
  llm.requests.length = 0;
});

const modelPass = (): ModelPassConfig => ({ llm: ctx.config.llm, llmMaxPositions: ctx.config.llmMaxPositions });

async function analyse(pass: ModelPassConfig | undefined, data: Buffer = LV) {
  const [p] = await ctx.db
    .insert(projects)
    .values({ name: "Flachdach", companyId: companyA, createdBy: adminA.id, status: "Neu" })
    .returning();
  const [f] = await ctx.db
    .insert(projectFiles)
    .values({
      projectId: p.id,
      kind: "input",
      fileName: "lv.x84",
      extension: "x84",
      mimeType: "application/xml",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    })
    .returning();
  await ctx.db.update(projects).set({ inputFileId: f.id }).where(eq(projects.id, p.id));
  await analyseStoredFile(ctx.db, f.id, pass);
  const res = await ctx.request("GET", `/api/projects/${p.id}/boq`, { user: userA });
  return res.json<{ status: string; checklist: ChecklistEntry[]; findings: Finding[]; warnings: string[]; modelUsage?: ModelUsage }>();
}

/** The entries of a type; with `quote` only those quoting it. */
const entriesOf = (checklist: ChecklistEntry[], type: string, quote?: string) =>
  checklist.filter((e) => e.type === type && (quote === undefined || e.quote?.includes(quote)));

describe("model pass over the contract clauses", () => {
  it("sends the clauses with the checklist's types in a request of their own", async () => {
    const body = await analyse(modelPass());
    expect(body.status).toBe("done");
    const clauseRequests = llm.requests.filter(isClauseRequest);
    expect(clauseRequests).toHaveLength(1);
    const content = clauseRequests[0].messages.find((m) => m.role === "user")!.content;
    expect(content).toContain("vertragsstrafe (Vertragsstrafe)");
    expect(content).toContain('"dokument":"Vorbemerkungen"');
    expect(content).toContain(SKONTO);
    expect(body.modelUsage).toMatchObject({ clauseChunks: 1, mergedClauses: 2, droppedFindings: 2 });
  });

  it("merges rule and model verdicts on the same clause: one entry, one finding, the stricter verdict", async () => {
    const rules = await analyse(undefined);
    expect(entriesOf(rules.checklist, "verjaehrung", VERJAEHRUNG).map((e) => [e.verdict, e.source])).toEqual([["prüfen", "rule"]]);
    expect(entriesOf(rules.checklist, "skonto", SKONTO).map((e) => [e.verdict, e.source])).toEqual([["kritisch", "rule"]]);

    const body = await analyse(modelPass());
    // The model is stricter on the Verjährung: its verdict and reason, marked as a model finding.
    expect(entriesOf(body.checklist, "verjaehrung", VERJAEHRUNG).map((e) => [e.verdict, e.source, e.why])).toEqual([
      ["kritisch", "model", "Deckt die Herstellergarantie die verdoppelte Haftungsdauer?"],
    ]);
    // The rule is stricter on the Skonto: it stays as it was.
    expect(entriesOf(body.checklist, "skonto", SKONTO).map((e) => [e.verdict, e.source])).toEqual([["kritisch", "rule"]]);
    const findings = (ruleId: string) => body.findings.filter((f) => f.ruleId === ruleId).map((f) => [f.source, f.severity]);
    expect(findings("klausel-verjaehrung")).toEqual([["model", "risiko"]]);
    expect(findings("klausel-skonto")).toEqual([["rule", "risiko"]]);
  });

  it("turns a type the rules found 'nicht geregelt' into the clause the model quotes, with document and paragraph", async () => {
    const rules = await analyse(undefined);
    expect(entriesOf(rules.checklist, "haftung").map((e) => e.status)).toEqual(["nicht geregelt"]);
    const body = await analyse(modelPass());
    const [haftung] = entriesOf(body.checklist, "haftung");
    expect(haftung).toMatchObject({
      status: "geregelt",
      verdict: "kritisch",
      source: "model",
      document: "Vorbemerkungen",
      location: expect.stringMatching(/^Absatz \d+$/),
    });
    expect(haftung.quote).toContain("als ausführbar anerkannt");
    expect(body.findings.filter((f) => f.ruleId === "klausel-haftung").map((f) => f.source)).toEqual(["model"]);
  });

  it("drops invented quotes and unknown clause types", async () => {
    const body = await analyse(modelPass());
    expect(body.checklist.some((e) => e.quote?.includes("10 % je Tag"))).toBe(false);
    expect(body.checklist.some((e) => e.type === "sonstiges")).toBe(false);
  });

  it("does not ask twice for the same clauses", async () => {
    await analyse(modelPass());
    llm.requests.length = 0;
    const again = await analyse(modelPass());
    expect(llm.requests).toHaveLength(0);
    expect(entriesOf(again.checklist, "verjaehrung", VERJAEHRUNG)[0].verdict).toBe("kritisch");
  });

  it("keeps the rules' checklist with a German warning when the model fails", async () => {
    llm.setMode({ kind: "error", status: 500 });
    const changed = Buffer.from(LV.toString("utf8").replace("Gerichtsstand ist", "Gerichtsstand ist ausschließlich"));
    const body = await analyse(modelPass(), changed);
    expect(body.status).toBe("done");
    expect(entriesOf(body.checklist, "verjaehrung", VERJAEHRUNG).map((e) => [e.verdict, e.source])).toEqual([["prüfen", "rule"]]);
    expect(
      body.warnings.some((w) =>
        w.startsWith("Die KI-Prüfung der Vertragsklauseln war für 1 von 1 Teilen nicht erreichbar (Fehler des KI-Dienstes, HTTP 500)"),
      ),
    ).toBe(true);
  });
});
