// One log line per API request (method, path, status, time) instead of Fastify's two lines for
// every request including each static asset; client errors and failures carry their own
// warn/error lines from the error handler.
import type { FastifyInstance } from "fastify";

export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", (req, reply, done) => {
    if (req.url.startsWith("/api/")) {
      req.log.info({ method: req.method, path: req.url.split("?")[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, "request");
    }
    done();
  });
}
