// The uploaded evaluation HTML is untrusted (docs/architecture.md): it is checked on upload and served with
// a sandbox CSP (no scripts, opaque origin) for the sandboxed frame of /projects/:id/result.
import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import { isHtmlFileName } from "../../common/schemas/project";
import type { UploadedFile } from "../http/uploads";
import type { StoredFile } from "./files";

/** What an evaluation may load (only what it carries inline) and where it may go (nowhere). */
const EVALUATION_RESOURCES = [
  "style-src 'unsafe-inline' data:",
  "img-src data:",
  "font-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
];

/** Plain view: no scripts, no forms, no plugins, nothing loaded from elsewhere. */
export const EVALUATION_CSP = ["sandbox", "default-src 'none'", ...EVALUATION_RESOURCES].join("; ");

/**
 * Print view: the same document with one appended script that opens the print dialog. The
 * sandbox allows scripts and modals, but script-src admits only that script by its hash, so the
 * evaluation's own scripts and event handlers still never run; the origin stays opaque.
 */
const PRINT_SCRIPT = "window.addEventListener('load',function(){window.print()});";
const PRINT_SCRIPT_HASH = createHash("sha256").update(PRINT_SCRIPT).digest("base64");
export const EVALUATION_PRINT_CSP = [
  "sandbox allow-scripts allow-modals",
  "default-src 'none'",
  `script-src 'sha256-${PRINT_SCRIPT_HASH}'`,
  ...EVALUATION_RESOURCES,
].join("; ");

/** Does the upload look like an HTML document (name, declared type and the bytes themselves)? */
export function isHtmlUpload(file: Pick<UploadedFile, "fileName" | "mimeType" | "data">): boolean {
  if (!isHtmlFileName(file.fileName)) return false;
  const declared = file.mimeType.toLowerCase().split(";")[0].trim();
  if (!["text/html", "application/xhtml+xml", "application/octet-stream", "text/plain", ""].includes(declared)) return false;
  const head = file.data.subarray(0, 8192);
  if (head.includes(0)) return false;
  return /<(!doctype\s+html|html|head|body|meta|title|style|div|table|h[1-6]|p|section|article|main)[\s>/]/i.test(head.toString("latin1"));
}

const isUtf8 = (data: Buffer) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
};

export function sendEvaluation(reply: FastifyReply, file: StoredFile, print: boolean) {
  const body = print ? Buffer.concat([file.data, Buffer.from(`\n<script>${PRINT_SCRIPT}</script>\n`)]) : file.data;
  // Without a charset the document's own <meta charset> decides; valid UTF-8 is declared as such.
  return reply
    .header("Content-Type", isUtf8(file.data) ? "text/html; charset=utf-8" : "text/html")
    .header("Content-Length", body.length)
    .header("Content-Security-Policy", print ? EVALUATION_PRINT_CSP : EVALUATION_CSP)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", "inline")
    .header("Cache-Control", "private, no-store")
    .send(body);
}
