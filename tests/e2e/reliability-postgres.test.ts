// The server outlives a PostgreSQL restart: while the database is down, requests that need it get
// a clean 503 with the German message within seconds (no crash, no hang), and afterwards everything
// works again. Runs against a private cluster started for this test, never the shared one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiSession, startServer, type RunningServer } from "../helpers/e2e";
import { createPrivateCluster, postgresBinDir, type PrivateCluster } from "../helpers/private-postgres";

const DOWN = "Die Datenbank ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich erneut.";
const bin = postgresBinDir();
if (!bin) console.warn("reliability-postgres: skipped – no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin");

let cluster: PrivateCluster | undefined;
let server: RunningServer | undefined;

beforeAll(async () => {
  if (!bin) return;
  cluster = await createPrivateCluster();
  await cluster.start();
  server = await startServer({ DATABASE_URL: cluster.url });
});

afterAll(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) await server.stop();
  await cluster?.destroy();
});

/** One request with its time; a hang shows up as a failed abort after 10 s. */
async function timed(path: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(`${server!.url}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, text, ms: Date.now() - started, type: res.headers.get("content-type") ?? "" };
}

describe.skipIf(!bin)("PostgreSQL restart", () => {
  it.each(["fast", "immediate"] as const)("stop -m %s: clean 503 while down, working again afterwards", async (mode) => {
    const { cookie } = await apiSession(server!.url, ADMIN.username, ADMIN.password);
    const headers = { cookie };
    expect((await timed("/api/user", { headers })).status).toBe(200);
    expect((await timed("/api/projects", { headers })).status).toBe(200);

    await cluster!.stop(mode);
    // Session checks and lists answered from memory stay valid for CACHE_STALE_MS (1 s); after
    // that every request that needs the database must fail cleanly.
    await new Promise((r) => setTimeout(r, 1_200));
    const whileDown = [
      await timed("/api/user", { headers }),
      await timed("/api/projects", { headers }),
      await timed("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
      }),
    ];
    for (const r of whileDown) {
      expect(r.status).toBe(503);
      expect(r.type).toContain("application/json");
      expect(JSON.parse(r.text)).toEqual({ message: DOWN });
      expect(r.ms).toBeLessThan(5000);
    }
    // Pages and requests that need no database still work; the process is alive.
    expect((await timed("/api/user")).status).toBe(401);
    expect(server!.process.exitCode).toBeNull();

    await cluster!.start();
    const back = await timed("/api/user", { headers });
    expect(back.status).toBe(200);
    expect(JSON.parse(back.text).username).toBe(ADMIN.username);
    const projects = await timed("/api/projects", { headers });
    expect(projects.status).toBe(200);
    // Writes work again too: a new sign-in.
    const login = await timed("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
  });
});
