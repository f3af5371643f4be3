// Security headers on every response. The app's CSP allows only its own scripts; uploaded
// evaluation HTML gets its own sandbox CSP in the projects area.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join("; ");

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicOrigin.startsWith("https://");
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", APP_CSP);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!reply.hasHeader("X-Frame-Options")) reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (https) reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    done(null, payload);
  });
}
