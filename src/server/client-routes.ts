// Serves the built client: hashed assets with long caching, pre-rendered public pages, and the
// app shell for every other page (status 404 for paths no route knows).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { isKnownPage } from "../shared/routes";
import type { AppDeps } from "./app";

/** Pre-rendered pages written by scripts/prerender.mjs: path → file under dist/client/. */
const PRERENDERED: Record<string, string> = { "/": "index.html", "/impressum": "impressum.html", "/agb": "agb.html" };

export const clientRoutes = ({ config }: AppDeps): FastifyPluginAsync =>
  fp(async (app) => {
    const dir = config.clientDir;
    const built = existsSync(join(dir, "app.html"));
    if (built) {
      await app.register(fastifyStatic, {
        root: join(dir, "assets"),
        prefix: "/assets/",
        immutable: true,
        maxAge: "365d",
        index: false,
      });
      await app.register(fastifyStatic, {
        root: join(dir, "static"),
        prefix: "/static/",
        decorateReply: false,
        maxAge: "7d",
        index: false,
      });
    }
    const cache = new Map<string, string>();
    const page = (file: string) => {
      let html = cache.get(file);
      if (html === undefined) {
        const full = join(dir, file);
        html = existsSync(full) ? readFileSync(full, "utf8") : "";
        cache.set(file, html);
      }
      return html;
    };

    app.get("/robots.txt", (_req, reply) => reply.type("text/plain").send(page("robots.txt")));

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split("?")[0];
      if (path.startsWith("/api/") || (req.method !== "GET" && req.method !== "HEAD")) {
        return reply.status(404).send({ message: `Route ${req.method} ${path} nicht gefunden` });
      }
      if (!built) return reply.status(503).type("text/plain; charset=utf-8").send("Client nicht gebaut: npm run build");
      const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
      const html = (PRERENDERED[normalized] && page(PRERENDERED[normalized])) || page("app.html");
      reply.header("Cache-Control", "no-cache");
      return reply
        .status(isKnownPage(path) ? 200 : 404)
        .type("text/html; charset=utf-8")
        .send(html);
    });
  });
