// Contract documents of a project (Besondere/Zusätzliche Vertragsbedingungen, Baubeschreibung):
// project_files rows of kind "contract", several current at once. Uploading one with the name of
// a current one replaces it (the earlier version stays, withdrawn); removing sets withdrawn_at.
// Bytes are read only for the reader and for a download.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ContractDocumentDto } from "../../common/schemas/contract-documents";
import type { Db } from "../db/client";
import { projectFiles, users } from "../db/schema";
import type { UploadedFile } from "../http/uploads";
import { storedMimeType } from "./files";

const current = (projectId: number) =>
  and(eq(projectFiles.projectId, projectId), eq(projectFiles.kind, "contract"), isNull(projectFiles.withdrawnAt));

/** The project's current contract documents, oldest first, without bytes. */
export async function listContractDocuments(db: Db, projectId: number): Promise<ContractDocumentDto[]> {
  const rows = await db
    .select({
      id: projectFiles.id,
      fileName: projectFiles.fileName,
      extension: projectFiles.extension,
      size: projectFiles.size,
      createdAt: projectFiles.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(projectFiles)
    .leftJoin(users, eq(users.id, projectFiles.uploadedBy))
    .where(current(projectId))
    .orderBy(asc(projectFiles.id));
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    extension: r.extension as ContractDocumentDto["extension"],
    size: r.size,
    uploadedAt: r.createdAt.toISOString(),
    uploadedBy: r.username === null ? null : [r.firstName, r.lastName].filter(Boolean).join(" ") || r.username,
  }));
}

/** Stores a contract document (inside a transaction); a current one of the same name is withdrawn. */
export async function storeContractDocument(tx: Db, projectId: number, file: UploadedFile, uploadedBy: number): Promise<number> {
  await tx
    .update(projectFiles)
    .set({ withdrawnAt: new Date() })
    .where(and(current(projectId), eq(projectFiles.fileName, file.fileName)));
  const [row] = await tx
    .insert(projectFiles)
    .values({
      projectId,
      kind: "contract",
      fileName: file.fileName,
      extension: file.extension,
      mimeType: storedMimeType(file),
      size: file.size,
      sha256: file.sha256,
      data: sql`decode(${file.data.toString("base64")}, 'base64')`,
      uploadedBy,
    })
    .returning({ id: projectFiles.id });
  return row.id;
}

/** Withdraws a current contract document; false when the project has no such document. */
export async function withdrawContractDocument(db: Db, projectId: number, documentId: number): Promise<boolean> {
  const rows = await db
    .update(projectFiles)
    .set({ withdrawnAt: new Date() })
    .where(and(current(projectId), eq(projectFiles.id, documentId)))
    .returning({ id: projectFiles.id });
  return rows.length > 0;
}

export async function countContractDocuments(db: Db, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projectFiles)
    .where(current(projectId));
  return row?.n ?? 0;
}

/** The current contract documents with their bytes, for the tender reader. */
export async function readContractDocuments(db: Db, projectId: number): Promise<{ fileName: string; data: Uint8Array }[]> {
  const rows = await db
    .select({ fileName: projectFiles.fileName, data: sql<string>`encode(${projectFiles.data}, 'base64')` })
    .from(projectFiles)
    .where(current(projectId))
    .orderBy(asc(projectFiles.id));
  return rows.map((r) => ({ fileName: r.fileName, data: new Uint8Array(Buffer.from(r.data, "base64")) }));
}
