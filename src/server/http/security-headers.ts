// Security headers on every response. The app's CSP allows only its own scripts; uploaded
// evaluation HTML gets its own sandbox CSP in the projects area.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { isApiRequest } from "./route-path";

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
  app.addHook("onSend", (req, reply, payload, done) => {
    // API answers hold account and tenant data: never kept by a browser or a shared cache unless
    // the route chose otherwise (ASVS 14.3.2). Decided on the routed path, like every other hook.
    if (isApiRequest(req) && !reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
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
