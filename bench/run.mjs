// npm run bench: builds, starts the product on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL, a fresh database) or PGlite, seeds realistic data, and prints every figure of
// DESIGN.md's quality bars next to its bar. Results go to bench/results/ as JSON and Markdown.
//
// Options: --no-build, --duration=<s> (per API measurement, default 10), --pglite.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { seedBenchData } from "./seed.ts";
import { freePort } from "../tests/helpers/e2e.ts";
import { createPostgresDatabase } from "../tests/helpers/database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")).map(([k, v]) => [k, v ?? "true"]));
const DURATION = Number(args.get("duration") ?? 10);
const CONNECTIONS = 50;
const root = resolve(import.meta.dirname, "..");
const dist = process.env.DIST_DIR ?? join(root, "dist");
const results = { date: new Date().toISOString(), machine: { cpus: (await import("node:os")).cpus().length }, api: [], baseline: [], upload: null, js: [], lighthouse: null };

function log(msg) {
  process.stderr.write(`[bench] ${msg}\n`);
}

// 1. Build.
if (args.get("build") !== "false" && !args.has("no-build")) {
  log("building …");
  const b = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

// 2. Database and seed (before the server starts: PGlite is single-process).
const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let databaseUrl;
let dropDb = async () => {};
const dataDir = mkdtempSync(join(tmpdir(), "bauklar-bench-"));
if (pgAdmin && !args.has("pglite")) {
  process.env.TEST_DATABASE_URL = pgAdmin;
  const created = await createPostgresDatabase();
  databaseUrl = created.url;
  dropDb = created.drop;
}
log(`seeding on ${databaseUrl ? "PostgreSQL" : "PGlite"} …`);
const seed = await seedBenchData({ databaseUrl, dataDir });
log(`seeded ${seed.counts.companies} companies, ${seed.counts.users} users, ${seed.counts.projects} projects, ${seed.counts.messages} chat messages`);

// 3. Server.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(dist, "server/main.js")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_ORIGIN: base, LOG_LEVEL: "warn", RATE_LIMIT: "off", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  stdio: ["ignore", "inherit", "inherit"],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/user`)).status === 401) break;
  } catch {
    /* starting */
  }
  if (i > 300) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

async function login(username) {
  const res = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password: seed.password }) });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers.get("set-cookie").split(";")[0];
}

const cookie = await login(seed.bigCompanyAdmin);
const projectId = seed.sampleProjectId;

function cannon(opts) {
  return new Promise((resolvePromise, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, r) => (err ? reject(err) : resolvePromise(r)));
  });
}
const figures = (r) => ({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });

// 4. API figures.
const jsonHeaders = { cookie, "content-type": "application/json" };
const scenarios = [
  { name: "GET /api/user", url: `${base}/api/user`, headers: { cookie } },
  { name: "GET /api/projects (500 projects)", url: `${base}/api/projects`, headers: { cookie }, bar: { p99: 30 } },
  { name: "GET /api/projects/:id", url: `${base}/api/projects/${projectId}`, headers: { cookie } },
  { name: "POST /api/chatbot/legal (knowledge base)", url: `${base}/api/chatbot/legal`, method: "POST", headers: jsonHeaders, body: JSON.stringify({ message: "Wie lange verjähren Mängelansprüche nach VOB/B?" }), connections: 10 },
  { name: "POST /api/login", url: `${base}/api/login`, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: seed.bigCompanyAdmin, password: seed.password }) },
];
const bodies = {};
for (const s of scenarios) {
  log(`measuring ${s.name} …`);
  const sample = await fetch(s.url, { method: s.method ?? "GET", headers: s.headers, body: s.body });
  bodies[s.name] = await sample.text();
  const r = await cannon({ url: s.url, method: s.method ?? "GET", headers: s.headers, body: s.body, connections: s.connections ?? CONNECTIONS });
  results.api.push({ name: s.name, ...figures(r), bar: s.bar ?? null });
}

// 5. Baseline: a bare node:http server returning the same JSON from memory, same run.
const baselinePort = await freePort();
const payloads = { "/user": bodies["GET /api/user"], "/projects": bodies["GET /api/projects (500 projects)"] };
const bare = createServer((req, res) => {
  const body = payloads[req.url] ?? "{}";
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
await new Promise((r) => bare.listen(baselinePort, "127.0.0.1", r));
for (const [path, name] of [["/user", "GET /api/user"], ["/projects", "GET /api/projects (500 projects)"]]) {
  log(`measuring bare node:http ${path} …`);
  const r = figures(await cannon({ url: `http://127.0.0.1:${baselinePort}${path}` }));
  const app = results.api.find((a) => a.name === name);
  results.baseline.push({ name, bareRps: r.rps, appRps: app.rps, ratio: app.rps / r.rps, bar: 0.35 });
}
bare.close();

// 6. Memory during 20 concurrent 10 MB uploads.
const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
};
{
  log("measuring memory during 20 concurrent 10 MB uploads …");
  await new Promise((r) => setTimeout(r, 1000));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const file = Buffer.alloc(10 * 1024 * 1024 - 1024, 7);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const form = new FormData();
      form.append("name", `Upload ${i}`);
      form.append("file", new Blob([file]), `lv-${i}.x83`);
      const res = await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie }, body: form });
      return res.status;
    }),
  );
  clearInterval(sampler);
  results.upload = { uploads: 20, sizeMb: 10, ok: statuses.filter((s) => s < 300).length, seconds: (Date.now() - started) / 1000, rssBeforeMb: before / 2 ** 20, rssPeakMb: peak / 2 ** 20, perUploadMb: (peak - before) / 2 ** 20 / 20, bar: 60 };
}

// 7. JavaScript each route loads (gzip), measured in Chromium.
try {
  const { launchBrowser } = await import("../tests/helpers/e2e.ts");
  const browser = await launchBrowser();
  const context = await browser.newContext();
  await context.addCookies([{ name: cookie.split("=")[0], value: cookie.split("=")[1], url: base }]);
  const routes = ["/", "/auth", "/impressum", "/dashboard", "/dashboard/projects", `/dashboard/projects/${projectId}`, "/dashboard/users", "/dashboard/chatbot-legal", "/dashboard/settings"];
  for (const route of routes) {
    const page = await context.newPage();
    const scripts = new Map();
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script") scripts.set(res.url(), res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${base}${route}`, { waitUntil: "networkidle" });
    let gzip = 0;
    for (const body of scripts.values()) gzip += gzipSync(await body).length;
    results.js.push({ route, files: scripts.size, gzipKb: gzip / 1024, bar: route === "/" ? 130 : null });
    await page.close();
  }
  await browser.close();
} catch (err) {
  log(`JS size measurement skipped: ${err.message}`);
}

// 8. Lighthouse-style figures for / (bench/lighthouse.mjs).
try {
  const lh = await import("./lighthouse.mjs");
  if (typeof lh.measureLanding === "function") results.lighthouse = await lh.measureLanding(base);
} catch (err) {
  log(`landing-page measurement skipped: ${err.message}`);
}

server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
await seed.close?.();
await dropDb();
rmSync(dataDir, { recursive: true, force: true });

// 9. Report.
const ok = (v) => (v ? "✓" : "✗");
const lines = [];
lines.push(`# bauklar benchmark ${results.date}`, "", `Database: ${databaseUrl ? "PostgreSQL" : "PGlite"} · ${CONNECTIONS} connections · ${DURATION} s per figure`, "");
lines.push("| API | req/s | p50 ms | p99 ms | errors | bar |", "|---|---:|---:|---:|---:|---|");
for (const a of results.api) lines.push(`| ${a.name} | ${a.rps} | ${a.p50} | ${a.p99} | ${a.errors} | ${a.bar ? `p99 < ${a.bar.p99} ms ${ok(a.p99 < a.bar.p99)}` : ""} |`);
lines.push("", "| vs bare node:http | app req/s | bare req/s | ratio | bar |", "|---|---:|---:|---:|---|");
for (const b of results.baseline) lines.push(`| ${b.name} | ${b.appRps} | ${b.bareRps} | ${(b.ratio * 100).toFixed(0)} % | ≥ 35 % ${ok(b.ratio >= b.bar)} |`);
if (results.upload) {
  const u = results.upload;
  lines.push("", `Uploads: ${u.ok}/${u.uploads} × ${u.sizeMb} MB in ${u.seconds.toFixed(1)} s; RSS ${u.rssBeforeMb.toFixed(0)} → ${u.rssPeakMb.toFixed(0)} MB peak = ${u.perUploadMb.toFixed(1)} MB per concurrent upload (bar < ${u.bar} MB per 10 MB upload) ${ok(u.perUploadMb < u.bar)}`);
}
if (results.js.length) {
  lines.push("", "| route | JS files | JS gzip KB | bar |", "|---|---:|---:|---|");
  for (const j of results.js) lines.push(`| ${j.route} | ${j.files} | ${j.gzipKb.toFixed(1)} | ${j.bar ? `≤ ${j.bar} KB ${ok(j.gzipKb <= j.bar)}` : ""} |`);
}
if (results.lighthouse) {
  const l = results.lighthouse;
  lines.push("", `Landing page (${l.tool ?? "measured"}): performance ${l.performance ?? "–"} (bar ≥ 95), LCP ${l.lcpMs} ms (bar < 2000), CLS ${l.cls} (bar < 0.05), TBT ${l.tbtMs} ms`);
}
const report = lines.join("\n");
console.log(`\n${report}\n`);
mkdirSync(join(root, "bench/results"), { recursive: true });
const stamp = results.date.replace(/[:.]/g, "-");
writeFileSync(join(root, `bench/results/${stamp}.json`), JSON.stringify(results, null, 2));
writeFileSync(join(root, `bench/results/${stamp}.md`), report + "\n");
log(`results written to bench/results/${stamp}.{json,md}`);
process.exit(0);
