// Per-route rate limits (per client address) with a clear German 429 message.
import type { FastifyContextConfig } from "fastify";
import type { Config } from "../config";

export function rateLimited(config: Config, max: number, windowMs: number, message: string): FastifyContextConfig {
  if (!config.rateLimit) return {};
  return {
    rateLimit: { max, timeWindow: windowMs, errorResponseBuilder: () => ({ statusCode: 429, message }) },
  } as FastifyContextConfig;
}
