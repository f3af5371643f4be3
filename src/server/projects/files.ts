// Project file storage: every upload is a new project_files row and the project points at it, in
// one transaction; earlier versions stay. Bytes are read only for a download.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { ProjectFileVersionDto } from "../../common/types";
import type { Db } from "../db/client";
import { projectFiles, projects, users } from "../db/schema";
import type { FastifyRequest } from "fastify";
import { PROJECT_FILE_MAX_BYTES, PROJECT_MESSAGES } from "../../common/schemas/project";
import { readMultipart, type UploadedFile } from "../http/uploads";
import type { Disk } from "../ops/disk";

export type FileKind = "input" | "output";

/** Content types by extension; anything unknown is served as a plain download. */
const MIME_BY_EXTENSION: Record<string, string> = {
  x83: "application/xml",
  x84: "application/xml",
  x81: "application/xml",
  x82: "application/xml",
  x86: "application/xml",
  xml: "application/xml",
  d83: "text/plain",
  p83: "text/plain",
  pdf: "application/pdf",
  html: "text/html",
  htm: "text/html",
  txt: "text/plain",
  csv: "text/csv",
  zip: "application/zip",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** The type stored with a file: known extensions win over what the browser claimed. */
export function storedMimeType(file: Pick<UploadedFile, "extension" | "mimeType">): string {
  const known = MIME_BY_EXTENSION[file.extension];
  if (known) return known;
  return /^[a-z]+\/[a-z0-9.+-]{1,100}$/i.test(file.mimeType) ? file.mimeType.toLowerCase() : "application/octet-stream";
}

/**
 * Reads a project upload: text fields and at most one file, streamed and cut at 10 MB (413).
 * With too little free space for it in the data directory: 507 before anything is read.
 */
export async function readProjectUpload(req: FastifyRequest, disk?: Disk) {
  const declared = Number(req.headers["content-length"]);
  await disk?.ensureRoomFor(
    Number.isFinite(declared) && declared > 0 ? Math.min(declared, PROJECT_FILE_MAX_BYTES) : PROJECT_FILE_MAX_BYTES,
  );
  return readMultipart(req, { maxFileBytes: PROJECT_FILE_MAX_BYTES, maxFiles: 1, tooLargeMessage: PROJECT_MESSAGES.fileTooLarge });
}

/** Inserts the file as a new version and points the project at it (call inside a transaction). */
export async function storeProjectFile(tx: Db, projectId: number, kind: FileKind, file: UploadedFile, uploadedBy: number): Promise<number> {
  const [row] = await tx
    .insert(projectFiles)
    .values({
      projectId,
      kind,
      fileName: file.fileName,
      extension: file.extension,
      mimeType: storedMimeType(file),
      size: file.size,
      sha256: file.sha256,
      data: bytesParam(file.data),
      uploadedBy,
    })
    .returning({ id: projectFiles.id });
  const now = new Date();
  await tx
    .update(projects)
    .set(kind === "input" ? { inputFileId: row.id, updatedAt: now } : { outputFileId: row.id, updatedAt: now })
    .where(eq(projects.id, projectId));
  return row.id;
}

export interface StoredFile {
  id: number;
  kind: FileKind | "contract";
  fileName: string;
  mimeType: string;
  size: number;
  data: Buffer;
}

/**
 * Bytes travel as base64 text decoded/encoded by the database: PGlite's own bytea parameter and
 * result handling takes seconds for 10 MB, base64 a fraction of that (and pg sends less than hex).
 */
const bytesParam = (data: Buffer) => sql`decode(${data.toString("base64")}, 'base64')`;

const fileColumns = {
  id: projectFiles.id,
  kind: projectFiles.kind,
  fileName: projectFiles.fileName,
  mimeType: projectFiles.mimeType,
  size: projectFiles.size,
  data: sql<string>`encode(${projectFiles.data}, 'base64')`.mapWith((v: string) => Buffer.from(v, "base64")),
};

/** The current file of that kind, with its bytes. */
export async function readProjectFile(db: Db, projectId: number, kind: FileKind): Promise<StoredFile | undefined> {
  const pointer = kind === "input" ? projects.inputFileId : projects.outputFileId;
  const [row] = await db
    .select(fileColumns)
    .from(projects)
    .innerJoin(projectFiles, eq(projectFiles.id, pointer))
    .where(eq(projects.id, projectId));
  return row;
}

/** One stored version of the project's files, with its bytes. */
export async function readFileVersion(db: Db, projectId: number, fileId: number): Promise<StoredFile | undefined> {
  const [row] = await db
    .select(fileColumns)
    .from(projectFiles)
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId)));
  return row;
}

/** All versions of a project's files, newest first, without bytes. */
export async function listFileVersions(db: Db, projectId: number, kinds: FileKind[]): Promise<ProjectFileVersionDto[]> {
  const rows = await db
    .select({
      id: projectFiles.id,
      kind: projectFiles.kind,
      fileName: projectFiles.fileName,
      extension: projectFiles.extension,
      mimeType: projectFiles.mimeType,
      size: projectFiles.size,
      createdAt: projectFiles.createdAt,
      uploaderId: users.id,
      uploaderFirstName: users.firstName,
      uploaderLastName: users.lastName,
      uploaderUsername: users.username,
      inputFileId: projects.inputFileId,
      outputFileId: projects.outputFileId,
    })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .leftJoin(users, eq(users.id, projectFiles.uploadedBy))
    .where(and(eq(projectFiles.projectId, projectId), inArray(projectFiles.kind, kinds)))
    .orderBy(desc(projectFiles.id));
  return rows
    .filter((r): r is typeof r & { kind: FileKind } => r.kind !== "contract")
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      fileName: r.fileName,
      extension: r.extension,
      mimeType: r.mimeType,
      size: r.size,
      uploadedAt: r.createdAt.toISOString(),
      uploadedBy:
        r.uploaderId !== null
          ? { id: r.uploaderId, firstName: r.uploaderFirstName, lastName: r.uploaderLastName, username: r.uploaderUsername ?? "" }
          : null,
      current: r.id === (r.kind === "input" ? r.inputFileId : r.outputFileId),
    }));
}

/** RFC 6266 / RFC 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(type: "attachment" | "inline", fileName: string): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stored file as a download: exact name, type and length, never rendered by the browser. */
export function sendDownload(reply: FastifyReply, file: StoredFile) {
  return reply
    .header("Content-Type", file.mimeType)
    .header("Content-Length", file.data.length)
    .header("Content-Disposition", contentDisposition("attachment", file.fileName))
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Cache-Control", "private, no-store")
    .send(file.data);
}
