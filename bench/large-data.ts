// Issue 16: large data. One company with many projects (default 10 000) on a fresh database:
// the paged list, a deep page and two searches at 50 connections (p50/p99, req/s), the server's
// memory, /dashboard/projects to its first card in Chromium, and the LV tab of a 5 000-position
// X83 (bench/lv-tab.ts, tests/helpers/large-gaeb.ts). With `scale`, the list and search figures
// and the memory for each project count of the scaling curve (no browser).
import { readFileSync, rmSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import type { Browser } from "playwright-core";
import { seedLargeCompany, LARGE_SEARCH } from "./large-seed";
import { startBenchServer } from "./server.mjs";
import { createPostgresDatabase } from "../tests/helpers/database";
import { launchBrowser } from "../tests/helpers/e2e";
import { measureLvTab } from "./lv-tab";
import { largeX83 } from "../tests/helpers/large-gaeb";

/** Budgets of issue 16. */
export const LARGE_BUDGETS = {
  pageP99: 30,
  searchP99: 60,
  firstCardMs: 1000,
  listDomNodes: 3000,
  lvTabMs: 1500,
  lvDomNodes: 5000,
} as const;

export interface ApiFigure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** p99 budget in ms, if any. */
  bar: number | null;
}

export interface LargeRun {
  projects: number;
  /** "on" (PROJECT_LIST_CACHE_MB default) or "off" (PROJECT_LIST_CACHE_MB=0: every request to the database). */
  cache: "on" | "off";
  database: "PostgreSQL" | "PGlite";
  seedSeconds: number;
  load: number[];
  api: ApiFigure[];
  rssMb: { idle: number; afterLists: number; peak: number };
  listCacheMb: number;
  browser: {
    firstCardMs: number;
    listDomNodes: number;
    lvTabMs: number;
    lvTabClickMs: number;
    lvDomNodes: number;
    lvPositions: number;
  } | null;
}

type Log = (msg: string) => void;

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`the server (pid ${pid}) is gone`);
  return Number(kb) / 1024;
}

/** Seeds `projects` into a fresh database, starts the built server and measures; cleans up after itself. */
export async function runLargeData(opts: {
  projects: number;
  pgAdmin?: string;
  duration: number;
  browser: boolean;
  cache?: "on" | "off";
  log: Log;
}): Promise<LargeRun> {
  const cache = opts.cache ?? "on";
  const { log } = opts;
  const dataDir = mkdtempSync(join(tmpdir(), "bauklar-large-"));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (opts.pgAdmin) {
    process.env.TEST_DATABASE_URL = opts.pgAdmin;
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  }
  const started = Date.now();
  const seed = await seedLargeCompany({ databaseUrl, dataDir, projects: opts.projects });
  const seedSeconds = (Date.now() - started) / 1000;
  log(`large: seeded ${opts.projects} projects in one company in ${seedSeconds.toFixed(1)} s; list cache ${cache}`);
  const server = await startBenchServer({
    databaseUrl,
    dataDir,
    env: {
      RATE_LIMIT: "off",
      ...(process.env.BENCH_VERBOSE ? { LOG_LEVEL: "info" } : {}),
      ...(cache === "off" ? { PROJECT_LIST_CACHE_MB: "0" } : {}),
    },
    quiet: !process.env.BENCH_VERBOSE,
  });
  let sampler: NodeJS.Timeout | undefined;
  server.process.once("exit", (code, signal) => log(`large: the server exited (code ${code}, signal ${signal})`));
  try {
    const login = await fetch(`${server.base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: seed.admin, password: seed.password }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssOf(server.pid!);
    let peak = idle;
    sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 50);

    const scenarios: { name: string; path: string; bar: number | null; expectTotal?: (n: number) => boolean }[] = [
      {
        name: "paged list ?limit=50",
        path: "/api/projects?limit=50",
        bar: LARGE_BUDGETS.pageP99,
        expectTotal: (n) => n === opts.projects + 1,
      },
      {
        name: "deep page ?limit=50&offset=9000",
        path: `/api/projects?limit=50&offset=${Math.min(9000, opts.projects - 50)}`,
        bar: LARGE_BUDGETS.pageP99,
      },
      {
        name: "page sorted by name ?sort=name&offset=500",
        path: "/api/projects?limit=50&sort=name&offset=500",
        bar: LARGE_BUDGETS.pageP99,
      },
      {
        name: `search, many matches ?q=${LARGE_SEARCH.many}`,
        path: `/api/projects?limit=50&q=${LARGE_SEARCH.many}`,
        bar: LARGE_BUDGETS.searchP99,
        expectTotal: (n) => n >= opts.projects / 10,
      },
      {
        name: `search, one match ?q=${LARGE_SEARCH.few}`,
        path: `/api/projects?limit=50&q=${LARGE_SEARCH.few}`,
        bar: LARGE_BUDGETS.searchP99,
        expectTotal: (n) => n === 1,
      },
    ];
    // Warm-up over all scenarios first: JIT, the connection pool and its prepared statements,
    // so the first figure is not the one that pays for them.
    for (const s of scenarios) await cannon({ url: `${server.base}${s.path}`, headers, connections: 50, duration: 2 });
    const api: ApiFigure[] = [];
    for (const s of scenarios) {
      const url = `${server.base}${s.path}`;
      const sample = await fetch(url, { headers });
      if (!sample.ok) throw new Error(`${s.name}: ${sample.status} ${await sample.text()}`);
      const total = Number(sample.headers.get("x-total-count"));
      const rows = ((await sample.json()) as unknown[]).length;
      if (s.expectTotal && !s.expectTotal(total)) throw new Error(`${s.name}: X-Total-Count ${total} is not what was seeded`);
      log(`large: measuring ${s.name} (${rows} rows of ${total}) …`);
      await cannon({ url, headers, connections: 50, duration: 2 });
      const r = await cannon({ url, headers, connections: 50, duration: opts.duration });
      api.push({
        name: s.name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx + r.timeouts,
        bar: s.bar,
      });
    }
    // The whole list (no parameters) once: the cache decides whether to keep it (byte budget).
    const whole = await fetch(`${server.base}/api/projects`, { headers: { cookie } });
    const wholeBytes = (await whole.arrayBuffer()).byteLength;
    await new Promise((r) => setTimeout(r, 300));
    const afterLists = rssOf(server.pid!);
    clearInterval(sampler);
    log(`large: whole list ${(wholeBytes / 2 ** 20).toFixed(1)} MB; server RSS ${idle.toFixed(0)} → peak ${peak.toFixed(0)} MB`);

    let browser: LargeRun["browser"] = null;
    if (opts.browser) browser = await measureBrowser(server.base, cookie, log);
    return {
      projects: opts.projects,
      cache,
      database: databaseUrl ? "PostgreSQL" : "PGlite",
      seedSeconds,
      load: loadavg().map((l) => Math.round(l * 100) / 100),
      api,
      rssMb: { idle, afterLists, peak: Math.max(peak, afterLists) },
      listCacheMb: wholeBytes / 2 ** 20,
      browser,
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureBrowser(base: string, cookie: string, log: Log): Promise<NonNullable<LargeRun["browser"]>> {
  const browser: Browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    // Warm the HTTP cache of the static assets as a returning user's browser would have it.
    await page.goto(`${base}/dashboard/projects`);
    await page.getByTestId("project-card").first().waitFor({ timeout: 60_000 });
    let firstCardMs = Infinity;
    let listDomNodes = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await page.goto(`${base}/dashboard/projects`);
      await page.getByTestId("project-card").first().waitFor({ timeout: 60_000 });
      const ms = performance.now() - t;
      const nodes = await page.evaluate(
        () =>
          new Promise<number>((r) =>
            requestAnimationFrame(() => requestAnimationFrame(() => r(document.getElementsByTagName("*").length))),
          ),
      );
      if (ms < firstCardMs) [firstCardMs, listDomNodes] = [ms, nodes];
    }
    log(`large: /dashboard/projects first card ${firstCardMs.toFixed(0)} ms, ${listDomNodes} DOM nodes`);

    // The 5 000-position LV: one upload through the API, read in the background.
    const x83 = largeX83();
    const form = new FormData();
    form.append("name", "Großes LV 5 000 Positionen");
    form.append("file", new Blob([new Uint8Array(x83.buffer)]), "gross.x83");
    const created = await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie }, body: form });
    if (created.status !== 201) throw new Error(`upload of the large X83: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: number };
    const readStarted = Date.now();
    let positions = 0;
    for (;;) {
      const boq = (await (await fetch(`${base}/api/projects/${id}/boq`, { headers: { cookie } })).json()) as {
        status: string;
        positions: unknown[];
      };
      if (boq.status === "done") {
        positions = boq.positions.length;
        break;
      }
      if (boq.status === "error" || boq.status === "failed")
        throw new Error(`the large X83 was not read: ${JSON.stringify(boq).slice(0, 300)}`);
      if (Date.now() - readStarted > 120_000) throw new Error("the large X83 was not read within 120 s");
      await new Promise((r) => setTimeout(r, 250));
    }
    log(`large: X83 with ${x83.items} items read in ${((Date.now() - readStarted) / 1000).toFixed(1)} s; measuring the LV tab …`);
    await measureLvTab(page, `${base}/dashboard/projects/${id}`); // warm-up: chunks into the cache
    let best = { ms: Infinity, tabMs: 0, domNodes: 0 };
    for (let i = 0; i < 3; i++) {
      const f = await measureLvTab(page, `${base}/dashboard/projects/${id}`);
      if (f.ms < best.ms) best = f;
    }
    log(`large: LV tab ${best.ms} ms (${best.tabMs} ms after the click), ${best.domNodes} DOM nodes`);
    return {
      firstCardMs: Math.round(firstCardMs),
      listDomNodes,
      lvTabMs: best.ms,
      lvTabClickMs: best.tabMs,
      lvDomNodes: best.domNodes,
      lvPositions: positions,
    };
  } finally {
    await browser.close();
  }
}

/** Report lines for runs, every figure next to its budget; `bar` records a miss. */
export function largeDataReport(runs: LargeRun[], bar: (pass: boolean, text: string, label: string) => string): string[] {
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(
      "",
      `### ${run.projects.toLocaleString("en-US")} projects in one company, list cache ${run.cache} (${run.database}, seeded in ${run.seedSeconds.toFixed(1)} s, load average ${run.load.join(" / ")})`,
      "",
    );
    lines.push("| API, 50 connections | req/s | p50 ms | p99 ms | errors | budget |", "|---|---:|---:|---:|---:|---|");
    for (const a of run.api) {
      lines.push(
        `| ${a.name} | ${a.rps} | ${a.p50} | ${a.p99} | ${a.errors} | ${a.bar ? bar(a.p99 < a.bar && a.errors === 0, `p99 < ${a.bar} ms`, `${run.projects} projects: ${a.name} p99`) : ""} |`,
      );
    }
    lines.push(
      "",
      `Server RSS: ${run.rssMb.idle.toFixed(0)} MB idle, peak ${run.rssMb.peak.toFixed(0)} MB under load, ${run.rssMb.afterLists.toFixed(0)} MB after one whole-list request (${run.listCacheMb.toFixed(1)} MB of JSON).`,
    );
    const b = run.browser;
    if (b) {
      lines.push("", "| Chromium | value | budget |", "|---|---:|---|");
      lines.push(
        `| /dashboard/projects to the first card | ${b.firstCardMs} ms | ${bar(b.firstCardMs < LARGE_BUDGETS.firstCardMs, `< ${LARGE_BUDGETS.firstCardMs} ms`, "projects page first card")} |`,
      );
      lines.push(
        `| /dashboard/projects DOM nodes | ${b.listDomNodes} | ${bar(b.listDomNodes < LARGE_BUDGETS.listDomNodes, `< ${LARGE_BUDGETS.listDomNodes}`, "projects page DOM nodes")} |`,
      );
      lines.push(
        `| LV tab of ${b.lvPositions} positions usable (page load + tab; ${b.lvTabClickMs} ms after the click) | ${b.lvTabMs} ms | ${bar(b.lvTabMs < LARGE_BUDGETS.lvTabMs, `< ${LARGE_BUDGETS.lvTabMs} ms`, "LV tab time")} |`,
      );
      lines.push(
        `| LV tab DOM nodes | ${b.lvDomNodes} | ${bar(b.lvDomNodes < LARGE_BUDGETS.lvDomNodes, `< ${LARGE_BUDGETS.lvDomNodes}`, "LV tab DOM nodes")} |`,
      );
    }
  }
  return lines;
}

/** The scaling curve as one table. */
export function scalingTable(runs: LargeRun[]): string[] {
  const p99 = (run: LargeRun, prefix: string) => run.api.find((a) => a.name.startsWith(prefix))?.p99 ?? "–";
  return [
    "",
    "| projects | list cache | paged list p99 | deep page p99 | search (many) p99 | search (one) p99 | paged req/s | RSS idle / peak MB | load avg |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${r.projects} | ${r.cache} | ${p99(r, "paged")} ms | ${p99(r, "deep")} ms | ${p99(r, "search, many")} ms | ${p99(r, "search, one")} ms | ${r.api[0]?.rps ?? "–"} | ${r.rssMb.idle.toFixed(0)} / ${r.rssMb.peak.toFixed(0)} | ${r.load[0]} |`,
    ),
  ];
}
