// The project lists are read far more often than written, and a company's list is large (500
// projects ≈ 300 KB of JSON), so each scope's JSON and its gzip are kept in memory:
// - after a write request on this instance (http/local-writes.ts) the next read rebuilds, so a
//   change shows at once to whoever made it;
// - otherwise a list older than config.cacheStaleMs is served once more while a cheap
//   fingerprint query (count, ids, newest update) checks it in the background, and rebuilt when
//   that changed — writes through other instances show within about cacheStaleMs;
// - names shown in the list that do not touch projects.updated_at (a company renamed on another
//   instance) refresh with the periodic rebuild after REBUILD_MS.
// Concurrent reads of one scope share one database round trip.
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { LocalWrites } from "../http/local-writes";
import { projectListQueries, type ListShape } from "./queries";

const REBUILD_MS = 10_000;
/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 2_048;

interface Entry {
  fingerprint: string;
  json: string;
  /** Number of projects in the list (X-Total-Count). */
  total: number;
  gzip: Buffer | null;
  /** localWrites.count when the build started. */
  writes: number;
  builtAt: number;
  checkedAt: number;
}

/** A list: its shape and, for company shapes, the company. */
export interface ListScope {
  shape: ListShape;
  companyId: number | null;
}

export function createProjectListCache(db: Db, writes: LocalWrites, staleMs: number) {
  const queries = projectListQueries(db);
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { writes: number; promise: Promise<Entry> }>();

  async function build({ shape, companyId }: ListScope, key: string): Promise<Entry> {
    const seenWrites = writes.count;
    const [fingerprint, raw] = await Promise.all([queries.fingerprint(shape, companyId), queries.list(shape, companyId)]);
    // PostgreSQL writes JSON with spaces around every colon; compact it once here.
    const list = JSON.parse(raw) as unknown[];
    const json = JSON.stringify(list);
    const now = Date.now();
    const entry = { fingerprint, json, total: list.length, gzip: json.length >= GZIP_MIN_BYTES ? gzipSync(json, { level: 6 }) : null, writes: seenWrites, builtAt: now, checkedAt: now };
    entries.set(key, entry);
    return entry;
  }

  async function check(scope: ListScope, key: string, entry: Entry): Promise<Entry> {
    const fingerprint = await queries.fingerprint(scope.shape, scope.companyId);
    if (fingerprint !== entry.fingerprint) return build(scope, key);
    entry.checkedAt = Date.now();
    return entry;
  }

  /**
   * Runs `work` for `key` unless a run that started after this instance's latest write is under
   * way; callers share its result.
   */
  function once(key: string, work: () => Promise<Entry>): Promise<Entry> {
    const running = pending.get(key);
    if (running && running.writes === writes.count) return running.promise;
    const promise = work().finally(() => {
      if (pending.get(key)?.promise === promise) pending.delete(key);
    });
    pending.set(key, { writes: writes.count, promise });
    return promise;
  }

  async function get(scope: ListScope): Promise<Entry> {
    const key = `${scope.shape}:${scope.companyId ?? ""}`;
    const entry = entries.get(key);
    if (!entry || entry.writes !== writes.count) return once(key, () => build(scope, key));
    const now = Date.now();
    if (now - entry.builtAt >= REBUILD_MS) void once(key, () => build(scope, key)).catch(() => entries.delete(key));
    else if (now - entry.checkedAt >= staleMs) void once(key, () => check(scope, key, entry)).catch(() => entries.delete(key));
    return entry;
  }

  return {
    /** Sends the scope's list, gzip-compressed when the client accepts it. */
    async send(req: FastifyRequest, reply: FastifyReply, scope: ListScope) {
      const entry = await get(scope);
      reply.header("Content-Type", "application/json; charset=utf-8").header("X-Total-Count", String(entry.total)).header("Vary", "Accept-Encoding").header("Cache-Control", "private, no-cache");
      if (entry.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
        return reply.header("Content-Encoding", "gzip").send(entry.gzip);
      }
      return reply.send(entry.json);
    },
  };
}
