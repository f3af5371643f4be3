// Refuses state-changing requests from other origins (CSRF defence on top of SameSite=Lax).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "./errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    const host = req.headers.host;
    const allowed = new Set([publicOrigin, `http://${host}`, `https://${host}`]);
    return !allowed.has(origin);
  }
  return origin === "null";
}

export function registerOriginCheck(app: FastifyInstance, publicOrigin: string) {
  app.addHook("onRequest", async (req) => {
    if (SAFE.has(req.method)) return;
    if (isCrossSite(req, publicOrigin)) throw forbidden("Anfragen von fremden Websites sind nicht erlaubt");
  });
}
