// The API description: GET /api/openapi.json (OpenAPI 3.1, generated from the zod route schemas by
// @fastify/swagger and fastify-type-provider-zod) and a reference page at /api/docs (Swagger UI,
// assets served from node_modules, no CDN). Both are public: see docs/decisions/0013-api-description.md.
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "../auth/sessions";
import { AREA_TAGS, areaTag, isPublicRoute } from "./areas";
import { summaryFor } from "./summaries";
import "./multipart";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/api/docs";
export const SESSION_SCHEME = "sessionCookie";

type Transform = typeof jsonSchemaTransform;

/** zod → JSON Schema, then the area tag and, for routes open without a session, no security. */
const describeRoute: Transform = (doc) => {
  // Only the API is described: pages, assets and the probes outside /api stay out.
  if (!doc.url.startsWith("/api/")) return { schema: { hide: true }, url: doc.url };
  // An upload's documented parts become its request body here, never in the route's validation.
  const multipartBody = doc.schema?.multipartBody;
  const { schema, url } = jsonSchemaTransform(
    multipartBody ? { ...doc, schema: { ...doc.schema, body: multipartBody, multipartBody: undefined } } : doc,
  );
  const described: Record<string, unknown> = { ...(schema ?? {}) };
  if (!described.tags) described.tags = [areaTag(url)];
  if (!described.summary) described.summary = summaryFor([doc.route.method].flat()[0], url.replace(/:(\w+)/g, "{$1}"));
  if (isPublicRoute(url)) described.security = [];
  const fileType = doc.schema?.fileResponse;
  if (fileType) {
    described.produces = undefined;
    described.responses = { 200: { description: "Die Datei", content: { [fileType]: { schema: { type: "string", format: "binary" } } } } };
  }
  const redirect = doc.schema?.redirectResponse;
  if (redirect) described.responses = { 302: { description: `Weiterleitung auf ${redirect}` } };
  delete described.fileResponse;
  delete described.redirectResponse;
  return { schema: described, url };
};

/** Must run before the routes are added: @fastify/swagger collects them in its onRoute hook. */
export async function registerApiDescription(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "bauklar API",
        version: "1",
        description:
          "Die JSON-API von bauklar (Analyse von Bauausschreibungen). Anmeldung über POST /api/login; die Sitzung steckt im Cookie " +
          `${SESSION_COOKIE} (HttpOnly, SameSite=Lax). Zustandsändernde Anfragen von fremden Websites werden abgelehnt. ` +
          "Fehler antworten mit { message } (deutsch), Eingabefehler mit Status 400.",
      },
      tags: AREA_TAGS,
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "bauklar session cookie (von POST /api/login gesetzt)",
          },
        },
      },
      security: [{ [SESSION_SCHEME]: [] }],
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });

  // The description itself is not part of the description.
  app.get(OPENAPI_PATH, { schema: { hide: true, summary: "OpenAPI-Beschreibung dieser API" } }, (_req, reply) => reply.send(app.swagger()));

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // BaseLayout: no top bar with Fastify's logo and a field to load other descriptions.
    uiConfig: { layout: "BaseLayout", deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    validatorUrl: false,
    theme: { title: "bauklar API" },
  });
}
