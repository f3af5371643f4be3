// Operations endpoints (issue 15): /healthz without the database, /readyz naming the failing part,
// /metrics only with METRICS_TOKEN as bearer, the request histogram labelled by route pattern, and
// the product counters moving after real uploads, chatbot answers, refusals and analysis jobs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { startBackground, type Background } from "../../src/server/background";
import type { Readiness } from "../../src/server/ops/health";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createPostgresDatabase, onPostgres } from "../helpers/database";
import { startFakeLlm, type FakeLlm } from "../helpers/fake-llm";
import { multipart } from "./projects.helpers";

const TOKEN = "ops-test-metrics-token-0123456789";
const silent = { warn() {}, info() {}, error() {}, debug() {}, child: () => silent } as unknown as FastifyInstance["log"];
const SAMPLE = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/minimal.x83"));

/** An app on a database of its own that the test may close (createTestApp's is dropped on close). */
async function standaloneApp(overrides: Partial<Config> = {}) {
  const created = onPostgres() ? await createPostgresDatabase() : null;
  const database: Database = await openDatabase(created ? { databaseUrl: created.url, poolSize: 4 } : { dataDir: "memory://" });
  const config: Config = {
    ...loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000", LOG_LEVEL: "error" }),
    clientDir: "/nonexistent",
    rateLimit: false,
    ...overrides,
  };
  const app = await buildApp({ db: database.db, database, config }, { logger: false });
  let dbOpen = true;
  const closeDb = async () => {
    if (dbOpen) await database.close();
    dbOpen = false;
  };
  return {
    app,
    database,
    config,
    closeDb,
    async dispose() {
      await app.close();
      await closeDb();
      await created?.drop();
    },
  };
}

const readiness = async (app: FastifyInstance) => {
  const res = await app.inject({ method: "GET", url: "/readyz" });
  return { status: res.statusCode, body: res.json<Readiness>() };
};

/** A sample's value in Prometheus text format, e.g. value(text, "x_total", { source: "llm" }); undefined if absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("GET /healthz and GET /readyz", () => {
  it("readiness names each failing part (job worker, migrations, draining, database); liveness stays 200 without the database", async () => {
    const s = await standaloneApp();
    let background: Background | undefined;
    try {
      // No job worker yet (api tests do not start one): not ready, and it says why.
      let ready = await readiness(s.app);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        ready: false,
        checks: { shutdown: "running", database: "ok", migrations: "ok", jobWorker: "stopped", disk: onPostgres() ? "unchecked" : "ok" },
        failing: ["jobWorker"],
      });

      background = startBackground({ db: s.database.db, database: s.database, config: s.config, ops: s.app.ops }, silent);
      ready = await readiness(s.app);
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        ready: true,
        checks: { shutdown: "running", database: "ok", migrations: "ok", jobWorker: "running", disk: onPostgres() ? "unchecked" : "ok" },
        failing: [],
      });

      // A database behind this build (the newest migration missing).
      await s.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      ready = await readiness(s.app);
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toMatchObject({ database: "ok", migrations: "pending" });
      expect(ready.body.failing).toEqual(["migrations"]);

      s.app.ops.health.startDraining(); // what main.ts does on SIGTERM
      ready = await readiness(s.app);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.shutdown).toBe("draining");
      expect(ready.body.failing).toEqual(["shutdown", "migrations"]);

      await background.stop();
      background = undefined;
      expect((await readiness(s.app)).body.failing).toEqual(["shutdown", "migrations", "jobWorker"]);

      await s.closeDb();
      ready = await readiness(s.app);
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toMatchObject({ database: "unreachable", migrations: "unknown" });
      expect(ready.body.failing).toContain("database");

      // Liveness needs no database.
      const res = await s.app.inject({ method: "GET", url: "/healthz" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("no-store");
    } finally {
      await background?.stop();
      await s.dispose();
    }
  });
});

describe("GET /metrics access", () => {
  let withToken: TestContext;
  let withoutToken: TestContext;
  beforeAll(async () => {
    withToken = await createTestApp({ metricsToken: TOKEN });
    withoutToken = await createTestApp();
  });
  afterAll(async () => {
    await withToken?.close();
    await withoutToken?.close();
  });

  it("is 404 without METRICS_TOKEN, without a bearer and with a wrong one; 200 Prometheus text with the token", async () => {
    const get = (ctx: TestContext, authorization?: string) =>
      ctx.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
    for (const res of [
      await get(withoutToken),
      await get(withoutToken, `Bearer ${TOKEN}`),
      await get(withToken),
      await get(withToken, `Bearer ${TOKEN}x`),
      await get(withToken, `Bearer ${TOKEN.slice(0, -1)}`),
      await get(withToken, `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`),
      await get(withToken, TOKEN),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("bauklar_");
    }
    const res = await get(withToken, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Default process metrics and the product's own.
    expect(value(res.body, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(res.body).toContain("# TYPE bauklar_http_request_duration_seconds histogram");
    expect(value(res.body, "bauklar_chatbot_answers_total", { source: "knowledge-base" })).toBe(0);
  });

  it("keeps the probes and /metrics out of the API description", async () => {
    const openapi = (await withToken.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(10);
    expect(Object.keys(openapi.paths).filter((p) => /healthz|readyz|metrics/.test(p))).toEqual([]);
  });
});

describe("metrics of a running app", () => {
  let ctx: TestContext;
  let admin: TestUser;
  let background: Background | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ metricsToken: TOKEN });
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
    admin = await ctx.createUser("company_admin", companyId);
  });
  afterAll(async () => {
    await background?.stop();
    await ctx?.close();
  });

  it("labels request durations by route pattern, never by the raw URL; unmatched routes share one label", async () => {
    const projectId = 917_355;
    expect((await ctx.request("GET", `/api/projects/${projectId}`, { user: admin })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/gibt-es-nicht/${projectId}`, { user: admin })).statusCode).toBe(404);
    const text = await scrape(ctx.app);
    expect(value(text, "bauklar_http_request_duration_seconds_count", { route: "/api/projects/:id", method: "GET", status: "404" })).toBe(
      1,
    );
    expect(
      value(text, "bauklar_http_request_duration_seconds_count", { route: "unmatched", method: "GET", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(String(projectId));
    expect(text).not.toContain("gibt-es-nicht");
    // The login of createUser went through the same hook.
    expect(
      value(text, "bauklar_http_request_duration_seconds_count", { route: "/api/login", method: "POST", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("counts a real upload with its bytes, queues its analysis and times the finished job", async () => {
    const { body, headers } = multipart({ name: "Metriken-Projekt" }, [
      { field: "file", name: "LV.x83", type: "application/xml", data: SAMPLE },
    ]);
    const res = await ctx.request("POST", "/api/projects", { user: admin, body, headers });
    expect(res.statusCode).toBe(201);

    let text = await scrape(ctx.app);
    expect(value(text, "bauklar_uploads_total", { route: "/api/projects" })).toBe(1);
    expect(value(text, "bauklar_upload_bytes_total", { route: "/api/projects" })).toBe(SAMPLE.length);
    // No worker yet: the analysis waits in the queue.
    expect(value(text, "bauklar_jobs", { queue: "boq.analyse", state: "queued" })).toBe(1);
    expect(value(text, "bauklar_job_duration_seconds_count", { queue: "boq.analyse", outcome: "done" })).toBeUndefined();

    background = startBackground({ db: ctx.db, database: ctx.testDb.database, config: ctx.config, ops: ctx.app.ops }, silent);
    await until(
      "the analysis job",
      async () => value(await scrape(ctx.app), "bauklar_job_duration_seconds_count", { queue: "boq.analyse", outcome: "done" }) === 1,
    );
    text = await scrape(ctx.app);
    expect(value(text, "bauklar_jobs", { queue: "boq.analyse", state: "queued" })).toBe(0);
    expect(value(text, "bauklar_jobs", { queue: "boq.analyse", state: "running" })).toBe(0);
    expect(value(text, "bauklar_jobs", { queue: "boq.analyse", state: "failed" })).toBe(0);
    expect(value(text, "bauklar_job_duration_seconds_sum", { queue: "boq.analyse", outcome: "done" })).toBeGreaterThan(0);
  });

  it("counts a chatbot answer from the knowledge base and a refusal for a company without the package", async () => {
    const before = await scrape(ctx.app);
    const answered = await ctx.request("POST", "/api/chatbot/legal", {
      user: admin,
      body: { message: "Wie lange verjähren Mängelansprüche nach VOB/B?" },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().source).toBe("knowledge-base");

    const unpaid = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: 0 });
    const refusedUser = await ctx.createUser("user", unpaid);
    const refused = await ctx.request("POST", "/api/chatbot/legal", {
      user: refusedUser,
      body: { message: "Was ist eine Behinderungsanzeige?" },
    });
    expect(refused.statusCode).toBe(403);

    const after = await scrape(ctx.app);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    expect(delta("bauklar_chatbot_answers_total", { source: "knowledge-base" })).toBe(1);
    expect(delta("bauklar_chatbot_answers_total", { source: "llm" })).toBe(0);
    expect(delta("bauklar_chatbot_quota_refusals_total")).toBe(1);
    expect(delta("bauklar_model_tokens_total", { use: "chatbot", kind: "prompt" })).toBe(0);
  });
});

describe("model tokens", () => {
  let llm: FakeLlm;
  let ctx: TestContext;
  beforeAll(async () => {
    llm = await startFakeLlm();
    ctx = await createTestApp({ metricsToken: TOKEN, llm: { baseUrl: llm.url, apiKey: "test", model: "fake", timeoutMs: 10_000 } });
  });
  afterAll(async () => {
    await ctx?.close();
    await llm?.close();
  });

  it("counts the tokens the model reports for a chatbot answer, as JSON and as a stream", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
    const user = await ctx.createUser("user", companyId);
    const message = "Wie lange verjähren Mängelansprüche nach VOB/B?";
    const res = await ctx.request("POST", "/api/chatbot/legal", { user, body: { message } });
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe("llm");
    let text = await scrape(ctx.app);
    expect(value(text, "bauklar_chatbot_answers_total", { source: "llm" })).toBe(1);
    expect(value(text, "bauklar_model_tokens_total", { use: "chatbot", kind: "prompt" })).toBe(10);
    expect(value(text, "bauklar_model_tokens_total", { use: "chatbot", kind: "completion" })).toBe(10);

    // Streams ask the provider for usage (stream_options.include_usage).
    const streamed = await ctx.request("POST", "/api/chatbot/legal?stream=1", { user, body: { message } });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain("event: done");
    expect(llm.requests.at(-1)?.stream).toBe(true);
    text = await scrape(ctx.app);
    expect(value(text, "bauklar_chatbot_answers_total", { source: "llm" })).toBe(2);
    expect(value(text, "bauklar_model_tokens_total", { use: "chatbot", kind: "prompt" })).toBe(20);
    expect(value(text, "bauklar_model_tokens_total", { use: "chatbot", kind: "completion" })).toBe(20);
  });

  it("counts the tokens of the model pass over an uploaded LV", async () => {
    const companyId = await ctx.createCompany(undefined, { freeChatbotRequestsPerMonth: -1 });
    const admin = await ctx.createUser("company_admin", companyId);
    const lv = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/boq.x83"));
    const { body, headers } = multipart({ name: "Modell-Projekt" }, [{ field: "file", name: "LV.x83", type: "application/xml", data: lv }]);
    expect((await ctx.request("POST", "/api/projects", { user: admin, body, headers })).statusCode).toBe(201);
    const calls = llm.requests.length;
    const background = startBackground({ db: ctx.db, database: ctx.testDb.database, config: ctx.config, ops: ctx.app.ops }, silent);
    try {
      await until(
        "the analysis job",
        async () => value(await scrape(ctx.app), "bauklar_job_duration_seconds_count", { queue: "boq.analyse", outcome: "done" }) === 1,
      );
    } finally {
      await background.stop();
    }
    const modelCalls = llm.requests.length - calls;
    expect(modelCalls).toBeGreaterThan(0);
    const text = await scrape(ctx.app);
    // The fake model reports 10 + 10 tokens per call.
    expect(value(text, "bauklar_model_tokens_total", { use: "analysis", kind: "prompt" })).toBe(10 * modelCalls);
    expect(value(text, "bauklar_model_tokens_total", { use: "analysis", kind: "completion" })).toBe(10 * modelCalls);
  });
});
