// Periodic housekeeping and background workers that run beside the HTTP server.
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "./app";
import { purgeExpiredSessions } from "./auth/sessions";
import { startBoqWorker } from "./boq/worker";

export interface Background {
  /** Waits up to graceMs for work in progress; a job still running then is given back. */
  stop(graceMs?: number): Promise<void>;
}

type Worker = (deps: AppDeps, log: FastifyBaseLogger) => Background;

/** Workers of the product areas (e.g. the tender reader); adding one is one line here. */
export const workers: Worker[] = [startBoqWorker];

export function startBackground(deps: AppDeps, log: FastifyBaseLogger): Background {
  const timer = setInterval(() => {
    purgeExpiredSessions(deps.db, deps.config).catch((err) => log.warn({ err }, "session purge failed"));
  }, 15 * 60_000);
  timer.unref();
  const running = workers.map((w) => w(deps, log));
  deps.ops?.health.jobWorker(true); // readiness (ops/health.ts) needs a running job worker
  return {
    async stop(graceMs?: number) {
      clearInterval(timer);
      deps.ops?.health.jobWorker(false);
      await Promise.all(running.map((r) => r.stop(graceMs)));
    },
  };
}
