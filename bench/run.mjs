// npm run bench: builds, starts the product on PostgreSQL — the production setup the bars are
// for (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server at 127.0.0.1:5432 if it
// answers; a fresh database each run) — seeds realistic data, and prints every figure of
// docs/architecture.md's quality bars next to its bar; exit code 1 when one is missed. Results go to
// bench/results/ as JSON and Markdown.
//
// Options: --no-build, --duration=<s> (per API measurement, default 10), --pglite (the embedded
// database instead; see docs/performance.md for how its figures differ), --only reader (only the
// reader-isolation measurement and its bar, after build, seed and start as usual), --only queue
// (only the 3-company queue-fairness scenario, bench/queue-fairness.mjs), --only large
// (issue 16 only: 10 000 projects in one company, paged list and search at 50 connections,
// server memory, /dashboard/projects and the LV tab of a 5 000-position LV in Chromium; see
// bench/large-data.ts), --scale (the scaling curve: the same API figures and memory for 1 000,
// 10 000 and 50 000 projects, no browser; --scale=1000,20000 for other counts).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { landingChecks, measureLanding, scriptSizes } from "./lighthouse.mjs";
import { seedBenchData } from "./seed.ts";
import { launchBrowser } from "../tests/helpers/e2e.ts";
import { freePort, startBenchServer } from "./server.mjs";
import { createPostgresDatabase } from "../tests/helpers/database.ts";
import { chatbotQualityReport } from "./chatbot-quality.ts";
import { chatbotBlindReport } from "./chatbot-blind.ts";
import { measureReaderIsolation } from "./reader-isolation.mjs";
import { measureQueueFairness, queueFairnessReport } from "./queue-fairness.mjs";
import { largeDataReport, runLargeData, scalingTable } from "./large-data.ts";

const args = new Map(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, "").split("="))
    .map(([k, v]) => [k, v ?? "true"]),
);
const onlyQueue = args.get("only") === "queue" || (args.get("only") === "true" && args.has("queue"));
// --only queue skips everything but the queue scenario; --only reader everything but reader isolation.
const onlyReader = onlyQueue || args.get("only") === "reader" || (args.get("only") === "true" && args.has("reader"));
const DURATION = Number(args.get("duration") ?? 10);
const CONNECTIONS = 50;
const root = resolve(import.meta.dirname, "..");
const results = {
  date: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length },
  api: [],
  baseline: [],
  reader: null,
  queue: null,
  upload: null,
  js: [],
  lighthouse: null,
};

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
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
async function reachable(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  return client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
}
const pgAdmin =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? ((await reachable(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : undefined);
if (!pgAdmin && !args.has("pglite")) log("no PostgreSQL reachable: measuring on PGlite (the bars are for PostgreSQL)");
// Issue 16 alone (--only large) or the scaling curve (--scale): fresh databases of their own.
const onlyLarge = args.get("only") === "large" || (args.get("only") === "true" && args.has("large"));
if (onlyLarge || args.has("scale")) {
  const scaleArg = args.get("scale");
  const counts = !args.has("scale") ? [10000] : (scaleArg === "true" ? "1000,10000,50000" : scaleArg).split(",").map(Number);
  const runs = [];
  // The curve with the list cache on and off (PROJECT_LIST_CACHE_MB=0: every page from the database).
  for (const projects of counts) {
    for (const cache of args.has("scale") ? ["on", "off"] : ["on"])
      runs.push(
        await runLargeData({
          projects,
          cache,
          pgAdmin: args.has("pglite") ? undefined : pgAdmin,
          duration: DURATION,
          browser: !args.has("scale"),
          log,
        }),
      );
  }
  const missed = [];
  const bar = (pass, text, label) => {
    if (!pass) missed.push(label);
    return `${text} ${pass ? "✓" : "✗ MISSED"}`;
  };
  const lines = [
    `# bauklar benchmark, large data ${results.date}`,
    "",
    `${results.machine.cpus} CPU cores · ${CONNECTIONS} connections · ${DURATION} s per figure after 2 s warm-up`,
  ];
  lines.push(...largeDataReport(runs, bar));
  if (runs.length > 1) lines.push("", "## Scaling curve", ...scalingTable(runs));
  lines.push("", missed.length ? `**${missed.length} budget(s) missed:** ${missed.join("; ")}` : "**All budgets met.**");
  const report = lines.join("\n");
  console.log(`\n${report}\n`);
  mkdirSync(join(root, "bench/results"), { recursive: true });
  const stamp = `${results.date.replace(/[:.]/g, "-")}-large`;
  writeFileSync(join(root, `bench/results/${stamp}.json`), JSON.stringify({ date: results.date, runs, missed }, null, 2));
  writeFileSync(join(root, `bench/results/${stamp}.md`), report + "\n");
  log(`results written to bench/results/${stamp}.{json,md}`);
  process.exit(missed.length ? 1 : 0);
}

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
log(
  `seeded ${seed.counts.companies} companies, ${seed.counts.users} users, ${seed.counts.projects} projects, ${seed.counts.messages} chat messages`,
);

// 3. Server.
const server = await startBenchServer({ databaseUrl, dataDir, env: { RATE_LIMIT: "off" } });
const base = server.base;

async function login(username) {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: seed.password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers.get("set-cookie").split(";")[0];
}

const cookie = await login(seed.bigCompanyAdmin);
const projectId = seed.sampleProjectId;

// 3b. Reader isolation (bench/reader-isolation.mjs): a second company's GET /api/user while a
// third company's PDF bomb and 10 MB GAEB are read – first, so no other upload is read meanwhile.
const [uploader, poller] = seed.otherCompanyAdmins;
if (!onlyQueue)
  results.reader = await measureReaderIsolation({
    base,
    pid: server.pid,
    uploaderCookie: await login(uploader),
    pollerCookie: await login(poller),
    log,
  });

// 3c. Fair turns (bench/queue-fairness.mjs): one company's 100 queued files against two others' single LV.
results.queue = await measureQueueFairness({ base, cookies: [cookie, await login(uploader), await login(poller)], databaseUrl, log });

function cannon(opts) {
  return new Promise((resolvePromise, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, r) => (err ? reject(err) : resolvePromise(r)));
  });
}
const figures = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx + r.timeouts,
});

// 4. API figures, with a browser's headers (the project list goes out gzip-compressed).
const BROWSER = { cookie, "accept-encoding": "gzip, deflate, br" };
const jsonHeaders = { ...BROWSER, "content-type": "application/json" };
const scenarios = [
  { name: "GET /api/user", url: `${base}/api/user`, headers: BROWSER },
  { name: "GET /api/projects (500 projects)", url: `${base}/api/projects`, headers: BROWSER, bar: { p99: 30 } },
  { name: "GET /api/projects/:id", url: `${base}/api/projects/${projectId}`, headers: BROWSER },
  {
    name: "POST /api/chatbot/legal (knowledge base)",
    url: `${base}/api/chatbot/legal`,
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ message: "Wie lange verjähren Mängelansprüche nach VOB/B?" }),
  },
  {
    name: "POST /api/login",
    url: `${base}/api/login`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: seed.bigCompanyAdmin, password: seed.password }),
  },
];
const bodies = {};
for (const s of onlyReader ? [] : scenarios) {
  log(`measuring ${s.name} …`);
  const sample = await fetch(s.url, { method: s.method ?? "GET", headers: s.headers, body: s.body });
  if (!sample.ok) throw new Error(`${s.name}: ${sample.status} ${await sample.text()}`);
  bodies[s.name] = await sample.text();
  const opts = { url: s.url, method: s.method ?? "GET", headers: s.headers, body: s.body };
  await cannon({ ...opts, duration: 2 }); // warm-up: JIT, caches, connection pools
  const r = await cannon(opts);
  results.api.push({ name: s.name, ...figures(r), bar: s.bar ?? null });
}

// 5. Baseline: a bare node:http server answering the same bytes from memory (gzip where the
// app sends gzip), measured in the same run.
if (!onlyReader) {
  const baselinePort = await freePort();
  const payloads = {
    "/user": { body: Buffer.from(bodies["GET /api/user"]) },
    "/projects": { body: gzipSync(bodies["GET /api/projects (500 projects)"]), encoding: "gzip" },
  };
  const bare = createServer((req, res) => {
    const p = payloads[req.url] ?? { body: Buffer.from("{}") };
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": p.body.length,
      ...(p.encoding ? { "content-encoding": p.encoding } : {}),
    });
    res.end(p.body);
  });
  await new Promise((r) => bare.listen(baselinePort, "127.0.0.1", r));
  for (const [path, name, bar] of [
    ["/user", "GET /api/user", 0.35],
    ["/projects", "GET /api/projects (500 projects)", null],
  ]) {
    log(`measuring bare node:http ${path} …`);
    const url = `http://127.0.0.1:${baselinePort}${path}`;
    await cannon({ url, duration: 2, headers: BROWSER });
    const r = figures(await cannon({ url, headers: BROWSER }));
    const app = results.api.find((a) => a.name === name);
    results.baseline.push({ name, bareRps: r.rps, appRps: app.rps, ratio: app.rps / r.rps, bar });
  }
  bare.close();
}

// 6. Server memory (RSS) during one 10 MB upload, and during 20 concurrent ones.
const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
};
const file = Buffer.alloc(10 * 1024 * 1024 - 1024, 7);
async function uploadRound(count) {
  await new Promise((r) => setTimeout(r, 1000));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const form = new FormData();
      form.append("name", `Upload ${count}-${i}`);
      form.append("file", new Blob([file]), `lv-${i}.x83`);
      const res = await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie }, body: form });
      return res.status;
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  return {
    uploads: count,
    sizeMb: 10,
    ok: statuses.filter((s) => s < 300).length,
    seconds: (Date.now() - started) / 1000,
    rssBeforeMb: before / 2 ** 20,
    rssPeakMb: peak / 2 ** 20,
    perUploadMb: (peak - before) / 2 ** 20 / count,
    bar: 60,
  };
}
if (!onlyReader) {
  log("measuring memory during one 10 MB upload, then 20 concurrent ones …");
  results.upload = { single: await uploadRound(1), concurrent: await uploadRound(20) };
}

// 7. JavaScript each route loads (gzip), measured in Chromium.
if (!onlyReader) {
  const browser = await launchBrowser();
  const context = await browser.newContext();
  await context.addCookies([{ name: cookie.split("=")[0], value: cookie.split("=")[1], url: base }]);
  const routes = [
    "/",
    "/auth",
    "/impressum",
    "/dashboard",
    "/dashboard/projects",
    `/dashboard/projects/${projectId}`,
    "/dashboard/users",
    "/dashboard/chatbot-legal",
    "/dashboard/settings",
  ];
  for (const route of routes) {
    const { jsGzipKb, files } = await scriptSizes(context, `${base}${route}`);
    results.js.push({ route, files: files.length, gzipKb: jsGzipKb, bar: route === "/" ? 130 : null });
  }
  await browser.close();
}

// 8. Lighthouse (mobile) for / (bench/lighthouse.mjs).
if (!onlyReader) {
  log("running Lighthouse on / …");
  results.lighthouse = (await measureLanding(base, { runs: 3, routes: ["/"] }))["/"];
}

await server.stop();
await seed.close?.();
await dropDb();
rmSync(dataDir, { recursive: true, force: true });

// 8b. Issue 16: 10 000 projects in one company and a 5 000-position LV (bench/large-data.ts).
if (!onlyReader)
  results.large = [
    await runLargeData({ projects: 10000, pgAdmin: args.has("pglite") ? undefined : pgAdmin, duration: DURATION, browser: true, log }),
  ];

// 9. Report: every figure next to its bar.
const ok = (v) => (v ? "✓" : "✗ MISSED");
const missed = [];
const bar = (pass, text, label) => {
  if (!pass) missed.push(label);
  return `${text} ${ok(pass)}`;
};
const lines = [];
const scope = onlyQueue
  ? "queue fairness only (--only queue)"
  : onlyReader
    ? "reader isolation only (--only reader)"
    : `${CONNECTIONS} connections · ${DURATION} s per figure after 2 s warm-up`;
lines.push(
  `# bauklar benchmark ${results.date}`,
  "",
  `Database: ${databaseUrl ? "PostgreSQL" : "PGlite"} · ${results.machine.cpus} CPU cores · ${scope}`,
  "",
);
if (results.api.length) lines.push("| API | req/s | p50 ms | p99 ms | errors | bar |", "|---|---:|---:|---:|---:|---|");
for (const a of results.api)
  lines.push(
    `| ${a.name} | ${a.rps} | ${a.p50} | ${a.p99} | ${a.errors} | ${a.bar ? bar(a.p99 < a.bar.p99 && a.errors === 0, `p99 < ${a.bar.p99} ms`, `${a.name} p99`) : a.errors ? bar(false, "no errors", `${a.name} errors`) : ""} |`,
  );
if (results.baseline.length)
  lines.push("", "| same bytes from a bare node:http server | app req/s | bare req/s | ratio | bar |", "|---|---:|---:|---:|---|");
for (const b of results.baseline)
  lines.push(
    `| ${b.name} | ${b.appRps} | ${b.bareRps} | ${(b.ratio * 100).toFixed(0)} % | ${b.bar ? bar(b.ratio >= b.bar, `≥ ${b.bar * 100} %`, `${b.name} vs bare node:http`) : ""} |`,
  );
const rd = results.reader;
if (rd)
  lines.push(
    "",
    "| another company's GET /api/user (10 connections) while a file is read | result | s | requests | p50 ms | p99 ms | max ms | errors | server RSS MB | bar |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|---|",
  );
if (rd)
  lines.push(
    `| baseline: no file being read | – | 5 | ${rd.baseline.requests} | ${rd.baseline.p50} | ${rd.baseline.p99} | ${rd.baseline.max} | ${rd.baseline.errors} | – | |`,
  );
for (const f of rd?.files ?? []) {
  const outcome = f.status === "done" ? `done, ${f.items} items` : `${f.status} (${f.errorCode})`;
  const rss = `+${f.rssGrowthMb.toFixed(0)} (${f.rssBeforeMb.toFixed(0)} → ${f.rssPeakMb.toFixed(0)})`;
  lines.push(
    `| ${f.name} | ${outcome} | ${f.seconds.toFixed(1)} | ${f.requests} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} | ${rss} | ${bar(f.p99 < f.bar && f.errors === 0, `p99 < ${f.bar} ms while a bomb is read`, `reader isolation: ${f.name}`)} |`,
  );
}
if (results.queue) lines.push(...queueFairnessReport(results.queue, bar));
if (results.upload)
  lines.push("", "| server memory (RSS) | uploads | before MB | peak MB | rise per upload MB | bar |", "|---|---:|---:|---:|---:|---|");
for (const [label, u] of results.upload
  ? [
      ["one 10 MB upload", results.upload.single],
      ["20 concurrent 10 MB uploads", results.upload.concurrent],
    ]
  : []) {
  lines.push(
    `| ${label} (${u.seconds.toFixed(1)} s) | ${u.ok}/${u.uploads} | ${u.rssBeforeMb.toFixed(0)} | ${u.rssPeakMb.toFixed(0)} | ${u.perUploadMb.toFixed(1)} | ${bar(u.perUploadMb < u.bar && u.ok === u.uploads, `< ${u.bar} MB`, `memory: ${label}`)} |`,
  );
}
if (results.js.length) lines.push("", "| route | JS files | JS gzip KB | bar |", "|---|---:|---:|---|");
for (const j of results.js)
  lines.push(
    `| ${j.route} | ${j.files} | ${j.gzipKb.toFixed(1)} | ${j.bar ? bar(j.gzipKb <= j.bar, `≤ ${j.bar} KB`, `JavaScript for ${j.route}`) : ""} |`,
  );
if (results.lighthouse) {
  lines.push("", `| landing page / — ${results.lighthouse.tool} | value | bar |`, "|---|---|---|");
  for (const [name, value, text, pass] of landingChecks("/", results.lighthouse))
    lines.push(`| ${name} | ${value} | ${bar(pass, text, `landing page: ${name}`)} |`);
}
if (results.large) lines.push("", "## Large data (issue 16)", ...largeDataReport(results.large, bar));
lines.push(...(await chatbotQualityReport({ bar, results })));
lines.push(...(await chatbotBlindReport({ bar, results })));
lines.push("", missed.length ? `**${missed.length} bar(s) missed:** ${missed.join("; ")}` : "**All bars met.**");
const report = lines.join("\n");
console.log(`\n${report}\n`);
mkdirSync(join(root, "bench/results"), { recursive: true });
const stamp = results.date.replace(/[:.]/g, "-");
writeFileSync(join(root, `bench/results/${stamp}.json`), JSON.stringify({ ...results, missed }, null, 2));
writeFileSync(join(root, `bench/results/${stamp}.md`), report + "\n");
log(`results written to bench/results/${stamp}.{json,md}`);
process.exit(missed.length ? 1 : 0);
