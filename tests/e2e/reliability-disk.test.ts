// A full disk gives clear refusals, never a hang (issue 29 item 7): the embedded database on an
// 80 MB tmpfs that is filled up. Needs root for the mount; skipped otherwise.
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiSession, startServer, type RunningServer } from "../helpers/e2e";
import { DISK_FULL } from "../../src/server/ops/disk";

const MB = 2 ** 20;
let mountPoint: string | null = null;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "bauklar-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=80m", "tmpfs", dir], { stdio: "ignore" });
    mountPoint = dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    console.warn("reliability-disk: skipped – cannot mount a tmpfs (needs root)");
  }
});

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop("SIGKILL");
  if (mountPoint) {
    execFileSync("umount", ["-l", mountPoint], { stdio: "ignore" });
    rmSync(mountPoint, { recursive: true, force: true });
  }
});

const free = (dir: string) => {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
};

/** Writes a ballast file until only `leave` bytes are free (or the disk is full). */
function fill(dir: string, name: string, leave: number) {
  const fd = openSync(join(dir, name), "a");
  const block = Buffer.alloc(MB);
  try {
    for (let left = free(dir) - leave; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(block.length, left));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  } finally {
    closeSync(fd);
  }
}

async function timed(url: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, text, ms: Date.now() - started };
}

describe("full disk (PGlite on an 80 MB tmpfs)", () => {
  it("refuses uploads with 507 and keeps answering; /readyz says low; a start on the full disk names the cause; data intact afterwards", async () => {
    if (!mountPoint) return;
    const dataDir = join(mountPoint, "data");
    mkdirSync(dataDir);
    const env = { DISK_MIN_FREE_MB: "16", METRICS_TOKEN: "m".repeat(32) };
    const server = await startServer(env, { dataDir });
    servers.push(server);
    const { cookie, call } = await apiSession(server.url, ADMIN.username, ADMIN.password);
    const before = await call<unknown[]>("GET", "/api/projects");

    fill(mountPoint, "ballast-1", 10 * MB);
    const upload = async () => {
      const form = new FormData();
      form.set("name", "Zu voll");
      form.set("file", new Blob([Buffer.alloc(MB, 1)]), "LV.x83");
      return timed(`${server.url}/api/projects`, { method: "POST", body: form, headers: { cookie } });
    };
    const refused = await upload();
    expect(refused.status).toBe(507);
    expect(JSON.parse(refused.text)).toEqual({ message: DISK_FULL });
    expect(refused.ms).toBeLessThan(3000);
    const ready = await timed(`${server.url}/readyz`);
    expect(JSON.parse(ready.text).checks.disk).toBe("low");
    const metrics = await timed(`${server.url}/metrics`, { headers: { authorization: `Bearer ${"m".repeat(32)}` } });
    expect(metrics.text).toMatch(/^bauklar_disk_low 1$/m);

    // Completely full now (something else filled it): requests still answer, none hangs.
    fill(mountPoint, "ballast-2", 0);
    expect(free(mountPoint)).toBeLessThan(MB);
    for (const [path, init] of [
      ["/healthz", {}],
      ["/readyz", {}],
      ["/api/projects", { headers: { cookie } }],
      ["/api/user", { headers: { cookie } }],
    ] as const) {
      const r = await timed(`${server.url}${path}`, init);
      expect(r.ms, path).toBeLessThan(5000);
      expect([200, 503], path).toContain(r.status);
    }
    const again = await upload();
    expect(again.status).toBe(507);
    const login = await timed(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(login.ms).toBeLessThan(5000);
    console.info(`full disk: upload refused in ${refused.ms} ms, login answered ${login.status} in ${login.ms} ms`);

    const stopped = Date.now();
    await server.stop("SIGTERM");
    expect(Date.now() - stopped).toBeLessThan(30_000);

    // A start on the full disk says why in German instead of "PGlite failed to initialize".
    const refusedStart = await startServer(env, { dataDir }).then(
      (s) => {
        servers.push(s);
        return "";
      },
      (err: Error) => err.message,
    );
    expect(refusedStart).toContain("bauklar startet nicht: Im Datenverzeichnis");
    expect(refusedStart).toContain("Speicherplatz freigeben");

    rmSync(join(mountPoint, "ballast-1"));
    rmSync(join(mountPoint, "ballast-2"));
    const back = await startServer(env, { dataDir });
    servers.push(back);
    const session = await apiSession(back.url, ADMIN.username, ADMIN.password);
    expect(await session.call<unknown[]>("GET", "/api/projects")).toEqual(before);
    await back.stop();
  }, 180_000);
});
