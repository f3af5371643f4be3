// One log line per API request (method, path, status, time) instead of Fastify's two lines for
// every request including each static asset; client errors and failures carry their own
// warn/error lines from the error handler.
import type { FastifyInstance } from "fastify";
import { decodedPath, isApiRequest } from "./route-path";

export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", (req, reply, done) => {
    if (isApiRequest(req)) {
      req.log.info(
        {
          method: req.method,
          path: decodedPath(req),
          route: req.routeOptions.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "request",
      );
    }
    done();
  });
}
