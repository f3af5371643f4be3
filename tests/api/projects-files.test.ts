// Validation texts of requirements 1.5, the 10 MB limit, wrong types, byte-exact round trips,
// JSON without file data, kept versions, the input-file hooks and the evaluation's headers.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../helpers/app";
import { sql } from "drizzle-orm";
import { inputFileHooks } from "../../src/server/projects/input-hooks";
import { rows } from "../../src/server/db/client";
import { contentDisposition } from "../../src/server/projects/files";
import {
  countRows,
  createProject,
  createWorld,
  EVALUATION,
  fileVersions,
  GAEB,
  multipart,
  uploadHtml,
  uploadInput,
  type World,
} from "./projects.helpers";

let ctx: TestContext;
let w: World;
const MB = 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
});
afterAll(() => ctx?.close());

const post = (fields: Record<string, string>, files: Parameters<typeof multipart>[1], user = w.adminA) => {
  const { body, headers } = multipart(fields, files);
  return ctx.request("POST", "/api/projects", { user, body, headers });
};
const gaebFile = (data: Buffer = GAEB(), name = "LV.x83") => ({ field: "file", name, type: "application/xml", data });

describe("create: validation texts", () => {
  it("name is required", async () => {
    for (const fields of [{}, { name: "" }, { name: "   " }] as Record<string, string>[]) {
      const res = await post(fields, [gaebFile()]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Projektname ist erforderlich");
      expect(res.json().errors.name).toBe("Projektname ist erforderlich");
    }
  });

  it("contactEmail must be valid but may be empty", async () => {
    const res = await post({ name: "Neubau", contactEmail: "kein-mail" }, [gaebFile()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Gültige E-Mail-Adresse erforderlich");
    const ok = await post({ name: "Neubau", contactEmail: "", costCenter: "", contactPerson: "" }, [gaebFile()]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ contactEmail: null, costCenter: null, contactPerson: null, status: "Neu" });
  });

  it("exactly one file is required", async () => {
    const before = await countRows(ctx);
    const none = await post({ name: "Neubau" }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Eine Datei ist erforderlich");
    const empty = await post({ name: "Neubau" }, [gaebFile(Buffer.alloc(0))]);
    expect(empty.json().message).toBe("Eine Datei ist erforderlich");
    const two = await post({ name: "Neubau" }, [gaebFile(), gaebFile(GAEB("2"), "LV2.x83")]);
    expect(two.statusCode).toBe(400);
    const notMultipart = await ctx.request("POST", "/api/projects", { user: w.adminA, body: { name: "Neubau" } });
    expect(notMultipart.statusCode).toBe(415);
    expect(await countRows(ctx)).toEqual(before);
  });

  it("10 MB + 1 byte is a 413 with the spec's text and leaves nothing in the database", async () => {
    const before = await countRows(ctx);
    const res = await post({ name: "Zu groß" }, [gaebFile(Buffer.alloc(10 * MB + 1, 0x41), "gross.x83")]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Dateigröße darf 10MB nicht überschreiten");
    expect(await countRows(ctx)).toEqual(before);
  });

  it("exactly 10 MB is accepted", async () => {
    const res = await post({ name: "Genau 10 MB" }, [gaebFile(Buffer.alloc(10 * MB, 0x42), "genau.x83")]);
    expect(res.statusCode).toBe(201);
    expect(res.json().inputFileSize).toBe(10 * MB);
  });
});

describe("edit: validation texts", () => {
  let id: number;
  beforeAll(async () => {
    id = await createProject(ctx, w.adminA, { name: "Sanierung Rathaus", contactEmail: "bau@alpha.de" });
  });

  it("name needs 3 characters, e-mail must be valid", async () => {
    const short = await ctx.request("PUT", `/api/projects/${id}`, { user: w.adminA, body: { name: "ab" } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Der Projektname muss mindestens 3 Zeichen lang sein");
    const mail = await ctx.request("PUT", `/api/projects/${id}`, { user: w.adminA, body: { contactEmail: "falsch@" } });
    expect(mail.statusCode).toBe(400);
    expect(mail.json().message).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein");
  });

  it("saves the given fields and keeps the others", async () => {
    const res = await ctx.request("PUT", `/api/projects/${id}`, {
      user: w.adminA,
      body: {
        name: "Sanierung Rathaus Nord",
        costCenter: "KST-2025-0042",
        contactPerson: "Anna Bauer",
        description: "Zweiter Bauabschnitt",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Sanierung Rathaus Nord",
      costCenter: "KST-2025-0042",
      contactPerson: "Anna Bauer",
      contactEmail: "bau@alpha.de",
      description: "Zweiter Bauabschnitt",
    });
    const cleared = await ctx.request("PUT", `/api/projects/${id}`, { user: w.adminA, body: { contactEmail: "" } });
    expect(cleared.json().contactEmail).toBeNull();
  });

  it("invalid JSON and ids are a 400", async () => {
    expect((await ctx.request("PUT", `/api/projects/abc`, { user: w.adminA, body: {} })).statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/projects/${id}`,
      headers: { cookie: w.adminA.cookie, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("uploads", () => {
  let id: number;
  beforeAll(async () => {
    id = await createProject(ctx, w.adminA, { name: "Neubau Sporthalle" });
  });

  it("without a file or with an invalid id: 'Keine Datei ausgewählt oder ungültige Projekt-ID'", async () => {
    for (const route of ["upload-html", "upload-input"]) {
      const { body, headers } = multipart({ note: "x" }, []);
      const res = await ctx.request("POST", `/api/projects/${id}/${route}`, { user: w.adminA, body, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Keine Datei ausgewählt oder ungültige Projekt-ID");
      const badId = await ctx.request("POST", `/api/projects/abc/${route}`, { user: w.adminA, body, headers });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe("Keine Datei ausgewählt oder ungültige Projekt-ID");
    }
  });

  it("the evaluation upload takes HTML only (415 'Falsches Dateiformat')", async () => {
    const before = await fileVersions(ctx, id);
    const pdf = await uploadHtml(ctx, w.adminA, id, "%PDF-1.7 binary", "Auswertung.pdf");
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe("Falsches Dateiformat");
    const renamed = await uploadHtml(ctx, w.adminA, id, "%PDF-1.7\u0000binary", "Auswertung.html");
    expect(renamed.statusCode).toBe(415);
    const text = await uploadHtml(ctx, w.adminA, id, "nur Text ohne Markup", "Auswertung.html");
    expect(text.statusCode).toBe(415);
    const { body, headers } = multipart({}, [{ field: "htmlFile", name: "bild.html", type: "image/png", data: EVALUATION() }]);
    expect((await ctx.request("POST", `/api/projects/${id}/upload-html`, { user: w.adminA, body, headers })).statusCode).toBe(415);
    expect(await fileVersions(ctx, id)).toEqual(before);
  });

  it("oversized uploads are a 413 and store nothing", async () => {
    const before = await fileVersions(ctx, id);
    const big = Buffer.alloc(10 * MB + 1, 0x3c);
    const input = await uploadInput(ctx, w.adminA, id, big, "gross.pdf");
    expect(input.statusCode).toBe(413);
    expect(input.json().message).toBe("Dateigröße darf 10MB nicht überschreiten");
    const html = await uploadHtml(ctx, w.adminA, id, big.toString("latin1"), "gross.html");
    expect(html.statusCode).toBe(413);
    expect(await fileVersions(ctx, id)).toEqual(before);
  });

  it("input files of any type round-trip byte for byte with name, type and length", async () => {
    const data = randomBytes(3 * MB + 17);
    const name = "Leistungsverzeichnis Größe ß (2).pdf";
    const res = await uploadInput(ctx, w.adminA, id, data, name);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Eingabe-Datei wurde erfolgreich hochgeladen");
    const dl = await ctx.request("GET", `/api/projects/${id}/download-input`, { user: w.userA });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(data)).toBe(true);
    expect(dl.headers["content-type"]).toBe("application/pdf");
    expect(dl.headers["content-length"]).toBe(String(data.length));
    expect(dl.headers["content-disposition"]).toBe(contentDisposition("attachment", name));
    expect(dl.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(dl.headers["x-content-type-options"]).toBe("nosniff");

    const odd = randomBytes(1000);
    await uploadInput(ctx, w.adminA, id, odd, "daten.unbekannt");
    const dl2 = await ctx.request("GET", `/api/projects/${id}/download-input`, { user: w.adminA });
    expect(dl2.rawPayload.equals(odd)).toBe(true);
    // Unknown extensions keep the type the browser declared (here application/xml).
    expect(dl2.headers["content-type"]).toBe("application/xml");
  });

  it("the evaluation round-trips and earlier versions are kept", async () => {
    const first = EVALUATION("Erste Fassung");
    const second = EVALUATION("Zweite Fassung");
    expect((await uploadHtml(ctx, w.superAdmin, id, first, "Auswertung v1.html")).json().message).toBe(
      "HTML-Datei wurde erfolgreich hochgeladen",
    );
    expect((await uploadHtml(ctx, w.adminA, id, second, "Auswertung v2.htm")).statusCode).toBe(200);
    const dl = await ctx.request("GET", `/api/projects/${id}/download-output`, { user: w.adminA });
    expect(dl.rawPayload.equals(Buffer.from(second))).toBe(true);
    expect(dl.headers["content-type"]).toBe("text/html");
    expect(dl.headers["content-disposition"]).toContain('filename="Auswertung v2.htm"');
    const versions = (await ctx.request("GET", `/api/projects/${id}/files`, { user: w.adminA })).json() as {
      id: number;
      kind: string;
      fileName: string;
      current: boolean;
    }[];
    const outputs = versions.filter((v) => v.kind === "output");
    expect(outputs.map((v) => [v.fileName, v.current])).toEqual([
      ["Auswertung v2.htm", true],
      ["Auswertung v1.html", false],
    ]);
    expect(versions.filter((v) => v.kind === "input").length).toBe(3);
    const old = await ctx.request("GET", `/api/projects/${id}/files/${outputs[1].id}/download`, { user: w.adminA });
    expect(old.rawPayload.toString()).toBe(first);
    // A plain user sees the input versions only and cannot fetch an evaluation version.
    const forUser = (await ctx.request("GET", `/api/projects/${id}/files`, { user: w.userA })).json() as { kind: string }[];
    expect(forUser.every((v) => v.kind === "input")).toBe(true);
    expect((await ctx.request("GET", `/api/projects/${id}/files/${outputs[1].id}/download`, { user: w.userA })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/projects/${id}/files/${outputs[1].id}/download`, { user: w.adminB })).statusCode).toBe(404);
  });
});

describe("JSON never carries file bytes", () => {
  it("list, detail and create responses carry metadata only", async () => {
    const data = randomBytes(200_000);
    const marker = data.toString("base64").slice(0, 40);
    const res = await post({ name: "Große Datei" }, [gaebFile(data, "gross.x84")]);
    const created = res.json();
    expect(created).toMatchObject({
      hasInputFile: true,
      inputFileName: "gross.x84",
      inputFileExtension: "x84",
      inputFileSize: 200_000,
      hasOutputFile: false,
      outputFileName: null,
    });
    for (const url of [
      "/api/projects",
      `/api/projects/${created.id}`,
      `/api/companies/${w.companyA}/projects`,
      `/api/projects/${created.id}/files`,
    ]) {
      const r = await ctx.request("GET", url, { user: w.adminA });
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(marker);
      expect(r.body).not.toMatch(/"(data|inputFileData|outputFileData)"/);
      expect(r.body.length).toBeLessThan(100_000);
    }
    expect(res.body).not.toContain(marker);
  });

  it("the detail has every field of the DTO", async () => {
    const p = (await ctx.request("GET", "/api/projects/1", { user: w.userA })).json();
    expect(Object.keys(p).sort()).toEqual(
      [
        "id",
        "name",
        "costCenter",
        "contactPerson",
        "contactEmail",
        "description",
        "status",
        "companyId",
        "company",
        "createdAt",
        "updatedAt",
        "createdBy",
        "hasInputFile",
        "inputFileName",
        "inputFileExtension",
        "inputFileSize",
        "inputUploadedAt",
        "hasOutputFile",
        "outputFileName",
        "outputFileExtension",
        "outputFileSize",
        "outputUploadedAt",
        "precheck",
      ].sort(),
    );
    expect(p).toMatchObject({ id: 1, hasInputFile: true, hasOutputFile: true, createdBy: null, company: null });
  });
});

describe("the evaluation for the result view", () => {
  it("is served sandboxed, without scripts, to everyone who sees the project", async () => {
    const id = await createProject(ctx, w.adminA, { name: "Mit Auswertung" });
    const html = EVALUATION("Prüfbericht") + "<script>document.title='x'</script>";
    await uploadHtml(ctx, w.superAdmin, id, html);
    const res = await ctx.request("GET", `/api/projects/${id}/result`, { user: w.userA });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp.split(";")[0].trim()).toBe("sandbox");
    expect(csp).not.toContain("allow-");
    expect(csp).toContain("default-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");

    const print = await ctx.request("GET", `/api/projects/${id}/result?print=1`, { user: w.userA });
    const printCsp = String(print.headers["content-security-policy"]);
    expect(printCsp).toMatch(/^sandbox allow-scripts allow-modals;/);
    expect(printCsp).not.toContain("allow-same-origin");
    // Only the appended print script may run: its hash, nothing inline of the evaluation.
    const script = /<script>([^<]*window\.print[^<]*)<\/script>\s*$/.exec(print.body)?.[1];
    expect(script).toBeTruthy();
    expect(printCsp).toContain(`script-src 'sha256-${createHash("sha256").update(script!).digest("base64")}'`);
    expect(printCsp).not.toContain("unsafe-inline'; script");

    expect((await ctx.request("GET", `/api/projects/${id}/result`, { user: w.userB })).statusCode).toBe(404);
    const none = await createProject(ctx, w.adminA, { name: "Ohne Auswertung" });
    const missing = await ctx.request("GET", `/api/projects/${none}/result`, { user: w.userA });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Keine Auswertung verfügbar");
  });
});

describe("input-file hooks", () => {
  it("run inside the upload's transaction after create and upload-input, each upload queues one reading", async () => {
    const seen: { projectId: number; fileId: number; fileName: string }[] = [];
    const registered = inputFileHooks.length;
    inputFileHooks.push({ inTransaction: async (_tx, e) => void seen.push(e) });
    try {
      const id = await createProject(ctx, w.adminA, { name: "Mit Hook" });
      const up = await uploadInput(ctx, w.adminA, id, GAEB("zwei"), "zwei.x83");
      expect(up.statusCode).toBe(200);
      expect(seen.map((e) => [e.projectId, e.fileName])).toEqual([
        [id, "LV.x83"],
        [id, "zwei.x83"],
      ]);
      const versions = await fileVersions(ctx, id);
      expect(seen.map((e) => e.fileId)).toEqual(versions.map((v) => v.id).sort((a, b) => a - b));
      // Every acknowledged input file has its reading queued (the job is part of the upload).
      const queued = await rows<{ dedupe_key: string }>(
        ctx.db,
        sql`select dedupe_key from jobs where queue = 'boq.analyse' and payload->>'projectId' = ${String(id)} order by id`,
      );
      expect(queued.map((j) => j.dedupe_key)).toEqual(versions.map((v) => `file:${v.id}`).sort());
      // The evaluation upload is not an input file.
      await uploadHtml(ctx, w.adminA, id);
      expect(seen.length).toBe(2);
    } finally {
      inputFileHooks.splice(registered);
    }
  });

  it("a failing hook fails the upload and leaves nothing behind: no project, no file, no job", async () => {
    const registered = inputFileHooks.length;
    const id = await createProject(ctx, w.adminA, { name: "Vor dem kaputten Hook" });
    inputFileHooks.push({
      inTransaction: async () => {
        throw new Error("Hook kaputt");
      },
    });
    try {
      const before = await countRows(ctx);
      const jobsBefore = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from jobs`);
      const created = await post({ name: "Mit kaputtem Hook" }, [gaebFile()]);
      expect(created.statusCode).toBe(500);
      const up = await uploadInput(ctx, w.adminA, id, GAEB("drei"), "drei.x83");
      expect(up.statusCode).toBe(500);
      expect(await countRows(ctx)).toEqual(before);
      expect(await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from jobs`)).toEqual(jobsBefore);
    } finally {
      inputFileHooks.splice(registered);
    }
  });
});

describe("delete", () => {
  it("removes the project with its files and answers with a message", async () => {
    const id = await createProject(ctx, w.adminA, { name: "Wird gelöscht" });
    const res = await ctx.request("DELETE", `/api/projects/${id}`, { user: w.adminA });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect(await fileVersions(ctx, id)).toEqual([]);
    expect((await ctx.request("GET", `/api/projects/${id}`, { user: w.adminA })).statusCode).toBe(404);
  });
});

describe("project lists", () => {
  it("reflect every change at once, and list items equal the detail", async () => {
    const before = (await ctx.request("GET", "/api/projects", { user: w.userA })).json() as { id: number }[];
    const id = await createProject(ctx, w.adminA, { name: "Frisch angelegt" });
    const after = (await ctx.request("GET", "/api/projects", { user: w.userA })).json() as {
      id: number;
      name: string;
      createdAt: string;
    }[];
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({ id, name: "Frisch angelegt" });
    expect(after[0].createdAt).toBe(new Date(after[0].createdAt).toISOString());
    const detail = (await ctx.request("GET", `/api/projects/${id}`, { user: w.userA })).json();
    expect(after[0]).toEqual(detail);

    await ctx.request("PUT", `/api/projects/${id}`, { user: w.adminA, body: { name: "Umbenannt" } });
    expect(((await ctx.request("GET", "/api/projects", { user: w.userA })).json() as { name: string }[])[0].name).toBe("Umbenannt");
    await uploadHtml(ctx, w.adminA, id);
    expect(
      ((await ctx.request("GET", `/api/companies/${w.companyA}/projects`, { user: w.userA })).json() as { hasOutputFile: boolean }[])[0]
        .hasOutputFile,
    ).toBe(true);
    await ctx.request("DELETE", `/api/projects/${id}`, { user: w.adminA });
    const gone = (await ctx.request("GET", "/api/projects", { user: w.userA })).json() as { id: number }[];
    expect(gone.map((p) => p.id)).not.toContain(id);
    expect(gone.length).toBe(before.length);
  });

  it("are sent gzip-compressed to clients that accept it", async () => {
    const { gunzipSync } = await import("node:zlib");
    const plain = await ctx.request("GET", "/api/projects", { user: w.superAdmin });
    const zipped = await ctx.request("GET", "/api/projects", { user: w.superAdmin, headers: { "accept-encoding": "gzip, br" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });
});
