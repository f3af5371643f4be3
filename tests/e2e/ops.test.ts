// Probes and metrics of the real process (issue 15): on SIGTERM /readyz turns 503 "shutdown" for
// READY_DRAIN_MS while the listener stays open (a load balancer sees the instance leave), then the
// process exits 0; with PostgreSQL stopped /readyz names the database while /healthz stays 200,
// and readiness returns with the database. The PostgreSQL part runs on a private cluster.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/e2e";
import { createPrivateCluster, postgresBinDir, type PrivateCluster } from "../helpers/private-postgres";

const TOKEN = "e2e-metrics-token-abcdefghijklmnop";
const DRAIN_MS = 1500;
const bin = postgresBinDir();

const servers: RunningServer[] = [];
let cluster: PrivateCluster | undefined;
afterAll(async () => {
  for (const s of servers) await s.stop();
  await cluster?.destroy();
});

async function probe(url: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: () => JSON.parse(text) as { ready: boolean; failing: string[]; checks: Record<string, string> },
    ms: Date.now() - started,
  };
}

/** Polls until check holds (readiness settles within a few probes). */
async function eventually<T>(what: string, get: () => Promise<T>, check: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get().catch(() => undefined);
    if (v !== undefined && check(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("SIGTERM drain", () => {
  it("answers /readyz 503 naming the shutdown for READY_DRAIN_MS with the listener open, then refuses connections and exits 0", async () => {
    const server = await startServer({ READY_DRAIN_MS: String(DRAIN_MS), METRICS_TOKEN: TOKEN });
    servers.push(server);
    expect((await probe(`${server.url}/healthz`)).status).toBe(200);
    const ready = await probe(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, failing: [] });

    // Metrics: hidden without the token, Prometheus text with it.
    expect((await probe(`${server.url}/metrics`)).status).toBe(404);
    const metrics = await probe(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(metrics.text).toMatch(/^bauklar_http_request_duration_seconds_count\{route="\/readyz",method="GET",status="200"\} 1$/m);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.process.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const draining = await probe(`${server.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(draining.json()).toMatchObject({
      ready: false,
      failing: ["shutdown"],
      checks: { shutdown: "draining", database: "ok", jobWorker: "running" },
    });
    // Still alive and serving meanwhile.
    expect((await probe(`${server.url}/healthz`)).status).toBe(200);
    expect((await probe(`${server.url}/api/user`)).status).toBe(401);

    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    const refused = await fetch(`${server.url}/healthz`).then(
      () => "answered",
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(refused).toBe("ECONNREFUSED");
  });
});

describe.skipIf(!bin)("PostgreSQL stopped", () => {
  it("answers /readyz 503 naming the database within seconds, /healthz 200, and is ready again after the restart", async () => {
    cluster = await createPrivateCluster();
    await cluster.start();
    const server = await startServer({ DATABASE_URL: cluster.url });
    servers.push(server);
    await eventually(
      "ready",
      () => probe(`${server.url}/readyz`),
      (r) => r.status === 200,
    );

    await cluster.stop("fast");
    const down = await probe(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.json()).toMatchObject({
      ready: false,
      failing: ["database"],
      checks: { database: "unreachable", migrations: "unknown", jobWorker: "running" },
    });
    expect(down.ms).toBeLessThan(3000);
    const alive = await probe(`${server.url}/healthz`);
    expect(alive.status).toBe(200);
    expect(alive.ms).toBeLessThan(1000);

    await cluster.start();
    const back = await eventually(
      "ready again",
      () => probe(`${server.url}/readyz`),
      (r) => r.status === 200,
    );
    expect(back.json()).toMatchObject({ ready: true, failing: [] });
    expect(server.process.exitCode).toBeNull();
  });
});

describe("started from another directory", () => {
  // `node /srv/bauklar/dist/server/main.js` from a service manager's cwd still serves the client.
  it.skipIf(!!process.env.DIST_DIR)("serves the landing page and the assets built beside the bundle", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "bauklar-cwd-"));
    const server = await startServer({}, { cwd });
    servers.push(server);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("bauklar");
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);
  });
});
