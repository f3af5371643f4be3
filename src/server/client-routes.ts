// Serves the built client: hashed assets with long caching, pre-rendered public pages, and the
// app shell for every other page (status 404 for paths no route knows). Operator details and
// the canonical origin are configuration at run time: they are filled into the pre-rendered
// pages here (see src/common/site-config.ts), once per process.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isKnownPage } from "../common/routes";
import { fillSiteConfig, phoneHref, type SiteConfig } from "../common/site-config";
import type { AppDeps } from "./app";
import type { Config } from "./config";
import { isApiRequest } from "./http/route-path";
import { notFound } from "./http/errors";

/** Pre-rendered pages written by scripts/prerender.mjs: path → file under dist/client/. */
const PRERENDERED: Record<string, string> = {
  "/": "index.html",
  "/impressum": "impressum.html",
  "/agb": "agb.html",
  "/datenschutz": "datenschutz.html",
};

/** Short URLs named in the site's metadata that lead to a section of the landing page. */
const REDIRECTS: Record<string, string> = { "/kontakt": "/#contact" };

/** Shown on /impressum, /agb and /datenschutz while the sample operator stands in (development only). */
export const SAMPLE_OPERATOR_NOTICE =
  "Beispielangaben: Diese Installation läuft ohne Betreiberangaben. Vor dem Produktivbetrieb die Variablen OPERATOR_COMPANY, " +
  "OPERATOR_STREET, OPERATOR_CITY, OPERATOR_REPRESENTATIVES, OPERATOR_EMAIL, OPERATOR_PHONE, OPERATOR_VAT_ID und OPERATOR_REGISTER setzen.";

/** The host of a configured service URL, for naming it in the privacy policy (never its credentials). */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
};

export function siteConfigFrom(config: Config): SiteConfig {
  const { sample, ...operator } = config.operator;
  const llmHost = config.llm ? hostOf(config.llm.baseUrl) : "";
  const mailHost = config.smtp ? hostOf(config.smtp.url) : "";
  return {
    publicOrigin: config.publicOrigin,
    operator: { ...operator, phoneHref: phoneHref(operator.phone), notice: sample ? SAMPLE_OPERATOR_NOTICE : "" },
    processors: {
      llm: config.llm
        ? `Für die Chatbots und die KI-Prüfung der Leistungsverzeichnisse ist ein Sprachmodell-Dienst angebunden (${llmHost || "konfigurierter Dienst"}, Modell ${config.llm.model}). Er erhält die Fragen und Gesprächsverläufe der Chatbots und Auszüge der Leistungsverzeichnisse, keine Anmeldedaten.`
        : "Derzeit ist kein externer Sprachmodell-Dienst angebunden; Chatbot-Anfragen und Leistungsverzeichnisse verlassen unsere Server nicht.",
      mail: config.smtp
        ? `E-Mails (Einladungen, Passwort-Links, Benachrichtigungen) versenden wir über den Mailserver ${mailHost || "unseres Dienstleisters"}; er erhält Empfängeradresse und Inhalt der Nachricht.`
        : "Derzeit ist kein Mailserver angebunden; die Plattform versendet keine E-Mails.",
    },
  };
}

interface PageVariants {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The encoding to send: brotli, then gzip, else none (q=0 excludes an encoding). */
function pickEncoding(req: FastifyRequest): "br" | "gzip" | null {
  const header = String(req.headers["accept-encoding"] ?? "").toLowerCase();
  const accepted = new Set(
    header
      .split(",")
      .map((p) => p.trim().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => name.trim()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

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
        preCompressed: true,
      });
      await app.register(fastifyStatic, {
        root: join(dir, "static"),
        prefix: "/static/",
        decorateReply: false,
        maxAge: "7d",
        index: false,
        preCompressed: true,
      });
    }
    const site = siteConfigFrom(config);
    const cache = new Map<string, PageVariants | null>();
    const read = (file: string) => {
      const full = join(dir, file);
      return existsSync(full) ? readFileSync(full, "utf8") : "";
    };
    // Each page is filled and compressed once per process.
    const page = (file: string): PageVariants | null => {
      let variants = cache.get(file);
      if (variants === undefined) {
        let html = read(file);
        // The bare shell still carries the pre-renderer's head marker: give it a title.
        if (html && file === "app.html") html = fillSiteConfig(html.replace("<!--head-->", "<title>bauklar</title>"), site);
        else if (html) html = fillSiteConfig(html, site);
        variants = html ? { html, br: brotliCompressSync(html), gzip: gzipSync(html) } : null;
        cache.set(file, variants);
      }
      return variants;
    };

    app.get("/robots.txt", (_req, reply) => reply.type("text/plain").send(read("robots.txt")));

    for (const [from, to] of Object.entries(REDIRECTS)) {
      app.get(from, (_req, reply) => reply.redirect(to, 301));
    }

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split("?")[0];
      if (isApiRequest(req) || (req.method !== "GET" && req.method !== "HEAD")) {
        throw notFound(`Route ${req.method} ${path} nicht gefunden`);
      }
      if (!built) return reply.status(503).type("text/plain; charset=utf-8").send("Client nicht gebaut: npm run build");
      const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
      const variants = (PRERENDERED[normalized] && page(PRERENDERED[normalized])) || page("app.html");
      if (!variants) return reply.status(503).type("text/plain; charset=utf-8").send("Client nicht gebaut: npm run build");
      const encoding = pickEncoding(req);
      reply.header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply
        .status(isKnownPage(path) ? 200 : 404)
        .type("text/html; charset=utf-8")
        .send(encoding === "br" ? variants.br : encoding === "gzip" ? variants.gzip : variants.html);
    });
  });
