// Per-route rate limits (per client address) with a clear German 429 message, and limits per
// company shared by several routes (tender uploads).
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";

export function rateLimited(config: Config, max: number, windowMs: number, message: string): FastifyContextConfig {
  if (!config.rateLimit) return {};
  return {
    rateLimit: { max, timeWindow: windowMs, errorResponseBuilder: () => ({ statusCode: 429, message }) },
  } as FastifyContextConfig;
}

/** Whom a per-company limit counts: the user's company; super admins and users without company count alone. */
export function companyKey(req: FastifyRequest): string {
  const user = req.auth?.user;
  if (!user) return `ip:${req.ip}`;
  return user.role !== "super_admin" && user.companyId !== null ? `company:${user.companyId}` : `user:${user.id}`;
}

/**
 * One limit per company for all routes given the returned preHandler (they share one counter);
 * undefined when rate limits are off (RATE_LIMIT=off).
 */
export function companyRateLimit(app: FastifyInstance, config: Config, max: number, windowMs: number, message: string) {
  if (!config.rateLimit) return undefined;
  return app.rateLimit({ max, timeWindow: windowMs, keyGenerator: companyKey, errorResponseBuilder: () => ({ statusCode: 429, message }) });
}
