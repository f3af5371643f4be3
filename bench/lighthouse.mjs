#!/usr/bin/env node
// Landing-page bench against docs/architecture.md's bar: Lighthouse performance >= 95 (mobile), LCP < 2.0 s,
// CLS < 0.05, JavaScript for / <= 130 KB gzip, no dashboard code on the public pages.
//
// Runs Lighthouse 12.8 (the devDependency; 13 needs Node 22) with its default configuration —
// mobile form factor, simulated throttling (Slow 4G, 4x CPU) — against Debian's Chromium, and
// takes the median of several runs. The gzip size of the JavaScript is measured separately in
// an unthrottled page load: Lighthouse reports transfer sizes, which depend on the encoding the
// browser negotiates.
//
// Usage: node bench/lighthouse.mjs [--url http://host:port] [--runs 3] [--routes /,/impressum,/agb]
// Without --url it starts the built product from $DIST_DIR (default dist) on a free port with a
// throwaway PGlite directory. Results go to bench/results/lighthouse-<time>.json; the exit code
// is 1 when a bar is missed. `npm run bench` uses measureLanding() from here.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { freePort, startBenchServer } from "./server.mjs";

export const LANDING_BARS = { score: 95, lcpMs: 2000, cls: 0.05, jsGzipKb: 130 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Chunks of signed-in screens: none of them may load on the public pages. */
const DASHBOARD_CHUNK =
  /^(DashboardShell|OverviewPage|ProjectListPage|ProjectDetailPage|ResultPage|UsersPage|OrdersPage|CompaniesPage|RegistrationLinksPage|InquiriesPage|SettingsPage|Chatbot\w*Page|ProtectedRoute|RequireRole)-/;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/** One Lighthouse run (default config = mobile, simulated throttling). */
async function lighthouseRun(url, port) {
  const { lhr } = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = lhr.audits;
  const scripts = a["network-requests"]?.details?.items?.filter((it) => it.resourceType === "Script") ?? [];
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcpMs: a["first-contentful-paint"].numericValue,
    lcpMs: a["largest-contentful-paint"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    tbtMs: a["total-blocking-time"].numericValue,
    siMs: a["speed-index"].numericValue,
    files: scripts.map((it) => String(it.url).split("/").pop()),
    formFactor: lhr.configSettings.formFactor,
    throttling: lhr.configSettings.throttlingMethod,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    warnings: lhr.runWarnings,
  };
}

/** gzip size of every script a plain (unthrottled) load of `url` fetches; `opener` is a browser or context. */
export async function scriptSizes(opener, url) {
  const page = await opener.newPage();
  const bodies = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script")
      bodies.push(
        r.body().then(
          (b) => ({ file: r.url().split("/").pop(), gzip: gzipSync(b).length }),
          () => null,
        ),
      );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const files = (await Promise.all(bodies)).filter(Boolean);
  await page.close();
  return { jsGzipKb: files.reduce((s, f) => s + f.gzip, 0) / 1024, files: files.map((f) => f.file) };
}

/** Lighthouse figures (median of `runs`) for each route, plus JavaScript size for each. */
export async function measureLanding(base, { runs = 3, routes = ["/"] } = {}) {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROME_ARGS, `--remote-debugging-port=${port}`] });
  const results = {};
  try {
    for (const route of routes) {
      const url = base.replace(/\/$/, "") + route;
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseRun(url, port));
      const pick = (k) => median(all.map((r) => r[k]));
      const js = await scriptSizes(browser, url);
      results[route] = {
        tool: `Lighthouse ${all[0].lighthouseVersion} (${all[0].formFactor}, ${all[0].throttling} throttling), median of ${runs}`,
        score: pick("score"),
        fcpMs: pick("fcpMs"),
        lcpMs: pick("lcpMs"),
        cls: pick("cls"),
        tbtMs: pick("tbtMs"),
        siMs: pick("siMs"),
        benchmarkIndex: pick("benchmarkIndex"),
        jsGzipKb: js.jsGzipKb,
        files: js.files,
        dashboardChunks: [...new Set([...js.files, ...all.flatMap((r) => r.files)].filter((f) => DASHBOARD_CHUNK.test(f)))],
        warnings: [...new Set(all.flatMap((r) => r.warnings))],
        runs: all.map(({ score, fcpMs, lcpMs, cls, tbtMs, siMs }) => ({ score, fcpMs, lcpMs, cls, tbtMs, siMs })),
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** [name, value, bar, ok] rows for one route's figures. */
export function landingChecks(route, r) {
  const rows = [
    ["Lighthouse performance (mobile)", String(r.score), `>= ${LANDING_BARS.score}`, r.score >= LANDING_BARS.score],
    ["LCP", `${Math.round(r.lcpMs)} ms`, `< ${LANDING_BARS.lcpMs} ms`, r.lcpMs < LANDING_BARS.lcpMs],
    ["CLS", r.cls.toFixed(3), `< ${LANDING_BARS.cls}`, r.cls < LANDING_BARS.cls],
    ["TBT", `${Math.round(r.tbtMs)} ms`, "score input", true],
    ["FCP", `${Math.round(r.fcpMs)} ms`, "score input", true],
    ["dashboard code loaded", r.dashboardChunks.length ? r.dashboardChunks.join(", ") : "none", "none", r.dashboardChunks.length === 0],
  ];
  if (route === "/")
    rows.push([
      "JavaScript (gzip)",
      `${r.jsGzipKb.toFixed(1)} KB in ${r.files.length} files`,
      `<= ${LANDING_BARS.jsGzipKb} KB`,
      r.jsGzipKb <= LANDING_BARS.jsGzipKb,
    ]);
  return rows;
}

// ---------------------------------------------------------------- stand-alone use
async function main() {
  const args = process.argv.slice(2);
  const arg = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const server = arg("url") ? null : await startBenchServer({ quiet: true });
  const base = arg("url") ?? server.base;
  let results;
  try {
    results = await measureLanding(base, { runs: Number(arg("runs", "3")), routes: arg("routes", "/,/impressum,/agb").split(",") });
  } finally {
    await server?.stop();
  }
  let failed = false;
  for (const [route, r] of Object.entries(results)) {
    console.log(`\n${route}   ${r.tool}; host BenchmarkIndex ${Math.round(r.benchmarkIndex)}`);
    for (const w of r.warnings) console.log(`  warning: ${w}`);
    for (const [name, value, bar, ok] of landingChecks(route, r)) {
      console.log(`  ${ok ? "PASS" : "FAIL"}  ${name.padEnd(32)} ${value.padEnd(26)} bar ${bar}`);
      if (!ok) failed = true;
    }
  }
  const dir = resolve(import.meta.dirname, "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ base, bars: LANDING_BARS, results }, null, 2));
  console.log(`\nresults: ${file}`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
