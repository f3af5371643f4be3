// Browser tests run the built product (dist/) as a real process on a free port, with its own
// PGlite data directory (or a fresh PostgreSQL database), in Debian's Chromium.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const ADMIN = { username: "admin", password: "Admin!Passwort1", email: "admin@bauklar.test" };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  process: ChildProcess;
}

/** `host`: the name in PUBLIC_ORIGIN and the URL (WebAuthn needs a domain such as localhost, not an IP). */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; host?: string; cwd?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "bauklar-e2e-"));
  const url = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  let out = "";
  const dist = process.env.DIST_DIR ?? "dist";
  const child = spawn(process.execPath, [resolve(dist, "server/main.js")], {
    cwd: opts.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      const res = await fetch(`${url}/api/user`);
      if (res.status === 401) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output: () => out,
    process: child,
    async stop(signal = "SIGTERM") {
      // A process ended by a signal keeps exitCode null; signalCode says it is gone.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill(signal);
        await exited;
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: "de-DE", timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real /auth form. */
export async function loginViaUi(page: Page, username: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL(/\/dashboard/);
}

/** A signed-in API client against a running server (for test setup through the public API). */
export async function apiSession(baseUrl: string, username: string, password: string) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${res.status}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return { cookie, call };
}
