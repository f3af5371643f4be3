// Shared setup of the projects API tests: sample files, a multipart body builder for app.inject,
// and project helpers (the users and companies come from tests/helpers/world.ts).
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { projectFiles, projects } from "../../src/server/db/schema";
import type { TestContext, TestUser } from "../helpers/app";
export { createWorld, type World } from "../helpers/world";

export interface UploadPart {
  field: string;
  name: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body with the given text fields and files. */
export function multipart(fields: Record<string, string>, files: UploadPart[] = []) {
  const boundary = `----bauklar${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"; filename*=UTF-8''${encodeURIComponent(f.name)}\r\nContent-Type: ${f.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const GAEB = (label = "LV") =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><Award><BoQ><BoQInfo><Name>${label}</Name></BoQInfo></BoQ></Award></GAEB>`,
  );

export const EVALUATION = (title = "Auswertung") =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>Nachtragspotenzial: hoch – Größe & Maße</p></body></html>`;

/** Creates a project through the API (as a company admin or super admin) and returns its id. */
export async function createProject(
  ctx: TestContext,
  user: TestUser,
  fields: Record<string, string> = {},
  file: UploadPart = { field: "file", name: "LV.x83", type: "application/xml", data: GAEB() },
): Promise<number> {
  const { body, headers } = multipart({ name: "Neubau Kita", ...fields }, [file]);
  const res = await ctx.request("POST", "/api/projects", { user, body, headers });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

export async function uploadHtml(
  ctx: TestContext,
  user: TestUser,
  projectId: number | string,
  html = EVALUATION(),
  name = "Auswertung.html",
) {
  const { body, headers } = multipart({}, [{ field: "htmlFile", name, type: "text/html", data: html }]);
  return ctx.request("POST", `/api/projects/${projectId}/upload-html`, { user, body, headers });
}

export async function uploadInput(
  ctx: TestContext,
  user: TestUser,
  projectId: number | string,
  data: Buffer = GAEB("neu"),
  name = "LV-neu.x84",
) {
  const { body, headers } = multipart({}, [{ field: "file", name, type: "application/xml", data }]);
  return ctx.request("POST", `/api/projects/${projectId}/upload-input`, { user, body, headers });
}

export async function countRows(ctx: TestContext) {
  const p = await ctx.db.select({ id: projects.id }).from(projects);
  const f = await ctx.db.select({ id: projectFiles.id }).from(projectFiles);
  return { projects: p.length, files: f.length };
}

export async function fileVersions(ctx: TestContext, projectId: number) {
  return ctx.db.select({ id: projectFiles.id, kind: projectFiles.kind }).from(projectFiles).where(eq(projectFiles.projectId, projectId));
}

/**
 * Stores `data` as a new input file version of a project (a new project of `owner`'s company when
 * none is given) straight in the database and points the project at it — for tests of what is
 * done with a stored file, without the upload route.
 */
export async function storeInputFile(
  ctx: TestContext,
  owner: { id: number },
  companyId: number,
  fileName: string,
  data: Buffer,
  opts: { projectId?: number; mimeType?: string; projectName?: string } = {},
) {
  let id = opts.projectId;
  if (id === undefined) {
    const [p] = await ctx.db
      .insert(projects)
      .values({ name: opts.projectName ?? fileName, companyId, createdBy: owner.id, status: "Neu" })
      .returning({ id: projects.id });
    id = p.id;
  }
  const [f] = await ctx.db
    .insert(projectFiles)
    .values({
      projectId: id,
      kind: "input",
      fileName,
      extension: fileName.split(".").pop()!,
      mimeType: opts.mimeType ?? "application/octet-stream",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    })
    .returning({ id: projectFiles.id });
  await ctx.db.update(projects).set({ inputFileId: f.id }).where(eq(projects.id, id));
  return { projectId: id, fileId: f.id };
}
