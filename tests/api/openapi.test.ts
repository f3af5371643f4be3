// The API description (issue 15): every /api route declares its schema (params for URL
// parameters, a body or a multipart form for writes), GET /api/openapi.json is an OpenAPI 3
// document with every route, and /api/docs serves Swagger UI from our own assets under a CSP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestContext } from "../helpers/app";
import type { RegisteredRoute } from "../../src/server/app";
import { APP_CSP } from "../../src/server/http/security-headers";
import { AREA_TAGS } from "../../src/server/api-docs/areas";
import { SUMMARIES } from "../../src/server/api-docs/summaries";
import { currentUserSchema, userListItemSchema } from "../../src/common/schemas/responses";

let ctx: TestContext;

/** Swagger UI's own routes (hidden from the description, no input). */
const isDocsRoute = (url: string) => url === "/api/openapi.json" || url === "/api/docs" || url.startsWith("/api/docs/");

/** Writes whose handlers read no body at all: the URL says everything. */
const NO_BODY = new Set([
  "POST /api/logout",
  "POST /api/analysis-prompts/default/activate",
  "POST /api/analysis-prompts/:id/activate",
  "POST /api/projects/:id/evaluation-draft",
  "POST /api/admin/readings/:jobId/requeue",
]);

/** A 2xx answer the route declares: a zod schema in `response`, or a file or a redirect. */
function declaresAnswer(schema: RegisteredRoute["schema"]): boolean {
  if (!schema) return false;
  if (schema.fileResponse || schema.redirectResponse) return true;
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return Object.entries(response).some(([status, s]) => /^2\d\d$/.test(status) && s instanceof z.ZodType);
}

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }>; required?: string[] } }> };
  responses?: Record<string, unknown>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }>; schemas?: Record<string, unknown> };
  security: Record<string, string[]>[];
  tags: { name: string }[];
}

const apiRoutes = () => ctx.app.registeredRoutes.filter((r) => r.url.startsWith("/api/") && !isDocsRoute(r.url));
const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");
const urlParams = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);

let doc: OpenApiDoc;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.request("GET", "/api/openapi.json");
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => ctx.close());

describe("route schemas", () => {
  it("every API route declares a schema", () => {
    const missing = apiRoutes()
      .filter((r) => !r.schema || r.schema.hide)
      .map(key);
    expect(missing, "routes without a schema").toEqual([]);
  });

  it("every API route declares its answer as a zod response schema (or a file or a redirect)", () => {
    const covered = apiRoutes();
    expect(covered.length).toBeGreaterThan(30);
    expect(covered.filter((r) => !declaresAnswer(r.schema)).map(key), "routes without a response schema").toEqual([]);
    // …and the description shows it: a JSON schema for the success status (or the file/redirect).
    for (const r of covered) {
      const op = doc.paths[openApiPath(r.url)][r.method.toLowerCase()];
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
      expect(success.length, key(r)).toBeGreaterThan(0);
    }
    const me = doc.paths["/api/user"].get.responses?.["200"] as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(me.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["id", "role", "mfaSetupRequired"]),
    );
  });

  it("a declared answer leaves out what the schema does not name (GET /api/user, PATCH /api/users/:id)", async () => {
    const companyId = await ctx.createCompany();
    const admin = await ctx.createUser("super_admin", null);
    const user = await ctx.createUser("user", companyId);
    const me = await ctx.request("GET", "/api/user", { user: admin });
    expect(me.statusCode).toBe(200);
    expect(currentUserSchema.strict().safeParse(me.json()).success, me.body).toBe(true);
    const updated = await ctx.request("PATCH", `/api/users/${user.id}`, { user: admin, body: { firstName: "Erika" } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(userListItemSchema.strict().parse(updated.json())).toMatchObject({ id: user.id, firstName: "Erika" });
    expect(updated.body).not.toContain("passwordHash");
  });

  it("every route with URL parameters validates them", () => {
    const missing = apiRoutes()
      .filter((r) => urlParams(r.url).length > 0 && !r.schema?.params)
      .map(key);
    expect(missing, "routes without a params schema").toEqual([]);
  });

  it("every write declares its body: a zod schema, or a multipart form for uploads", () => {
    const writes = apiRoutes().filter((r) => ["POST", "PUT", "PATCH"].includes(r.method));
    const missing = writes
      .filter((r) => !NO_BODY.has(key(r)) && !r.schema?.body && !r.schema?.consumes?.includes("multipart/form-data"))
      .map(key);
    expect(missing, "writes without a body schema").toEqual([]);
    // The exceptions stay true: served, and really without a body schema.
    for (const k of NO_BODY) {
      const route = writes.find((r) => key(r) === k);
      expect(route, `${k} is served`).toBeDefined();
      expect(route!.schema?.body, `${k} has a body schema after all`).toBeUndefined();
    }
  });

  it("uploads are multipart without body validation and still work", async () => {
    const uploads = apiRoutes().filter((r) => r.schema?.consumes?.includes("multipart/form-data"));
    expect(uploads.map(key).sort()).toEqual([
      "POST /api/companies/:id/logo",
      "POST /api/projects",
      "POST /api/projects/:id/contract-documents",
      "POST /api/projects/:id/upload-html",
      "POST /api/projects/:id/upload-input",
    ]);
    for (const r of uploads) expect(r.schema?.body, key(r)).toBeUndefined();
    // A real multipart create still reaches the handler (a JSON body schema would refuse it with 400).
    const companyId = await ctx.createCompany();
    const admin = await ctx.createUser("company_admin", companyId);
    const boundary = "----openapi";
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nOpenAPI Projekt\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lv.x83"\r\nContent-Type: application/xml\r\n\r\n<GAEB/>\r\n`,
      `--${boundary}--\r\n`,
    ].join("");
    const res = await ctx.request("POST", "/api/projects", {
      user: admin,
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3 document of the bauklar API with the session cookie as security scheme", () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: "bauklar API", version: expect.any(String) });
    expect(doc.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "bauklar_sid" }),
    );
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
  });

  it("describes every API route and nothing else", () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const served = apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(
      described.filter((d) => !served.includes(d)),
      "described but not served",
    ).toEqual([]);
    expect(
      served.filter((s) => !described.includes(s)),
      "served but not described",
    ).toEqual([]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith("/api/"))).toBe(true);
  });

  it("declares each path parameter once, in the path, required", () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const inPath = (op.parameters ?? []).filter((p) => p.in === "path");
        expect(inPath.map((p) => p.name).sort(), `${method} ${path}`).toEqual([...names].sort());
        for (const p of inPath) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
      }
    }
    const project = doc.paths["/api/projects/{id}"];
    expect(Object.keys(project).sort()).toEqual(["delete", "get", "put"]);
    expect(project.get.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true, schema: expect.objectContaining({ type: "integer" }) }),
    ]);
    expect(project.put.requestBody?.content["application/json"].schema.properties).toHaveProperty("name");
  });

  it("tags every operation with its area and answers for each", () => {
    const areas = new Set(AREA_TAGS.map((t) => t.name));
    expect(doc.tags.map((t) => t.name)).toEqual([...areas]);
    const untagged: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        if (op.tags?.length !== 1 || !areas.has(op.tags[0])) untagged.push(`${method} ${path} ${op.tags}`);
        expect(op.responses, `${method} ${path}`).toBeDefined();
      }
    expect(untagged).toEqual([]);
    expect(doc.paths["/api/projects/{id}/boq"].get.tags).toEqual(["Leistungsverzeichnis"]);
    expect(doc.paths["/api/companies/{id}/chatbot-usage"].get.tags).toEqual(["Chatbot"]);
    expect(doc.paths["/api/login"].post.tags).toEqual(["Anmeldung"]);
  });

  it("gives every operation a German one-line summary (from its schema or api-docs/summaries.ts)", () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
    );
    expect(
      described.filter(({ op }) => !op.summary?.trim()).map(({ key }) => key),
      "operations without a summary",
    ).toEqual([]);
    const keys = new Set(described.map((d) => d.key));
    expect(
      Object.keys(SUMMARIES).filter((k) => !keys.has(k)),
      "summaries of routes that do not exist",
    ).toEqual([]);
    expect(doc.paths["/api/projects/{id}"].get.summary).toBe("Ein Projekt");
    expect(doc.paths["/api/logout"].post.summary).toBe("Abmelden (beendet die Sitzung)");
  });

  it("marks exactly the routes that work without a session as public", async () => {
    const publicOps = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(publicOps.sort()).toEqual(
      [
        "POST /api/login",
        "POST /api/login/mfa",
        "POST /api/login/passkey/options",
        "POST /api/login/passkey",
        "POST /api/register",
        "GET /api/registration-links/{token}/validate",
        "POST /api/contact",
        "POST /api/membership-request",
        "GET /api/password-reset/available",
        "POST /api/password-reset/request",
        "POST /api/password-reset/confirm",
      ].sort(),
    );
    // Without a cookie a protected route answers 401; a public one does not.
    expect((await ctx.request("GET", "/api/projects")).statusCode).toBe(401);
    expect(
      (await ctx.request("POST", "/api/contact", { body: { name: "Max", email: "m@b.de", company: "", message: "Hallo" } })).statusCode,
    ).not.toBe(401);
  });

  it("documents uploads as multipart/form-data with their file part", () => {
    const create = doc.paths["/api/projects"].post.requestBody!;
    expect(Object.keys(create.content)).toEqual(["multipart/form-data"]);
    const form = create.content["multipart/form-data"].schema;
    expect(form.properties?.file.format).toBe("binary");
    expect(form.properties).toHaveProperty("name");
    expect(Object.keys(doc.paths["/api/companies/{id}/logo"].post.requestBody!.content)).toEqual(["multipart/form-data"]);
    expect(
      doc.paths["/api/projects/{id}/upload-input"].post.requestBody!.content["multipart/form-data"].schema.properties?.file.format,
    ).toBe("binary");
  });

  it("has only references that resolve", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas?.[ref.slice("#/components/schemas/".length)], ref).toBeDefined();
    }
  });
});

describe("/api/docs", () => {
  it("serves Swagger UI from our own assets, reading our description", async () => {
    const page = await ctx.request("GET", "/api/docs");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, "no CDN").toMatch(/^\/api\/docs\/static\//);
      const asset = await ctx.request("GET", src);
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers["content-type"], src).toContain("javascript");
    }
    // No inline script: the page runs under script-src 'self'.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const json = await ctx.request("GET", "/api/docs/json");
    expect(json.json().info.title).toBe("bauklar API");
  });

  it("keeps the app's CSP on the docs and everywhere else", async () => {
    for (const url of ["/api/docs", "/api/docs/static/swagger-ui-bundle.js", "/api/openapi.json", "/api/user", "/"]) {
      const res = await ctx.request("GET", url);
      expect(res.headers["content-security-policy"], url).toBe(APP_CSP);
    }
  });
});
