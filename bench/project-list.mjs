#!/usr/bin/env node
// The project-list bench of DESIGN.md: GET /api/projects for the company admin of a company with
// 500 projects (each with an input file, plus another company's 500 as noise), 50 connections,
// bar p99 < 30 ms. Prints req/s, p50 and p99.
//
//   node bench/project-list.mjs [--duration=10] [--connections=50] [--projects=500]
//
// The server runs in a child process (`node --import tsx bench/project-list.mjs --serve`) built
// from src/ on a throwaway PGlite directory, or on a fresh PostgreSQL database when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; it is seeded through the DB layer before
// it listens. A bench runner can import runProjectListBench() (starts and stops its own
// server) or measureProjectList() (against a server it already runs).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = fileURLToPath(import.meta.url);
const root = resolve(here, "../..");
export const PROJECT_LIST_BAR = { p99Ms: 30 };
const ADMIN = { username: "bench_list_admin", password: "Bench!Liste2025" };

/** What a browser sends with its requests (the list is served gzip-compressed to it). */
export const BROWSER_ENCODING = "gzip, deflate, br";

/**
 * Runs autocannon against GET /api/projects with the given session cookie. `encoding` is the
 * Accept-Encoding sent: a browser's by default, "identity" for uncompressed responses.
 */
export async function measureProjectList({ url, cookie, connections = 50, duration = 10, encoding = BROWSER_ENCODING }) {
  const headers = { cookie, "accept-encoding": encoding };
  // Warm-up: JIT, caches, connection pools.
  await new Promise((res, rej) => autocannon({ url: `${url}/api/projects`, headers, connections: 10, duration: 2 }, (e, r) => (e ? rej(e) : res(r))));
  const r = await new Promise((res, rej) => autocannon({ url: `${url}/api/projects`, headers, connections, duration }, (e, out) => (e ? rej(e) : res(out))));
  const non2xx = r.non2xx + r.errors + r.timeouts;
  return {
    name: "GET /api/projects (company with 500 projects)",
    acceptEncoding: encoding,
    connections,
    durationS: duration,
    requests: r.requests.total,
    requestsPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    failed: non2xx,
    bar: PROJECT_LIST_BAR,
    passed: non2xx === 0 && r.latency.p99 < PROJECT_LIST_BAR.p99Ms,
  };
}

/** Starts the seeded server, measures, stops it. */
export async function runProjectListBench({ connections = 50, duration = 10, projects = 500, log = (m) => process.stderr.write(`[project-list] ${m}\n`) } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "bauklar-bench-list-"));
  const child = spawn(process.execPath, ["--import", "tsx", here, "--serve", `--projects=${projects}`], {
    cwd: root,
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const url = await new Promise((res, rej) => {
      let buf = "";
      child.stdout.on("data", (d) => {
        buf += d;
        const m = /^READY (\S+)$/m.exec(buf);
        if (m) res(m[1]);
      });
      child.once("exit", (code) => rej(new Error(`bench server exited (${code})`)));
    });
    log(`server ready at ${url}; signing in`);
    const login = await fetch(`${url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    if (!login.ok) throw new Error(`login ${login.status}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const list = await (await fetch(`${url}/api/projects`, { headers: { cookie } })).json();
    log(`company admin sees ${list.length} projects; measuring ${duration} s at ${connections} connections`);
    const database = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    const browser = await measureProjectList({ url, cookie, connections, duration });
    log(`and uncompressed (Accept-Encoding: identity)`);
    const identity = await measureProjectList({ url, cookie, connections, duration, encoding: "identity" });
    return { ...browser, visibleProjects: list.length, database, identity };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Child mode: seed through the DB layer, then serve. */
async function serve(projectCount) {
  const { buildApp } = await import("../src/server/app.ts");
  const { loadConfig } = await import("../src/server/config.ts");
  const { openDatabase } = await import("../src/server/db/client.ts");
  const { companies, projectFiles, projects, users } = await import("../src/server/db/schema.ts");
  const { hashPassword } = await import("../src/server/auth/passwords.ts");
  const { firstStart } = await import("../src/server/seed/first-start.ts");
  const { sql } = await import("drizzle-orm");
  const { createHash } = await import("node:crypto");

  const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let databaseUrl;
  let drop = async () => {};
  if (pgAdmin) {
    process.env.TEST_DATABASE_URL = pgAdmin;
    const { createPostgresDatabase } = await import("../tests/helpers/database.ts");
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  }
  const config = { ...loadConfig({ LOG_LEVEL: "warn", PUBLIC_ORIGIN: "http://127.0.0.1", DATA_DIR: process.env.BENCH_DATA_DIR }), rateLimit: false };
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, poolSize: 20 });
  const { db } = database;
  const silent = { warn() {}, info() {}, error() {} };
  await firstStart(db, config, silent);

  const passwordHash = await hashPassword(ADMIN.password);
  const seedCompany = async (name, adminName) => {
    const [company] = await db.insert(companies).values({ name, address: "Industriestraße 7, 35510 Butzbach", contactEmail: `info@${adminName}.de` }).returning({ id: companies.id });
    const [admin] = await db
      .insert(users)
      .values({ username: adminName, email: `${adminName}@bench.test`, passwordHash, role: "company_admin", companyId: company.id, firstName: "Bench", lastName: "Admin" })
      .returning({ id: users.id });
    const works = ["Neubau Kita", "Sanierung Grundschule", "Erweiterung Feuerwache", "Neubau Mehrfamilienhaus", "Umbau Rathaus", "Neubau Lagerhalle"];
    const start = Date.now() - projectCount * 3_600_000;
    const rows = await db
      .insert(projects)
      .values(
        Array.from({ length: projectCount }, (_, i) => ({
          name: `${works[i % works.length]} ${name.split(" ")[0]} Bauabschnitt ${i + 1}`,
          costCenter: `KST-2025-${String(i + 1).padStart(4, "0")}`,
          contactPerson: "Anna Bauer",
          contactEmail: `anna.bauer@${adminName}.de`,
          description: "Ausschreibung nach VOB/A, Leistungsverzeichnis im GAEB-Format X83, Angebotsabgabe in vier Wochen.",
          status: ["Neu", "In Review", "Aktiv", "Abgeschlossen"][i % 4],
          companyId: company.id,
          createdBy: admin.id,
          createdAt: new Date(start + i * 3_600_000),
        })),
      )
      .returning({ id: projects.id });
    const data = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><GAEB><Award><BoQ/></Award></GAEB>`.padEnd(4096, " "));
    const sha256 = createHash("sha256").update(data).digest("hex");
    for (let i = 0; i < rows.length; i += 100) {
      await db.insert(projectFiles).values(
        rows.slice(i, i + 100).map((p) => ({ projectId: p.id, kind: "input", fileName: `LV-${p.id}.x83`, extension: "x83", mimeType: "application/xml", size: data.length, sha256, data, uploadedBy: admin.id })),
      );
    }
    await db.execute(sql`update projects p set input_file_id = f.id from project_files f where f.project_id = p.id and f.kind = 'input' and p.company_id = ${company.id}`);
  };
  await seedCompany("Hochbau Bench GmbH", ADMIN.username);
  await seedCompany("Tiefbau Nachbar AG", "bench_list_other");

  const app = await buildApp({ db, database, config }, { logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  process.stdout.write(`READY http://127.0.0.1:${port}\n`);
  const stop = async () => {
    await app.close();
    await database.close();
    await drop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

const argv = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")).map(([k, v]) => [k, v ?? "true"]));
if (process.argv[1] && resolve(process.argv[1]) === here) {
  if (argv.has("serve")) {
    await serve(Number(argv.get("projects") ?? 500));
  } else {
    const result = await runProjectListBench({
      connections: Number(argv.get("connections") ?? 50),
      duration: Number(argv.get("duration") ?? 10),
      projects: Number(argv.get("projects") ?? 500),
    });
    const line = (r, label) =>
      `GET /api/projects, ${result.visibleProjects} projects, ${r.connections} connections, ${r.durationS} s on ${result.database}, ${label}: ` +
      `${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (bar p99 < ${PROJECT_LIST_BAR.p99Ms} ms: ${r.passed ? "met" : "missed"}), ` +
      `${Math.round(r.bytesPerResponse / 1024)} KB per response, ${r.failed} failed`;
    console.log(line(result, "browser (gzip)"));
    console.log(line(result.identity, "uncompressed"));
    console.log(JSON.stringify(result));
    process.exitCode = result.passed ? 0 : 1;
  }
}
