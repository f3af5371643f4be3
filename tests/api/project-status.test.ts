// A project's status follows the work (issue #18): the evaluation upload makes it
// "Abgeschlossen" — the same moment the order view says 'Abgeschlossen' — a draft of the
// evaluation puts it "In Review", every change is audited, and projects delivered before this
// rule existed are completed at the next start.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isDelivered } from "../../src/common/project-status";
import { auditLog, projectFiles, projects } from "../../src/server/db/schema";
import { firstStart } from "../../src/server/seed/first-start";
import { analyseStoredFile } from "../../src/server/boq/store";
import { createTestApp, type TestContext } from "../helpers/app";
import { createProject, createWorld, uploadHtml, type World } from "./projects.helpers";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const SAMPLE_LV = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/boq.x83"));

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
});
afterAll(() => ctx.close());

const statusChanges = (projectId: number) =>
  ctx.db
    .select({ actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, "project.status_change"), eq(auditLog.targetId, String(projectId))))
    .orderBy(auditLog.id);

const project = async (id: number) => (await ctx.request("GET", `/api/projects/${id}`, { user: w.superAdmin })).json();

describe("the evaluation upload", () => {
  it("turns a new project 'Abgeschlossen' in detail and list, for every viewer, audited with the uploader", async () => {
    const id = await createProject(ctx, w.adminA);
    expect((await project(id)).status).toBe("Neu");
    expect((await uploadHtml(ctx, w.adminA, id)).statusCode).toBe(200);

    const detail = await project(id);
    expect(detail).toMatchObject({ status: "Abgeschlossen", hasOutputFile: true });
    expect(isDelivered(detail)).toBe(true);
    const list = (await ctx.request("GET", "/api/projects", { user: w.userA })).json() as { id: number; status: string }[];
    expect(list.find((p) => p.id === id)?.status).toBe("Abgeschlossen");
    const companyList = (await ctx.request("GET", `/api/companies/${w.companyA}/projects`, { user: w.userA })).json() as {
      id: number;
      status: string;
    }[];
    expect(companyList.find((p) => p.id === id)?.status).toBe("Abgeschlossen");

    expect(await statusChanges(id)).toEqual([
      { actorId: w.adminA.id, details: { from: "Neu", to: "Abgeschlossen", event: "evaluation_uploaded" } },
    ]);
  });

  it("a replaced evaluation changes nothing more; a refused upload changes nothing at all", async () => {
    const id = await createProject(ctx, w.adminA);
    await uploadHtml(ctx, w.superAdmin, id);
    await uploadHtml(ctx, w.superAdmin, id);
    expect(await statusChanges(id)).toHaveLength(1);

    const other = await createProject(ctx, w.adminA);
    expect((await uploadHtml(ctx, w.userA, other)).statusCode).toBe(403);
    expect((await uploadHtml(ctx, w.adminA, other, "kein html", "notiz.html")).statusCode).toBe(415);
    expect((await project(other)).status).toBe("Neu");
    expect(await statusChanges(other)).toEqual([]);
  });

  it("also completes a project a super admin had set to another status by hand", async () => {
    const id = await createProject(ctx, w.adminA);
    expect((await ctx.request("PUT", `/api/projects/${id}`, { user: w.superAdmin, body: { status: "Aktiv" } })).statusCode).toBe(200);
    await uploadHtml(ctx, w.adminA, id);
    expect((await project(id)).status).toBe("Abgeschlossen");
    expect((await statusChanges(id)).map((c) => c.details)).toEqual([
      { from: "Neu", to: "Aktiv" },
      { from: "Aktiv", to: "Abgeschlossen", event: "evaluation_uploaded" },
    ]);
  });
});

describe("the evaluation draft", () => {
  async function projectWithReadLv() {
    const id = await createProject(ctx, w.adminA, {}, { field: "file", name: "boq.x83", type: "application/xml", data: SAMPLE_LV });
    const [row] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, id));
    await analyseStoredFile(ctx.db, row.fileId!);
    return id;
  }

  it("keeps an open project 'In Review' (audited), the order stays 'In Bearbeitung' until the upload", async () => {
    const id = await projectWithReadLv();
    const res = await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.superAdmin });
    expect(res.statusCode).toBe(200);
    const detail = await project(id);
    expect(detail.status).toBe("In Review");
    expect(isDelivered(detail)).toBe(false);
    // The finished pre-check already put it "In Review" (issue 27); the draft keeps that.
    expect(await statusChanges(id)).toEqual([{ actorId: null, details: { from: "Neu", to: "In Review", event: "precheck_ready" } }]);

    // A second draft changes nothing; the upload completes the project.
    await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.superAdmin });
    await uploadHtml(ctx, w.superAdmin, id);
    expect((await project(id)).status).toBe("Abgeschlossen");
    // A draft after the delivery does not reopen it.
    await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.superAdmin });
    expect((await project(id)).status).toBe("Abgeschlossen");
    expect((await statusChanges(id)).map((c) => (c.details as { to: string }).to)).toEqual(["In Review", "Abgeschlossen"]);
  });

  it("a draft refused (not allowed, LV not read yet) changes nothing", async () => {
    const id = await createProject(ctx, w.adminA);
    expect((await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.adminA })).statusCode).toBe(403);
    expect((await ctx.request("POST", `/api/projects/${id}/evaluation-draft`, { user: w.superAdmin })).statusCode).toBe(409);
    expect((await project(id)).status).toBe("Neu");
  });
});

describe("projects delivered before the status followed the work", () => {
  it("are completed at the next start (only those still 'Neu'), audited without an actor", async () => {
    const [stale] = await ctx.db
      .insert(projects)
      .values({ name: "Altbestand", companyId: w.companyA, createdBy: w.adminA.id, status: "Neu" })
      .returning();
    const [kept] = await ctx.db
      .insert(projects)
      .values({ name: "Von Hand aktiv", companyId: w.companyA, createdBy: w.adminA.id, status: "Aktiv" })
      .returning();
    const html = Buffer.from("<!doctype html><h1>Alt</h1>");
    for (const p of [stale, kept]) {
      const [file] = await ctx.db
        .insert(projectFiles)
        .values({
          projectId: p.id,
          kind: "output",
          fileName: "alt.html",
          extension: "html",
          mimeType: "text/html",
          size: html.length,
          sha256: createHash("sha256").update(html).digest("hex"),
          data: html,
        })
        .returning();
      await ctx.db.update(projects).set({ outputFileId: file.id }).where(eq(projects.id, p.id));
    }
    await firstStart(ctx.db, ctx.config, silent);
    await firstStart(ctx.db, ctx.config, silent);
    expect((await project(stale.id)).status).toBe("Abgeschlossen");
    expect((await project(kept.id)).status).toBe("Aktiv");
    expect(await statusChanges(stale.id)).toEqual([
      { actorId: null, details: { from: "Neu", to: "Abgeschlossen", event: "evaluation_uploaded" } },
    ]);
  });
});
