// Multipart reading with hard limits: the stream is cut at the limit (413), never buffered past it.
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError, badRequest } from "./errors";

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

/** Strips paths, control characters and quotes from a client-supplied file name. */
export function safeFileName(name: string | undefined, fallback = "datei"): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "").trim().slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}

export async function readMultipart(
  req: FastifyRequest,
  opts: { maxFileBytes: number; maxFiles: number; tooLargeMessage: string; maxFields?: number },
): Promise<MultipartResult> {
  if (!req.isMultipart()) throw new HttpError(415, "Erwartet wird ein Datei-Upload (multipart/form-data)");
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = req.parts({
    limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles + 1, fields: opts.maxFields ?? 20, fieldSize: 100_000 },
  });
  for await (const part of parts) {
    if (part.type === "file") {
      if (files.length >= opts.maxFiles) {
        part.file.resume();
        throw badRequest(opts.maxFiles === 1 ? "Genau eine Datei ist erlaubt" : "Zu viele Dateien");
      }
      const hash = createHash("sha256");
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        hash.update(chunk);
        chunks.push(chunk);
      }
      if (part.file.truncated || size > opts.maxFileBytes) throw new HttpError(413, opts.tooLargeMessage);
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
  return { fields, files };
}
