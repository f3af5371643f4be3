// The project lists are read far more often than written: each scope's JSON (and its gzip) is
// kept and served as long as the list's fingerprint (count, ids, newest update) is unchanged.
// That check is one cheap query per request, so a change made through another instance on the
// same PostgreSQL shows at once; changes that do not touch projects.updated_at (a company or
// user renamed) show after at most MAX_AGE_MS.
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { projectListQueries, type ListShape } from "./queries";

const MAX_AGE_MS = 2_000;
/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 2_048;

interface Entry {
  fingerprint: string;
  json: string;
  gzip: Buffer | null;
  at: number;
}

/** A list: its shape and, for company shapes, the company. */
export interface ListScope {
  shape: ListShape;
  companyId: number | null;
}

export function createProjectListCache(db: Db) {
  const queries = projectListQueries(db);
  const entries = new Map<string, Entry>();

  async function get({ shape, companyId }: ListScope): Promise<Entry> {
    const key = `${shape}:${companyId ?? ""}`;
    const fingerprint = await queries.fingerprint(shape, companyId);
    const cached = entries.get(key);
    if (cached && cached.fingerprint === fingerprint && Date.now() - cached.at < MAX_AGE_MS) return cached;
    const json = await queries.list(shape, companyId);
    const entry = { fingerprint, json, gzip: json.length >= GZIP_MIN_BYTES ? gzipSync(json, { level: 6 }) : null, at: Date.now() };
    entries.set(key, entry);
    return entry;
  }

  return {
    /** Sends the scope's list, gzip-compressed when the client accepts it. */
    async send(req: FastifyRequest, reply: FastifyReply, scope: ListScope) {
      const entry = await get(scope);
      reply.header("Content-Type", "application/json; charset=utf-8").header("Vary", "Accept-Encoding").header("Cache-Control", "private, no-cache");
      if (entry.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
        return reply.header("Content-Encoding", "gzip").send(entry.gzip);
      }
      return reply.send(entry.json);
    },
  };
}
