// Readings that never stall (issue 29): kill -9, SIGTERM and a PostgreSQL restart during a
// reading each delay that file by at most ~30 s, and it is read to the end exactly once. The
// reading is made slow by the model pass against a local stand-in model that answers late.
import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rows, type Database } from "../../src/server/db/client";
import { ADMIN, apiSession, startServer, type RunningServer } from "../helpers/e2e";
import { createPostgresDatabase } from "../helpers/database";
import { startFakeLlm, type FakeLlm } from "../helpers/fake-llm";
import { createPrivateCluster, postgresBinDir } from "../helpers/private-postgres";

const SAMPLE = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/boq.x83"));
const postgresUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
});

const alive = (s: RunningServer) => s.process.exitCode === null && s.process.signalCode === null;
function track(s: RunningServer): RunningServer {
  cleanups.push(() => (alive(s) ? s.stop("SIGKILL") : undefined));
  return s;
}
async function fakeLlm(): Promise<FakeLlm> {
  const llm = await startFakeLlm({ kind: "answer", delayMs: 120_000 });
  cleanups.push(() => llm.close());
  return llm;
}
const llmEnv = (llm: FakeLlm) => ({ LLM_BASE_URL: llm.url, LLM_API_KEY: "test", LLM_TIMEOUT_MS: "180000" });

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Uploads the LV as a new project; returns the project id. */
async function uploadLv(server: RunningServer, name: string): Promise<number> {
  const { call } = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const form = new FormData();
  form.set("name", name);
  form.set("file", new Blob([SAMPLE]), "LV.x83");
  return (await call<{ id: number }>("POST", "/api/projects", form)).id;
}

interface JobRow {
  status: string;
  attempts: number;
  takeovers: number;
}
async function jobOf(db: Database, projectId: number): Promise<JobRow[]> {
  return rows<JobRow>(
    db.db,
    sql`select status, attempts, takeovers from jobs where queue = 'boq.analyse' and payload->>'projectId' = ${String(projectId)} order by id`,
  );
}
async function analysisStatus(db: Database, projectId: number): Promise<string | undefined> {
  const [a] = await rows<{ status: string }>(
    db.db,
    sql`select a.status from boq_analyses a join projects p on p.input_file_id = a.file_id where p.id = ${projectId}`,
  );
  return a?.status;
}
/** Model requests of the reading (the chatbots are not used here). */
const modelCalls = (llm: FakeLlm) => llm.requests.length;

describe("kill -9 during a reading", () => {
  it("PGlite: the restarted process takes the interrupted reading up at once and reads it to the end once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bauklar-jobs-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const llm = await fakeLlm();
    const first = track(await startServer(llmEnv(llm), { dataDir }));
    const projectId = await uploadLv(first, "Abgestürzt");
    await waitFor("the model pass to start", async () => modelCalls(llm) > 0, 30_000);
    const killedAt = Date.now();
    first.process.kill("SIGKILL");
    await new Promise((r) => first.process.once("exit", r));
    llm.setMode({ kind: "answer" });
    const callsBefore = modelCalls(llm);

    const second = track(await startServer(llmEnv(llm), { dataDir }));
    const startedAt = Date.now();
    const { call } = await apiSession(second.url, ADMIN.username, ADMIN.password);
    await waitFor(
      "the reading",
      async () => (await call<{ status: string }>("GET", `/api/projects/${projectId}/boq`)).status === "done",
      60_000,
    );
    const doneAt = Date.now();
    console.info(
      `PGlite kill -9: read ${doneAt - startedAt} ms after the restart was up (${doneAt - killedAt} ms after the kill, restart included)`,
    );
    expect(doneAt - startedAt).toBeLessThan(10_000);
    await sleep(2000);
    const readingCalls = modelCalls(llm) - callsBefore;
    await second.stop();
    const db = await openDatabase({ dataDir });
    try {
      expect(await jobOf(db, projectId)).toEqual([{ status: "done", attempts: 2, takeovers: 1 }]);
      expect(await analysisStatus(db, projectId)).toBe("done");
    } finally {
      await db.close();
    }
    // One reading after the restart (its model calls), none after it was done.
    expect(readingCalls).toBeGreaterThan(0);
    expect(readingCalls).toBe(callsBefore);
  }, 180_000);

  it.runIf(postgresUrl)(
    "PostgreSQL, two instances: the other instance takes the reading over within the 30 s lease and reads it once",
    async () => {
      const pg = await createPostgresDatabase();
      cleanups.push(pg.drop);
      const llm = await fakeLlm();
      const a = track(await startServer({ DATABASE_URL: pg.url, ...llmEnv(llm) }));
      const projectId = await uploadLv(a, "Instanz A stirbt");
      await waitFor("the model pass to start", async () => modelCalls(llm) > 0, 30_000);
      const b = track(await startServer({ DATABASE_URL: pg.url, ...llmEnv(llm) }));
      const db = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
      cleanups.push(() => db.close());
      llm.setMode({ kind: "answer" });
      const killedAt = Date.now();
      a.process.kill("SIGKILL");
      await waitFor("the reading", async () => (await analysisStatus(db, projectId)) === "done", 60_000);
      const delay = Date.now() - killedAt;
      console.info(`PostgreSQL kill -9: taken over and read ${delay} ms after the kill (lease 30 s, heartbeat 10 s)`);
      expect(delay).toBeLessThan(35_000);
      await sleep(1500);
      expect(await jobOf(db, projectId)).toEqual([{ status: "done", attempts: 2, takeovers: 1 }]);
      await b.stop();
    },
    180_000,
  );
});

describe.runIf(postgresUrl)("SIGTERM during a reading", () => {
  it("a reading longer than SHUTDOWN_GRACE_MS is given back at the end of the grace period; the other instance reads it at once", async () => {
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    const llm = await fakeLlm();
    const a = track(await startServer({ DATABASE_URL: pg.url, SHUTDOWN_GRACE_MS: "3000", ...llmEnv(llm) }));
    const projectId = await uploadLv(a, "Rollendes Update");
    await waitFor("the model pass to start", async () => modelCalls(llm) > 0, 30_000);
    const b = track(await startServer({ DATABASE_URL: pg.url, ...llmEnv(llm) }));
    const db = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
    cleanups.push(() => db.close());
    llm.setMode({ kind: "answer" });
    const exited = new Promise<{ code: number | null; at: number }>((r) => a.process.once("exit", (code) => r({ code, at: Date.now() })));
    const termAt = Date.now();
    a.process.kill("SIGTERM");
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - termAt).toBeLessThan(6000);
    await waitFor("the reading", async () => (await analysisStatus(db, projectId)) === "done", 30_000);
    const delay = Date.now() - termAt;
    console.info(`SIGTERM (grace 3 s): exit after ${exit.at - termAt} ms, read by the other instance ${delay} ms after SIGTERM`);
    expect(delay).toBeLessThan(10_000);
    // The given-back attempt does not count; no takeover was needed.
    expect(await jobOf(db, projectId)).toEqual([{ status: "done", attempts: 1, takeovers: 0 }]);
    await b.stop();
  }, 180_000);

  it("a reading shorter than the grace period is finished before the process exits", async () => {
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    const llm = await startFakeLlm({ kind: "answer", delayMs: 3000 });
    cleanups.push(() => llm.close());
    const a = track(await startServer({ DATABASE_URL: pg.url, ...llmEnv(llm) }));
    const projectId = await uploadLv(a, "Kurz vor Schluss");
    await waitFor("the model pass to start", async () => modelCalls(llm) > 0, 30_000);
    const exited = new Promise<{ code: number | null; at: number }>((r) => a.process.once("exit", (code) => r({ code, at: Date.now() })));
    const termAt = Date.now();
    a.process.kill("SIGTERM");
    const exit = await exited;
    expect(exit.code).toBe(0);
    console.info(`SIGTERM (short reading): exit ${exit.at - termAt} ms after SIGTERM, with the reading done`);
    const db = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
    cleanups.push(() => db.close());
    expect(await analysisStatus(db, projectId)).toBe("done");
    expect(await jobOf(db, projectId)).toEqual([{ status: "done", attempts: 1, takeovers: 0 }]);
  }, 120_000);
});

const bin = postgresBinDir();
describe.runIf(bin)("PostgreSQL restart during a reading", () => {
  it("the reading's result waits for the database and is saved within seconds after it is back, read once", async () => {
    const cluster = await createPrivateCluster();
    cleanups.push(() => cluster.destroy());
    await cluster.start();
    const llm = await startFakeLlm({ kind: "answer", delayMs: 2000 });
    cleanups.push(() => llm.close());
    const server = track(await startServer({ DATABASE_URL: cluster.url, ...llmEnv(llm) }));
    const projectId = await uploadLv(server, "Datenbank-Neustart");
    await waitFor("the model pass to start", async () => modelCalls(llm) > 0, 30_000);
    await cluster.stop("fast");
    await sleep(3000); // the model answers while the database is away
    await cluster.start();
    const backAt = Date.now();
    const db = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
    cleanups.push(() => db.close());
    await waitFor("the reading", async () => (await analysisStatus(db, projectId)) === "done", 60_000);
    const delay = Date.now() - backAt;
    console.info(`PostgreSQL restart: reading saved ${delay} ms after the database was back`);
    expect(delay).toBeLessThan(10_000);
    const calls = modelCalls(llm);
    await sleep(2000);
    expect(modelCalls(llm)).toBe(calls);
    const jobs = await jobOf(db, projectId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].status).toBe("done");
    console.info(`PostgreSQL restart: attempts ${jobs[0].attempts}, model calls ${calls}`);
    await server.stop();
  }, 180_000);
});
