// Decisions about a request are taken on the route Fastify matched, never on the raw URL: the
// router decodes the path (`/%61pi/users` is `/api/users`), so a prefix test on `req.url` can be
// walked around with an encoded letter (issue 22, item 1).
import type { FastifyRequest } from "fastify";

/** The path as the router sees it: percent-decoded, without the query. */
export function decodedPath(req: FastifyRequest): string {
  const raw = req.url.split("?")[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** An API request: the matched route's pattern is under /api/, or (no route matched) the decoded path is. */
export function isApiRequest(req: FastifyRequest): boolean {
  const pattern = req.routeOptions.url;
  return (pattern ?? decodedPath(req)).startsWith("/api/");
}
