// Contract documents beside the LV (issue 23): upload, list and remove per role and company,
// format checks that change nothing, a same-named upload replacing the current one, and the
// reader taking their clauses into the checklist with document and paragraph.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { analyseStoredFile } from "../../src/server/boq/store";
import { boqAnalyses, projectFiles, projects } from "../../src/server/db/schema";
import { CONTRACT_DOCUMENT_MESSAGES } from "../../src/common/schemas/contract-documents";
import { createProject, createWorld, multipart, type World } from "./projects.helpers";

const TUNE = join(import.meta.dirname, "../quality/blind/tune/files/t6-aussenanlagen-pflaster");
const LV = readFileSync(join(TUNE, "t6-aussenanlagen-pflaster.x84"));
const BVB_NAME = "Besondere Vertragsbedingungen BVB Marktplatz.txt";
const BVB = readFileSync(join(TUNE, BVB_NAME));

let ctx: TestContext;
let w: World;
let projectA: number;

const upload = (user: TestUser, projectId: number, name: string, data: Buffer | string, type = "text/plain") => {
  const { body, headers } = multipart({}, [{ field: "file", name, type, data }]);
  return ctx.request("POST", `/api/projects/${projectId}/contract-documents`, { user, body, headers });
};
const list = (user: TestUser, projectId: number) => ctx.request("GET", `/api/projects/${projectId}/contract-documents`, { user });
const remove = (user: TestUser, projectId: number, id: number) =>
  ctx.request("DELETE", `/api/projects/${projectId}/contract-documents/${id}`, { user });
const contractRows = (projectId: number) =>
  ctx.db
    .select({ id: projectFiles.id, withdrawnAt: projectFiles.withdrawnAt })
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.kind, "contract")));

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
  projectA = await createProject(
    ctx,
    w.adminA,
    { name: "Marktplatz Hohenfeld" },
    { field: "file", name: "Marktplatz.x84", type: "application/xml", data: LV },
  );
});
afterAll(() => ctx?.close());

describe("contract documents: who may do what", () => {
  it("company admins of the company and super admins upload; users get 403, other companies 404, and nothing is stored", async () => {
    expect((await upload(w.userA, projectA, "ZVB.txt", "Zahlungen binnen 30 Tagen.")).statusCode).toBe(403);
    expect((await upload(w.adminB, projectA, "ZVB.txt", "Zahlungen binnen 30 Tagen.")).statusCode).toBe(404);
    expect((await upload(w.userB, projectA, "ZVB.txt", "Zahlungen binnen 30 Tagen.")).statusCode).toBe(404);
    expect((await upload(w.adminNoCompany, projectA, "ZVB.txt", "Zahlungen binnen 30 Tagen.")).statusCode).toBe(404);
    expect(await contractRows(projectA)).toEqual([]);

    const byAdmin = await upload(w.adminA, projectA, BVB_NAME, BVB);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().message).toBe(CONTRACT_DOCUMENT_MESSAGES.uploaded);
    const bySuper = await upload(w.superAdmin, projectA, "Baubeschreibung.txt", "Die Pflasterflächen werden in Granit ausgeführt.");
    expect(bySuper.statusCode).toBe(201);
    expect(bySuper.json().documents.map((d: { fileName: string }) => d.fileName)).toEqual([BVB_NAME, "Baubeschreibung.txt"]);
  });

  it("everyone who sees the project lists them (no bytes in the JSON); other companies get 404", async () => {
    const res = await list(w.userA, projectA);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      fileName: BVB_NAME,
      extension: "txt",
      size: BVB.length,
      uploadedAt: expect.any(String),
      uploadedBy: expect.any(String),
    });
    expect(res.body).not.toContain("Kampfmittel");
    expect((await list(w.adminB, projectA)).statusCode).toBe(404);
    expect((await list(w.userB, projectA)).statusCode).toBe(404);
    expect((await list(w.superAdmin, projectA)).statusCode).toBe(200);
  });

  it("removing: users 403, other companies 404, unknown ids 404; the admin's removal keeps the bytes as a withdrawn version", async () => {
    const [, description] = (await list(w.adminA, projectA)).json() as { id: number }[];
    expect((await remove(w.userA, projectA, description.id)).statusCode).toBe(403);
    expect((await remove(w.adminB, projectA, description.id)).statusCode).toBe(404);
    const other = await createProject(ctx, w.adminB, { name: "Fremdes Projekt" });
    expect((await remove(w.adminB, other, description.id)).statusCode).toBe(404);
    expect((await list(w.adminA, projectA)).json()).toHaveLength(2);

    const res = await remove(w.adminA, projectA, description.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CONTRACT_DOCUMENT_MESSAGES.removed);
    expect((await list(w.userA, projectA)).json().map((d: { fileName: string }) => d.fileName)).toEqual([BVB_NAME]);
    expect((await remove(w.adminA, projectA, description.id)).statusCode).toBe(404);
    const rows = await contractRows(projectA);
    expect(rows.filter((r) => r.withdrawnAt !== null).map((r) => r.id)).toEqual([description.id]);
  });
});

describe("contract documents: formats", () => {
  it("other formats are a 415 with a German message, an empty upload a 400; nothing is stored", async () => {
    const before = await contractRows(projectA);
    const doc = await upload(w.adminA, projectA, "Vertrag.doc", "alt", "application/msword");
    expect(doc.statusCode).toBe(415);
    expect(doc.json().message).toBe("Vertragsunterlagen bitte als PDF, DOCX oder TXT hochladen");
    expect((await upload(w.adminA, projectA, "leer.txt", "")).statusCode).toBe(400);
    expect(await contractRows(projectA)).toEqual(before);
  });

  it("a document with the name of a current one replaces it; the earlier version stays withdrawn", async () => {
    const first = (await upload(w.adminA, projectA, "ZVB.txt", "Skonto: 2 % bei Zahlung binnen 10 Tagen.")).json().documentId;
    const second = await upload(w.adminA, projectA, "ZVB.txt", "Skonto: 3 % auf alle Zahlungen.");
    expect(
      second
        .json()
        .documents.filter((d: { fileName: string }) => d.fileName === "ZVB.txt")
        .map((d: { id: number }) => d.id),
    ).toEqual([second.json().documentId]);
    const rows = await contractRows(projectA);
    expect(rows.find((r) => r.id === first)?.withdrawnAt).not.toBeNull();
    await remove(w.adminA, projectA, second.json().documentId);
  });
});

describe("contract documents: reviewed with the LV", () => {
  it("an upload marks the LV for reading again; the checklist quotes the document's clauses with paragraph", async () => {
    const [project] = await ctx.db.select({ inputFileId: projects.inputFileId }).from(projects).where(eq(projects.id, projectA));
    const [analysis] = await ctx.db
      .select({ status: boqAnalyses.status })
      .from(boqAnalyses)
      .where(eq(boqAnalyses.fileId, project.inputFileId!));
    expect(analysis.status).toBe("pending");

    await analyseStoredFile(ctx.db, project.inputFileId!);
    const boq = (await ctx.request("GET", `/api/projects/${projectA}/boq`, { user: w.userA })).json();
    expect(boq.status).toBe("done");
    expect(boq.contractDocuments).toEqual([{ name: BVB_NAME, paragraphs: expect.any(Number) }]);
    expect(new Set(boq.checklist.map((e: { type: string }) => e.type)).size).toBeGreaterThanOrEqual(40);
    const kampfmittel = boq.checklist.find(
      (e: { type: string; document?: string }) => e.type === "altlasten-kampfmittel" && e.document === BVB_NAME,
    );
    expect(kampfmittel).toMatchObject({ status: "geregelt", verdict: "kritisch", location: expect.stringMatching(/^Absatz \d+$/) });
    expect(kampfmittel.quote).toContain("Kampfmittelfreiheit ist vom Auftragnehmer");
    const finding = boq.findings.find((f: { ruleId: string }) => f.ruleId === "klausel-altlasten-kampfmittel");
    expect(finding).toMatchObject({
      severity: "risiko",
      category: "vertrag",
      clause: { type: "altlasten-kampfmittel", verdict: "kritisch", document: BVB_NAME },
    });
  });

  it("after removing the document its clauses leave the checklist", async () => {
    const [doc] = (await list(w.adminA, projectA)).json() as { id: number }[];
    await remove(w.adminA, projectA, doc.id);
    const [project] = await ctx.db.select({ inputFileId: projects.inputFileId }).from(projects).where(eq(projects.id, projectA));
    await analyseStoredFile(ctx.db, project.inputFileId!);
    const boq = (await ctx.request("GET", `/api/projects/${projectA}/boq`, { user: w.userA })).json();
    expect(boq.contractDocuments).toEqual([]);
    expect(boq.checklist.filter((e: { document?: string }) => e.document === BVB_NAME)).toEqual([]);
  });
});
