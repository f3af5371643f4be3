// Multipart reading with hard limits: the stream is cut at the limit (413), never buffered past it.
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError, badRequest, tooLarge, unsupportedType } from "./errors";

export interface UploadedFile {
  field: string;
  fileName: string;
  mimeType: string;
  extension: string;
  data: Buffer;
  size: number;
  sha256: string;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export const fileExtension = (name: string) => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : "";
};

// Control characters are exactly what these patterns look for.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f"<>|:*?]/g;
// eslint-disable-next-line no-control-regex
const CRAFTED_NAME_CHARS = /[\\/\u0000-\u001f]/;

/** Strips paths, control characters and quotes from a client-supplied file name. */
export function safeFileName(name: string | undefined, fallback = "datei"): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(UNSAFE_NAME_CHARS, "").trim().slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}

/** Browsers send a bare file name; separators, ".." or control characters mean a crafted request. */
const isCraftedFileName = (name: string | undefined) => !!name && (CRAFTED_NAME_CHARS.test(name) || name.split(".").every((p) => p === ""));

export const BAD_UPLOAD = "Ungültiger Datei-Upload";

export async function readMultipart(
  req: FastifyRequest,
  opts: { maxFileBytes: number; maxFiles: number; tooLargeMessage: string; maxFields?: number },
): Promise<MultipartResult> {
  if (!req.isMultipart()) throw unsupportedType("Erwartet wird ein Datei-Upload (multipart/form-data)");
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = req.parts({
    limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles + 1, fields: opts.maxFields ?? 20, fieldSize: 100_000 },
  });
  try {
    await collectParts(parts, fields, files, opts);
  } catch (err) {
    // A truncated or malformed body is the client's fault: 400, not 500.
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(opts.tooLargeMessage);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw badRequest("Zu viele Felder oder Dateien");
    throw badRequest(BAD_UPLOAD);
  }
  req.server.ops.metrics.upload(req.routeOptions.url, files); // bauklar_uploads_total, bauklar_upload_bytes_total
  return { fields, files };
}

async function collectParts(
  parts: AsyncIterableIterator<import("@fastify/multipart").Multipart>,
  fields: Record<string, string>,
  files: UploadedFile[],
  opts: { maxFileBytes: number; maxFiles: number; tooLargeMessage: string },
) {
  for await (const part of parts) {
    if (part.type === "file") {
      if (files.length >= opts.maxFiles) {
        part.file.resume();
        throw badRequest(opts.maxFiles === 1 ? "Genau eine Datei ist erlaubt" : "Zu viele Dateien");
      }
      if (isCraftedFileName(part.filename)) {
        part.file.resume();
        throw badRequest("Ungültiger Dateiname");
      }
      const hash = createHash("sha256");
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        hash.update(chunk);
        chunks.push(chunk);
      }
      if (part.file.truncated || size > opts.maxFileBytes) throw tooLarge(opts.tooLargeMessage);
      const fileName = safeFileName(part.filename);
      files.push({
        field: part.fieldname,
        fileName,
        mimeType: part.mimetype || "application/octet-stream",
        extension: fileExtension(fileName),
        data: Buffer.concat(chunks, size),
        size,
        sha256: hash.digest("hex"),
      });
    } else {
      fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value ?? "");
    }
  }
}
