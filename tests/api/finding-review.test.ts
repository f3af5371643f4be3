// The expert review of the pre-check (issue 27): stable finding ids, decisions per finding by super
// admins only (404 for a project the caller may not see, 403 for one they may), a rejection needs
// a reason, own findings, what customers see, decisions kept over a new reading, the per-rule
// confirmation rate, the draft built from the reviewed findings, and the status after reading.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, boqAnalyses, findingReviews, projects } from "../../src/server/db/schema";
import { analyseStoredFile } from "../../src/server/boq/store";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createProject, createWorld, uploadInput, type World } from "./projects.helpers";

const LV = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/rohbau-27.x83"));

interface Money {
  risk: { eur: number; count: number } | null;
  chance: { eur: number } | null;
  estimate: { risk: { low: number; high: number }; chance: { low: number; high: number } } | null;
}

interface F {
  id: string;
  scope: string;
  ruleId: string;
  title: string;
  why: string;
  severity: string;
  oz: string | null;
  potentialEur?: number | null;
  potentialEurEstimate?: { low: number; high: number } | null;
  effect?: string;
  expertConfirmed: boolean;
  source: string;
  review?: { decision: string; reason?: string | null; remark: string | null; own: boolean; original?: { title: string } };
}

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
});
afterAll(() => ctx.close());

async function projectWithReadLv(owner: TestUser = w.adminA, data: Buffer = LV, name = "rohbau-27.x83") {
  const id = await createProject(ctx, owner, {}, { field: "file", name, type: "application/xml", data });
  const [row] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, id));
  await analyseStoredFile(ctx.db, row.fileId!);
  return id;
}

const boq = async (user: TestUser, id: number) =>
  (await ctx.request("GET", `/api/projects/${id}/boq`, { user })).json() as {
    findings: F[];
    findingCounts: { total: number };
    review?: { reviewed: number; total: number };
    money: Money | null;
    decision: { verdict: string; reasons: string[] } | null;
  };
const patch = (user: TestUser, id: number, findingId: string, body: unknown) =>
  ctx.request("PATCH", `/api/projects/${id}/findings/${findingId}`, { user, body });

describe("finding ids", () => {
  it("every finding has a unique id, the same for every reader and after reading the file again", async () => {
    const id = await projectWithReadLv();
    const first = (await boq(w.userA, id)).findings;
    expect(first.length).toBeGreaterThan(3);
    expect(new Set(first.map((f) => f.id)).size).toBe(first.length);
    expect(first.every((f) => /^[a-z0-9-]{1,64}$/.test(f.id))).toBe(true);
    expect((await boq(w.superAdmin, id)).findings.map((f) => f.id)).toEqual(first.map((f) => f.id));
    const [row] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, id));
    await analyseStoredFile(ctx.db, row.fileId!);
    expect((await boq(w.userA, id)).findings.map((f) => f.id)).toEqual(first.map((f) => f.id));
  });
});

describe("PATCH /api/projects/:id/findings/:findingId", () => {
  it("is for super admins: 404 for another company's project, 403 for the own company's, nothing stored", async () => {
    const id = await projectWithReadLv();
    const [f] = (await boq(w.userA, id)).findings;
    const body = { decision: "confirmed" };
    expect((await patch(w.adminB, id, f.id, body)).statusCode).toBe(404);
    expect((await patch(w.userB, id, f.id, body)).statusCode).toBe(404);
    expect((await patch(w.adminA, id, f.id, body)).statusCode).toBe(403);
    expect((await patch(w.userA, id, f.id, body)).statusCode).toBe(403);
    expect((await ctx.request("PATCH", `/api/projects/${id}/findings/${f.id}`, { body })).statusCode).toBe(401);
    expect(await ctx.db.select().from(findingReviews).where(eq(findingReviews.projectId, id))).toEqual([]);
  });

  it("a rejection without reason, a change without change and an unknown finding are refused with a clear message", async () => {
    const id = await projectWithReadLv();
    const [f] = (await boq(w.userA, id)).findings;
    const noReason = await patch(w.superAdmin, id, f.id, { decision: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain("Bitte geben Sie einen Grund für das Verwerfen an.");
    const blank = await patch(w.superAdmin, id, f.id, { decision: "rejected", reason: "   " });
    expect(blank.statusCode).toBe(400);
    const noChange = await patch(w.superAdmin, id, f.id, { decision: "changed" });
    expect(noChange.statusCode).toBe(400);
    expect(noChange.body).toContain("mindestens Titel, Begründung, Schweregrad oder Betrag");
    expect((await patch(w.superAdmin, id, f.id, { decision: "vielleicht" })).statusCode).toBe(400);
    expect((await patch(w.superAdmin, id, f.id, { decision: "changed", potentialEur: -5 })).statusCode).toBe(400);
    const unknown = await patch(w.superAdmin, id, "gibt-es-nicht-123", { decision: "confirmed" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Diesen Befund gibt es im aktuellen Leistungsverzeichnis nicht.");
    expect(await ctx.db.select().from(findingReviews).where(eq(findingReviews.projectId, id))).toEqual([]);
  });

  it("confirm, reject and change: the customer sees confirmed and changed findings marked, rejected ones gone, no reasons", async () => {
    const id = await projectWithReadLv();
    const before = await boq(w.userA, id);
    const [a, b, c] = before.findings;
    expect((await patch(w.superAdmin, id, a.id, { decision: "confirmed", remark: "Bitte beim Auftraggeber nachfragen." })).statusCode).toBe(
      200,
    );
    expect((await patch(w.superAdmin, id, b.id, { decision: "rejected", reason: "Im Vorbemerkungstext geregelt" })).statusCode).toBe(200);
    const changed = await patch(w.superAdmin, id, c.id, {
      decision: "changed",
      title: "Menge prüfen",
      severity: "risiko",
      potentialEur: 1234.5,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: c.id,
      title: "Menge prüfen",
      severity: "risiko",
      potentialEur: 1234.5,
      why: c.why,
      expertConfirmed: true,
    });
    expect(changed.json().review.original.title).toBe(c.title);

    const customer = await boq(w.userA, id);
    expect(customer.findings.map((f) => f.id)).not.toContain(b.id);
    expect(customer.findings).toHaveLength(before.findings.length - 1);
    expect(customer.findingCounts.total).toBe(before.findings.length - 1);
    const seenA = customer.findings.find((f) => f.id === a.id)!;
    expect(seenA).toMatchObject({
      expertConfirmed: true,
      review: { decision: "confirmed", remark: "Bitte beim Auftraggeber nachfragen.", own: false },
    });
    expect(seenA.review).not.toHaveProperty("reason");
    expect(customer.findings.find((f) => f.id === c.id)).toMatchObject({ title: "Menge prüfen", severity: "risiko", potentialEur: 1234.5 });
    expect(customer.findings.find((f) => f.id === c.id)!.review).not.toHaveProperty("original");
    expect(customer.findings.filter((f) => !f.review).every((f) => f.expertConfirmed === false)).toBe(true);

    // The reviewer still sees the rejected one, with its reason, and the progress.
    const reviewer = await boq(w.superAdmin, id);
    expect(reviewer.findings.find((f) => f.id === b.id)?.review).toMatchObject({
      decision: "rejected",
      reason: "Im Vorbemerkungstext geregelt",
    });
    expect(reviewer.review).toMatchObject({ reviewed: 3, total: before.findings.length });

    // A later decision replaces the earlier one; the remark stays unless it is sent again.
    expect((await patch(w.superAdmin, id, a.id, { decision: "changed", why: "Neu begründet" })).statusCode).toBe(200);
    const again = (await boq(w.userA, id)).findings.find((f) => f.id === a.id)!;
    expect(again).toMatchObject({ why: "Neu begründet", review: { decision: "changed", remark: "Bitte beim Auftraggeber nachfragen." } });

    const audits = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "finding.review"), eq(auditLog.targetId, String(id))));
    expect(audits.map((x) => (x.details as { decision: string }).decision)).toEqual(["confirmed", "rejected", "changed", "changed"]);
  });

  it("a new reading of the LV (a new file version) keeps the decisions of findings that are still there", async () => {
    const id = await projectWithReadLv();
    const [a, b] = (await boq(w.userA, id)).findings;
    await patch(w.superAdmin, id, a.id, { decision: "confirmed" });
    await patch(w.superAdmin, id, b.id, { decision: "rejected", reason: "Falsch erkannt" });
    expect((await uploadInput(ctx, w.adminA, id, LV, "rohbau-27-v2.x83")).statusCode).toBe(200);
    const [row] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, id));
    await analyseStoredFile(ctx.db, row.fileId!);
    const after = await boq(w.userA, id);
    expect(after.findings.find((f) => f.id === a.id)?.review?.decision).toBe("confirmed");
    expect(after.findings.map((f) => f.id)).not.toContain(b.id);
  });
});

describe("money after the review", () => {
  it("rejecting, changing and adding findings moves the risk total by exactly their amounts; the decision follows", async () => {
    // A priced X84 (a filled-in bid with contract clauses in the Vorbemerkungen).
    const priced = readFileSync(
      join(import.meta.dirname, "../quality/blind/tune/files/t2-flachdach-bautraeger/t2-flachdach-bautraeger.x84"),
    );
    const id = await projectWithReadLv(w.adminA, priced, "flachdach.x84");
    const before = await boq(w.userA, id);
    const risk = before.money!.risk!;
    const risky = before.findings.filter((f) => f.effect === "risiko" && (f.potentialEur ?? 0) > 0);
    expect(risky.length).toBeGreaterThanOrEqual(2);
    // Two findings that claim different things (not two readings of one clause, which count once).
    const dropped = risky.reduce((a, b) => ((b.potentialEur ?? 0) < (a.potentialEur ?? 0) ? b : a));
    const changed = risky.find((f) => f !== dropped && f.oz !== dropped.oz)!;

    await patch(w.superAdmin, id, dropped.id, { decision: "rejected", reason: "Im Vertrag anders geregelt" });
    let after = (await boq(w.userA, id)).money!;
    expect(after.risk!.eur).toBeCloseTo(risk.eur - dropped.potentialEur!, 2);
    expect(after.risk!.count).toBe(risk.count - 1);
    expect(after.chance).toEqual(before.money!.chance);

    await patch(w.superAdmin, id, changed.id, { decision: "changed", potentialEur: 1000 });
    after = (await boq(w.userA, id)).money!;
    expect(after.risk!.eur).toBeCloseTo(risk.eur - dropped.potentialEur! - changed.potentialEur! + 1000, 2);

    // The expert's own finding with an amount is a risk and can lead the decision's reasons.
    await ctx.request("POST", `/api/projects/${id}/findings`, {
      user: w.superAdmin,
      body: { title: "Wasserhaltung fehlt", why: "Grundwasser laut Gutachten bei 1,20 m.", severity: "risiko", potentialEur: 900000 },
    });
    const final = await boq(w.userA, id);
    expect(final.money!.risk!.eur).toBeCloseTo(after.risk!.eur + 900000, 2);
    expect(final.decision?.reasons.join(" ")).toContain("Wasserhaltung fehlt");
    expect((await boq(w.superAdmin, id)).money).toEqual(final.money);
  });

  it("a project without decisions keeps the engine's money and decision", async () => {
    const id = await projectWithReadLv();
    const a = await boq(w.userA, id);
    const [row] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, id));
    const [stored] = await ctx.db.select({ summary: boqAnalyses.summary }).from(boqAnalyses).where(eq(boqAnalyses.fileId, row.fileId!));
    const s = stored.summary as { money: Money; decision: unknown };
    expect(a.money).toEqual(s.money);
    expect(a.decision).toEqual(s.decision);
  });
});

describe("POST /api/projects/:id/findings", () => {
  it("adds an expert's own finding that the customer sees as confirmed; other roles and tenants are refused", async () => {
    const id = await projectWithReadLv();
    const body = {
      oz: "01.0010",
      title: "Baustelleneinrichtung fehlt",
      why: "Keine Position für die Baustelleneinrichtung.",
      severity: "warnung",
      potentialEur: 5000,
    };
    expect((await ctx.request("POST", `/api/projects/${id}/findings`, { user: w.adminB, body })).statusCode).toBe(404);
    expect((await ctx.request("POST", `/api/projects/${id}/findings`, { user: w.adminA, body })).statusCode).toBe(403);
    const missing = await ctx.request("POST", `/api/projects/${id}/findings`, { user: w.superAdmin, body: { ...body, title: "" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("Bitte geben Sie einen Titel ein.");

    const res = await ctx.request("POST", `/api/projects/${id}/findings`, { user: w.superAdmin, body });
    expect(res.statusCode).toBe(201);
    const own = res.json() as F;
    expect(own).toMatchObject({
      source: "expert",
      ruleId: "eigener-befund",
      scope: "position",
      oz: "01.0010",
      severity: "warnung",
      potentialEur: 5000,
      expertConfirmed: true,
    });
    const customer = await boq(w.userA, id);
    expect(customer.findings.at(-1)).toMatchObject({ id: own.id, title: "Baustelleneinrichtung fehlt", review: { own: true } });

    // An own finding can be changed and withdrawn (a reason is needed here too).
    expect((await patch(w.superAdmin, id, own.id, { decision: "changed", severity: "risiko" })).json()).toMatchObject({
      severity: "risiko",
      title: "Baustelleneinrichtung fehlt",
    });
    expect((await patch(w.superAdmin, id, own.id, { decision: "rejected", reason: "Doch enthalten" })).statusCode).toBe(200);
    expect((await boq(w.userA, id)).findings.map((f) => f.id)).not.toContain(own.id);
  });

  it("a project whose LV is not read yet answers 409", async () => {
    const id = await createProject(ctx, w.adminA);
    const res = await ctx.request("POST", `/api/projects/${id}/findings`, {
      user: w.superAdmin,
      body: { title: "x", why: "y", severity: "hinweis" },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("the draft and the rule statistics", () => {
  it("the draft leaves rejected findings out and marks reviewed ones", async () => {
    const id = await projectWithReadLv();
    const findings = (await boq(w.superAdmin, id)).findings;
    const rejected = findings.find((f) => f.scope !== "lv" && f.oz)!;
    const confirmed = findings.find((f) => f !== rejected)!;
    const uniqueTitle = (await patch(w.superAdmin, id, rejected.id, { decision: "changed", title: "EINDEUTIGER-TITEL-XYZ" })).json()
      .title as string;
    let html = (await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.superAdmin })).json().html as string;
    expect(html).toContain(uniqueTitle);
    await patch(w.superAdmin, id, rejected.id, { decision: "rejected", reason: "kein Befund" });
    await patch(w.superAdmin, id, confirmed.id, { decision: "confirmed" });
    html = (await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.superAdmin })).json().html as string;
    expect(html).not.toContain(uniqueTitle);
    expect(html).toContain("Von Experten geprüft");
  });

  it("GET /api/findings/rule-stats gives the confirmation rate per rule, for super admins only", async () => {
    const a = await projectWithReadLv();
    const b = await projectWithReadLv();
    const fa = (await boq(w.superAdmin, a)).findings;
    const rule = fa[0].ruleId;
    const sameRule = (fs: F[]) => fs.filter((f) => f.ruleId === rule);
    const before = (
      (await ctx.request("GET", "/api/findings/rule-stats", { user: w.superAdmin })).json() as {
        ruleId: string;
        reviewed: number;
        confirmed: number;
        rejected: number;
      }[]
    ).find((r) => r.ruleId === rule) ?? { reviewed: 0, confirmed: 0, rejected: 0 };
    await patch(w.superAdmin, a, sameRule(fa)[0].id, { decision: "confirmed" });
    await patch(w.superAdmin, b, sameRule((await boq(w.superAdmin, b)).findings)[0].id, { decision: "rejected", reason: "falsch" });
    const res = await ctx.request("GET", "/api/findings/rule-stats", { user: w.superAdmin });
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { ruleId: string; reviewed: number; confirmed: number; rejected: number; confirmationRate: number }[]).find(
      (r) => r.ruleId === rule,
    )!;
    expect(row.reviewed).toBe(before.reviewed + 2);
    expect(row.confirmed).toBe(before.confirmed + 1);
    expect(row.rejected).toBe(before.rejected + 1);
    expect(row.confirmationRate).toBeCloseTo((row.reviewed - row.rejected) / row.reviewed);
    for (const u of [w.adminA, w.userA]) expect((await ctx.request("GET", "/api/findings/rule-stats", { user: u })).statusCode).toBe(403);
  });
});

describe("project status after reading", () => {
  it("a new project is 'In Review' as soon as the pre-check is there; detail and list say the pre-check is done", async () => {
    const id = await createProject(ctx, w.adminA, {}, { field: "file", name: "rohbau-27.x83", type: "application/xml", data: LV });
    const detail = async () => (await ctx.request("GET", `/api/projects/${id}`, { user: w.userA })).json();
    expect((await detail()).status).toBe("Neu");
    const [row] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, id));
    await analyseStoredFile(ctx.db, row.fileId!);
    expect(await detail()).toMatchObject({ status: "In Review", precheck: "done" });
    const list = (await ctx.request("GET", "/api/projects", { user: w.userA })).json() as {
      id: number;
      status: string;
      precheck: string;
    }[];
    expect(list.find((p) => p.id === id)).toMatchObject({ status: "In Review", precheck: "done" });
    const changes = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "project.status_change"), eq(auditLog.targetId, String(id))));
    expect(changes.map((c) => c.details)).toEqual([{ from: "Neu", to: "In Review", event: "precheck_ready" }]);
  });
});
