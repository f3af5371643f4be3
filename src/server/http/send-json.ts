// Large JSON answers (the LV of a 5 000-position tender is ~2 MB) are sent gzip-compressed when
// the client accepts it: ~10× fewer bytes on a real network. Compression runs on libuv's thread
// pool (zlib.gzip), not on the event loop, so other requests keep flowing meanwhile.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const gzipAsync = promisify(gzip);
/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 8_192;

export function acceptsGzip(req: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
}

export async function sendJson(req: FastifyRequest, reply: FastifyReply, value: unknown): Promise<FastifyReply> {
  const json = JSON.stringify(value);
  reply.header("Content-Type", "application/json; charset=utf-8").header("Vary", "Accept-Encoding");
  if (json.length < GZIP_MIN_BYTES || !acceptsGzip(req)) return reply.send(json);
  return reply.header("Content-Encoding", "gzip").send(await gzipAsync(json, { level: 6 }));
}
