// Tender files are read beside the web server, not on its thread: while company A's hostile or
// huge files are read, company B's requests are answered in time and the server survives.
// The real server runs as its own process on a real port (from the TypeScript sources, so no
// build is needed); its RSS is read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, users } from "../../src/server/db/schema";
import { openDatabase } from "../../src/server/db/client";
import { hashPassword } from "../../src/server/auth/passwords";
import { GaebError, type GaebErrorCode } from "../../src/server/tender/errors";
import { createPostgresDatabase, onPostgres } from "../helpers/database";
import { freePort } from "../helpers/e2e";
import { largeGaeb, nestedGaeb, pdfBomb, xlsxBomb } from "../helpers/hostile-files";

const ROOT = resolve(import.meta.dirname, "../..");
const PASSWORD = "Isolation!Passwort1";
/** Generous: a loaded 2-core CI machine; the benchmark holds the real bar (p99 < 100 ms). */
const P99_BOUND_MS = 1000;
/**
 * PGlite runs every query on the server's own thread, including storing and loading the uploaded
 * file (inserting a 3 MB file takes 1–2 s there, a 10 MB one several seconds on a busy machine)
 * and saving 30 000 positions: the server stalls there however the file is read. The latency
 * bound is therefore asserted on PostgreSQL (production, CI); on PGlite the figures are printed.
 */
const latencyAsserted = onPostgres();

interface Case {
  name: string;
  fileName: string;
  data: () => Promise<Buffer>;
  /** Accepted outcomes: done, or failed with one of these codes' German messages. */
  expect: { status: "done"; items: number } | { status: "failed"; codes: GaebErrorCode[] };
}

const gaeb10 = largeGaeb();
const CASES: Case[] = [
  // Stopped by the PDF reader's decoded-bytes check (too_large), else by the RSS cap or the timeout.
  {
    name: "PDF decompression bomb (3 MB → 3 GB)",
    fileName: "bombe.pdf",
    data: () => pdfBomb(3000),
    expect: { status: "failed", codes: ["too_large", "pdf_unreadable", "reader_memory", "reader_timeout"] },
  },
  {
    name: "GAEB XML nested 100 000 deep",
    fileName: "verschachtelt.x83",
    data: async () => nestedGaeb(100_000),
    expect: { status: "failed", codes: ["too_large"] },
  },
  {
    name: `GAEB X83 ${(gaeb10.buffer.length / 2 ** 20).toFixed(1)} MB, ${gaeb10.items} items`,
    fileName: "gross.x83",
    data: async () => gaeb10.buffer,
    expect: { status: "done", items: gaeb10.items },
  },
  // Stopped by the XLSX reader's zip guard (too_large); without it the file fails as unreadable.
  {
    name: "XLSX zip bomb (3 MB → 3 GB sheet)",
    fileName: "bombe.xlsx",
    data: () => xlsxBomb(3000),
    expect: { status: "failed", codes: ["too_large", "sheet_unreadable", "reader_memory", "reader_timeout"] },
  },
];

let server: ChildProcess;
let base: string;
let output = "";
let cleanup: () => Promise<void> = async () => {};
let cookieA: string;
let cookieB: string;
const report: string[] = [];

/** Two companies with one company admin each, written before the server starts (PGlite is single-process). */
async function seed(database: { databaseUrl?: string; dataDir?: string }) {
  const { db, close } = await openDatabase(database.databaseUrl ? { databaseUrl: database.databaseUrl } : { dataDir: database.dataDir! });
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ["a", "b"]) {
    const [c] = await db
      .insert(companies)
      .values({ name: `Firma ${name.toUpperCase()}`, address: "Hauptstraße 1, 35510 Butzbach", contactEmail: `info@${name}.de` })
      .returning({ id: companies.id });
    await db.insert(users).values({
      username: `admin_${name}`,
      email: `admin@${name}.de`,
      passwordHash,
      role: "company_admin",
      companyId: c.id,
      firstName: "Vor",
      lastName: "Name",
    });
  }
  await close();
}

async function login(username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "bauklar-isolation-"));
  let databaseUrl = "";
  let drop = async () => {};
  if (onPostgres()) ({ url: databaseUrl, drop } = await createPostgresDatabase());
  await seed({ databaseUrl: databaseUrl || undefined, dataDir });
  server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      // The product's defaults except the RSS cap: kinder to a small CI machine.
      READER_MAX_RSS_MB: "1024",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  cleanup = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (
      await fetch(`${base}/api/user`).then(
        (r) => r.status === 401,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  cookieA = await login("admin_a");
  cookieB = await login("admin_b");
}, 180_000);

afterAll(async () => {
  if (report.length)
    console.log(["", "reader isolation (GET /api/user of company B while company A's file is read):", ...report, ""].join("\n"));
  await cleanup();
}, 60_000);

describe("reading tender files beside the web server", () => {
  it.for(CASES)("$name: ends with a German reason while company B is answered in time", { timeout: 300_000 }, async (c) => {
    const data = await c.data();
    const pid = server.pid!;
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      if (existsSync(`/proc/${pid}/status`)) rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 50);

    // Company B asks for its user over and over: two clients, back to back.
    const latencies: number[] = [];
    let polling = true;
    const poll = async () => {
      while (polling) {
        const started = performance.now();
        const res = await fetch(`${base}/api/user`, { headers: { cookie: cookieB } });
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const pollers = [poll(), poll()];

    const started = Date.now();
    const form = new FormData();
    form.append("name", `Isolation ${c.fileName}`);
    form.append("file", new Blob([new Uint8Array(data)]), c.fileName);
    const created = await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie: cookieA }, body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    let boq: { status: string; error?: string; errorCode?: string; counts?: { items: number } | null };
    for (;;) {
      const res = await fetch(`${base}/api/projects/${id}/boq`, { headers: { cookie: cookieA } });
      boq = (await res.json()) as typeof boq;
      if (boq.status !== "pending") break;
      if (Date.now() - started > 240_000) throw new Error(`still pending after 240 s: ${output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (Date.now() - started) / 1000;
    polling = false;
    await Promise.all(pollers);
    clearInterval(sampler);

    // The server survived and still answers company B.
    expect(server.exitCode).toBeNull();
    expect(server.signalCode).toBeNull();
    expect((await fetch(`${base}/api/user`, { headers: { cookie: cookieB } })).status).toBe(200);

    if (c.expect.status === "done") {
      expect(boq.status).toBe("done");
      expect(boq.counts?.items).toBe(c.expect.items);
    } else {
      expect(boq.status).toBe("failed");
      const messages = c.expect.codes.map((code) => new GaebError(code).message);
      expect(boq.error).toBeDefined();
      // too_large may name what was found: "… (Gefunden: …)".
      expect(
        messages.some((m) => boq.error!.startsWith(m)),
        boq.error,
      ).toBe(true);
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    report.push(
      `  ${c.name}: ${boq.status}${boq.errorCode ? ` (${boq.errorCode})` : ""} after ${seconds.toFixed(1)} s · ` +
        `${latencies.length} requests, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms · ` +
        `server RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssBefore).toFixed(0)} MB)` +
        (latencyAsserted ? "" : " · p99 not asserted on PGlite"),
    );
    expect(latencies.length).toBeGreaterThan(10);
    if (latencyAsserted) expect(p99).toBeLessThan(P99_BOUND_MS);
  });
});
