// One error shape for the whole API: { message, errors? } with a fitting status (docs/architecture.md).
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** What some refusals carry beside the message: a code the client reads, when to retry. */
export interface HttpErrorExtras {
  code?: string;
  retryAfterSeconds?: number;
}

/** Thrown through the helpers below only: route code never builds one or sends a 4xx itself. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly extras: HttpErrorExtras = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = "Nicht angemeldet") => new HttpError(401, message);
export const forbidden = (message = "Keine Berechtigung für diese Aktion", extras?: HttpErrorExtras) =>
  new HttpError(403, message, undefined, extras);
export const notFound = (message = "Nicht gefunden") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string, extras?: HttpErrorExtras) => new HttpError(429, message, undefined, extras);
/** A failure of ours that the message explains (e.g. a missing key in the configuration). */
export const serverError = (message: string) => new HttpError(500, message);
/** An upstream service (the language model) failed or answered nothing usable. */
export const badGateway = (message: string) => new HttpError(502, message);
export const gatewayTimeout = (message: string) => new HttpError(504, message);
export const insufficientStorage = (message: string) => new HttpError(507, message);

export const FILE_TOO_LARGE = "Dateigröße darf 10MB nicht überschreiten";
export const DATABASE_UNAVAILABLE = "Die Datenbank ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich erneut.";

/**
 * Lost or refused database connections (PostgreSQL restarting, network): socket errors, the
 * SQLSTATE classes 08 (connection exception) and 57P0x (shutdown), and pg's own uncoded messages.
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "53300",
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  if (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code)) return true;
  if (typeof e.message === "string" && CONNECTION_MESSAGES.test(e.message)) return true;
  // AggregateError (several addresses refused) and wrapped errors (DrizzleQueryError.cause).
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Unique constraints whose violation has a message the client maps (requirements 1.8). */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_username_lower_uq: "Username already exists",
  users_email_lower_uq: "Email already exists",
};

/** PostgreSQL error codes we turn into 4xx instead of 500. */
function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === "string" ? e.code : typeof e.cause?.code === "string" ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      const { code, retryAfterSeconds } = err.extras;
      if (retryAfterSeconds !== undefined) reply.header("Retry-After", String(retryAfterSeconds));
      return reply
        .status(err.status)
        .send({ ...(code ? { code } : {}), message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
        if (!errors[key]) errors[key] = v.message ?? "Ungültiger Wert";
      }
      const first = Object.values(errors)[0] ?? "Ungültige Eingabe";
      return reply.status(400).send({ message: first, errors });
    }
    switch (err.code) {
      case "FST_REQ_FILE_TOO_LARGE":
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply.status(413).send({ message: FILE_TOO_LARGE });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.status(415).send({ message: "Nicht unterstützter Inhaltstyp" });
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return reply.status(400).send({ message: "Ungültiger JSON-Inhalt" });
      case "FST_INVALID_MULTIPART_CONTENT_TYPE":
        return reply.status(415).send({ message: "Erwartet wird ein Datei-Upload (multipart/form-data)" });
      case "FST_FILES_LIMIT":
      case "FST_PARTS_LIMIT":
      case "FST_FIELDS_LIMIT":
        return reply.status(400).send({ message: "Genau eine Datei ist erlaubt" });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, "database unavailable");
      return reply.status(503).header("Retry-After", "5").send({ message: DATABASE_UNAVAILABLE });
    }
    const pg = pgErrorCode(err);
    if (pg === "23505") {
      const constraint =
        (err as { constraint?: string; cause?: { constraint?: string } }).constraint ??
        (err as { cause?: { constraint?: string } }).cause?.constraint;
      return reply.status(409).send({ message: UNIQUE_MESSAGES[constraint ?? ""] ?? "Eintrag existiert bereits" });
    }
    if (pg === "23503") return reply.status(409).send({ message: "Eintrag wird noch verwendet" });
    if (pg === "22P02" || pg === "22003" || pg === "22021" || pg === "54000") {
      return reply.status(400).send({ message: "Ungültige Eingabe" });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message || "Ungültige Anfrage" });
    }
    req.log.error({ err }, "request failed");
    return reply.status(status >= 500 ? status : 500).send({ message: "Interner Serverfehler. Bitte versuchen Sie es später erneut." });
  });
}
