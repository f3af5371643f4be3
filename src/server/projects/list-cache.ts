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
//
// Pages and searches (?limit=…&offset=…&q=…&sort=…) are kept by the same rules: each is one
// index-ordered query (queries.ts), and a kept page is valid while its scope's fingerprint and
// this instance's write count are unchanged — one fingerprint query per scope and
// cacheStaleMs checks all of that scope's pages.
//
// Memory is bounded (issue 16: one company with 10 000 projects is a 7 MB list, and every query
// variant is an entry): lists and pages share one LRU with a byte budget (PROJECT_LIST_CACHE_MB,
// default 64; 0 turns caching off). An entry larger than the budget is built for its request
// and not kept. Scope summaries (fingerprint and count, ~100 bytes) are kept apart, at most
// MAX_SUMMARIES of them.
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { LocalWrites } from "../http/local-writes";
import { acceptsGzip } from "../http/send-json";
import { projectListQueries, projectPageQueries, projectSearchPage, type ListShape, type ProjectPageRequest } from "./queries";

const REBUILD_MS = 10_000;
/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 2_048;
/** Default budget for the whole lists of all scopes together. */
export const PROJECT_LIST_CACHE_DEFAULT_BYTES = 64 * 2 ** 20;
/** At most this many scope summaries (each ~100 bytes) are kept. */
const MAX_SUMMARIES = 10_000;

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
  /** What the entry holds in memory: the string as UTF-16 (the worst case) and the gzip. */
  bytes: number;
}

/** A scope's fingerprint and project count. */
interface Summary {
  fingerprint: string;
  total: number;
  writes: number;
  checkedAt: number;
}

/** A list: its shape and, for company shapes, the company. */
export interface ListScope {
  shape: ListShape;
  companyId: number | null;
}

export function createProjectListCache(db: Db, writes: LocalWrites, staleMs: number, budgetBytes = PROJECT_LIST_CACHE_DEFAULT_BYTES) {
  const queries = projectListQueries(db);
  const pages = projectPageQueries(db);
  /** Lists and pages, least recently used first (a Map keeps insertion order; a hit re-inserts). */
  const entries = new Map<string, Entry>();
  let heldBytes = 0;
  const summaries = new Map<string, Summary>();
  const pending = new Map<string, { writes: number; promise: Promise<unknown> }>();

  function forget(key: string) {
    const old = entries.get(key);
    if (old) heldBytes -= old.bytes;
    entries.delete(key);
  }

  /** Keeps `entry` as the most recently used one and evicts the least recently used over the budget. */
  function keep(key: string, entry: Entry) {
    forget(key);
    if (entry.bytes > budgetBytes) return;
    entries.set(key, entry);
    heldBytes += entry.bytes;
    for (const [oldKey] of entries) {
      if (heldBytes <= budgetBytes) break;
      forget(oldKey);
    }
  }

  function touch(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
  }

  function makeEntry(key: string, fingerprint: string, json: string, total: number, seenWrites: number): Entry {
    const now = Date.now();
    const gzip = json.length >= GZIP_MIN_BYTES ? gzipSync(json, { level: 6 }) : null;
    return {
      fingerprint,
      json,
      total,
      gzip,
      writes: seenWrites,
      builtAt: now,
      checkedAt: now,
      bytes: (json.length + key.length) * 2 + (gzip?.length ?? 0) + 200,
    };
  }

  function noteSummary(key: string, fingerprint: string, seenWrites: number): Summary {
    const summary = { fingerprint, total: Number(fingerprint.split(":")[0]), writes: seenWrites, checkedAt: Date.now() };
    summaries.delete(key);
    summaries.set(key, summary);
    if (summaries.size > MAX_SUMMARIES) summaries.delete(summaries.keys().next().value!);
    return summary;
  }

  /**
   * Runs `work` for `key` unless a run that started after this instance's latest write is under
   * way; callers share its result.
   */
  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = pending.get(key);
    if (running && running.writes === writes.count) return running.promise as Promise<T>;
    const promise = work().finally(() => {
      if (pending.get(key)?.promise === promise) pending.delete(key);
    });
    pending.set(key, { writes: writes.count, promise });
    return promise;
  }

  const keyOf = (scope: ListScope) => `${scope.shape}:${scope.companyId ?? ""}`;

  // Whole lists: built with their own fingerprint, checked after staleMs, rebuilt after REBUILD_MS.
  async function buildList({ shape, companyId }: ListScope, key: string): Promise<Entry> {
    const seenWrites = writes.count;
    const [fingerprint, raw] = await Promise.all([queries.fingerprint(shape, companyId), queries.list(shape, companyId)]);
    // PostgreSQL writes JSON with spaces around every colon; compact it once here.
    const list = JSON.parse(raw) as unknown[];
    const entry = makeEntry(key, fingerprint, JSON.stringify(list), list.length, seenWrites);
    keep(key, entry);
    noteSummary(key, fingerprint, seenWrites);
    return entry;
  }

  async function checkList(scope: ListScope, key: string, entry: Entry): Promise<Entry> {
    const seenWrites = writes.count;
    const fingerprint = await queries.fingerprint(scope.shape, scope.companyId);
    noteSummary(key, fingerprint, seenWrites);
    if (fingerprint !== entry.fingerprint) return buildList(scope, key);
    entry.checkedAt = Date.now();
    return entry;
  }

  async function getList(scope: ListScope): Promise<Entry> {
    const key = keyOf(scope);
    const entry = entries.get(key);
    if (!entry || entry.writes !== writes.count) return once(key, () => buildList(scope, key));
    touch(key, entry);
    const now = Date.now();
    if (now - entry.builtAt >= REBUILD_MS) void once(key, () => buildList(scope, key)).catch(() => forget(key));
    else if (now - entry.checkedAt >= staleMs) void once(key, () => checkList(scope, key, entry)).catch(() => forget(key));
    return entry;
  }

  /** The scope's fingerprint and count: read again after a local write, checked in the background after staleMs. */
  async function summaryOf(scope: ListScope): Promise<Summary> {
    const key = keyOf(scope);
    const fetchSummary = async () => {
      const seenWrites = writes.count;
      return noteSummary(key, await queries.fingerprint(scope.shape, scope.companyId), seenWrites);
    };
    const summary = summaries.get(key);
    if (!summary || summary.writes !== writes.count) return once(`summary:${key}`, fetchSummary);
    if (Date.now() - summary.checkedAt >= staleMs) void once(`summary:${key}`, fetchSummary).catch(() => summaries.delete(key));
    return summary;
  }

  // Pages: valid while the scope's fingerprint and the local write count are those they were built under.
  async function buildPage(scope: ListScope, key: string, req: ProjectPageRequest, summary: Summary): Promise<Entry> {
    const seenWrites = writes.count;
    const { json, total } = req.q
      ? await projectSearchPage(db, scope.shape, scope.companyId, req)
      : { json: await pages.page(scope.shape, scope.companyId, req), total: summary.total };
    // PostgreSQL writes JSON with spaces around every colon; the page is compacted like the list.
    const entry = makeEntry(key, summary.fingerprint, JSON.stringify(JSON.parse(json)), total, seenWrites);
    keep(key, entry);
    return entry;
  }

  async function getPage(scope: ListScope, req: ProjectPageRequest): Promise<Entry> {
    const summary = await summaryOf(scope);
    const key = `${keyOf(scope)}|${req.sort}|${req.limit}|${req.offset}|${req.searchOrders ? "orders:" : ""}${req.q}`;
    const entry = entries.get(key);
    if (entry && entry.writes === writes.count && entry.fingerprint === summary.fingerprint && Date.now() - entry.builtAt < REBUILD_MS) {
      touch(key, entry);
      return entry;
    }
    return once(key, () => buildPage(scope, key, req, summary));
  }

  function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
    reply
      .header("Content-Type", "application/json; charset=utf-8")
      .header("X-Total-Count", String(entry.total))
      .header("Vary", "Accept-Encoding")
      .header("Cache-Control", "private, no-cache");
    if (entry.gzip && acceptsGzip(req)) {
      return reply.header("Content-Encoding", "gzip").send(entry.gzip);
    }
    return reply.send(entry.json);
  }

  return {
    /** Sends the scope's whole list, gzip-compressed when the client accepts it. */
    async send(req: FastifyRequest, reply: FastifyReply, scope: ListScope) {
      return sendEntry(req, reply, await getList(scope));
    },

    /** Sends one page or search result, gzip-compressed when the client accepts it. */
    async sendPage(req: FastifyRequest, reply: FastifyReply, scope: ListScope, page: ProjectPageRequest) {
      return sendEntry(req, reply, await getPage(scope, page));
    },

    /** The scope's whole list as sent (JSON text and count). */
    async list(scope: ListScope): Promise<{ json: string; total: number }> {
      const { json, total } = await getList(scope);
      return { json, total };
    },

    /** One page as sent (JSON text and X-Total-Count). */
    async page(scope: ListScope, page: ProjectPageRequest): Promise<{ json: string; total: number }> {
      const { json, total } = await getPage(scope, page);
      return { json, total };
    },

    /** What the cache holds (for tests and the benchmark). */
    stats: () => ({ entries: entries.size, bytes: heldBytes, summaries: summaries.size, budgetBytes }),
  };
}
