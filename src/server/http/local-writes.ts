// Counts the write requests this instance has answered: every method but GET/HEAD/OPTIONS, plus
// the GET routes that change state (the impersonation links), which declare
// `config: { writes: true }`. The read caches (sessions, project lists) note the count when they
// read the database and read again once it has moved, so whatever a request changed shows in the
// very next request; changes made elsewhere show after config.cacheStaleMs.
import type { FastifyInstance } from "fastify";

export interface LocalWrites {
  /** Grows with every finished write request. */
  readonly count: number;
}

declare module "fastify" {
  interface FastifyInstance {
    localWrites: LocalWrites;
  }
  interface FastifyContextConfig {
    /** A GET route that changes state. */
    writes?: boolean;
  }
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function registerLocalWrites(app: FastifyInstance): LocalWrites {
  const writes = { count: 0 };
  // onSend runs after the handler (and its transaction) finished and before the client can see
  // the answer, so no later request of that client can meet a cache filled before the write.
  app.addHook("onSend", (req, _reply, payload, done) => {
    if (!READS.has(req.method) || req.routeOptions.config.writes) writes.count++;
    done(null, payload);
  });
  app.decorate("localWrites", writes);
  return writes;
}
