// GET /healthz, GET /readyz and GET /metrics, outside /api: no session, no rate limit, no request
// log line (http/request-log.ts logs /api/ only). Kept out of the API description (hide: true).
import "@fastify/swagger";
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config";
import { ENROLMENT } from "../auth/enforcement";
import type { Ops } from "./ops";
import { notFound } from "../http/errors";

const livenessSchema = z.object({ status: z.literal("ok") });
const readinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    shutdown: z.enum(["running", "draining"]),
    database: z.enum(["ok", "unreachable"]),
    migrations: z.enum(["ok", "pending", "unknown"]),
    jobWorker: z.enum(["running", "stopped"]),
    disk: z.enum(["ok", "low", "unchecked"]),
  }),
  failing: z.array(z.enum(["shutdown", "database", "migrations", "jobWorker"])),
});

const notFoundSchema = z.object({ message: z.string() });

const digest = (s: string) => createHash("sha256").update(s).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (hashes have equal length). */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return !!m && timingSafeEqual(digest(m[1]), digest(token));
}

/** The request-duration histogram: route pattern (never the URL), method and status of every response. */
export function registerRequestTiming(app: FastifyInstance, ops: Ops) {
  app.addHook("onResponse", (req, reply, done) => {
    ops.metrics.httpRequest(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

export const opsRoutes =
  (ops: Ops, config: Pick<Config, "metricsToken">): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/healthz", { schema: { hide: true, response: { 200: livenessSchema } }, config: ENROLMENT }, async (_req, reply) => {
      reply.header("Cache-Control", "no-store");
      return { status: "ok" as const };
    });

    app.get(
      "/readyz",
      { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } }, config: ENROLMENT },
      async (_req, reply) => {
        const readiness = await ops.health.readiness();
        return reply
          .header("Cache-Control", "no-store")
          .status(readiness.ready ? 200 : 503)
          .send(readiness);
      },
    );

    // Without METRICS_TOKEN or with a wrong one: the plain 404 of an unknown route (no 401 that
    // would confirm the endpoint, and no HTML page either — a scraper reads the status only).
    app.get(
      "/metrics",
      { schema: { hide: true, response: { 200: z.string(), 404: notFoundSchema } }, config: ENROLMENT },
      async (req, reply) => {
        if (!metricsAuthorized(req.headers.authorization, config.metricsToken)) throw notFound("Route GET /metrics nicht gefunden");
        const body = await ops.metrics.registry.metrics();
        return reply.header("Cache-Control", "no-store").type(ops.metrics.registry.contentType).send(body);
      },
    );
  };
