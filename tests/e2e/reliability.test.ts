// Reliability of the running product (docs/architecture.md "Quality bars"): SIGTERM drains an upload in
// progress and exits 0; SIGKILL during uploads leaves only whole files and no project without its
// input, and acknowledged uploads survive the restart (PGlite and, with TEST_DATABASE_URL,
// PostgreSQL); two instances on one PostgreSQL share sessions, and behind one port (a round-robin
// balancer) keep chatbot quotas exact.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { request } from "node:http";
import { connect, createServer as createNetServer, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rows, type Db } from "../../src/server/db/client";
import { ADMIN, apiSession, startServer, type RunningServer } from "../helpers/e2e";
import { companies, users } from "../../src/server/db/schema";
import { hashPassword } from "../../src/server/auth/passwords";
import { createPostgresDatabase } from "../helpers/database";
import { multipart } from "../api/projects.helpers";

const MB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const postgresUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "bauklar-reliability-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const running = (server: RunningServer) => server.process.exitCode === null && server.process.signalCode === null;

/** Killed at the end if a test failed half-way (stop() on an exited process would wait forever). */
function track(server: RunningServer): RunningServer {
  cleanups.push(() => (running(server) ? server.stop("SIGKILL") : undefined));
  return server;
}

interface Upload {
  /** Resolves with the response, or status 0 when the connection broke (server killed). */
  response: Promise<{ status: number; body: string }>;
  /** Sends the rest of the body in `chunks` pieces, `delayMs` apart, then ends the request. */
  finish(chunks?: number, delayMs?: number): Promise<void>;
}

/** A multipart upload over its own connection whose body is sent in steps the test controls. */
function startUpload(
  baseUrl: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  data: Buffer,
  firstBytes: number,
): Upload {
  const { body, headers } = multipart(fields, [{ field: "file", name: "LV-Datei.bin", data }]);
  const req = request(`${baseUrl}${path}`, { method: "POST", headers: { ...headers, cookie, "content-length": String(body.length) } });
  const response = new Promise<{ status: number; body: string }>((resolve) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", () => resolve({ status: 0, body: "" }));
    });
    req.on("error", (err) => resolve({ status: 0, body: err.message }));
  });
  let sent = Math.min(firstBytes, body.length);
  req.write(body.subarray(0, sent));
  return {
    response,
    async finish(chunks = 1, delayMs = 0) {
      const step = Math.ceil((body.length - sent) / chunks);
      while (sent < body.length && !req.destroyed) {
        req.write(body.subarray(sent, sent + step));
        sent += step;
        if (delayMs) await sleep(delayMs);
      }
      if (!req.destroyed) req.end();
    },
  };
}

/** Call before the signal is sent: resolves when the process has exited. */
const exitOf = (server: RunningServer) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    if (!running(server)) resolve({ code: server.process.exitCode, signal: server.process.signalCode, at: Date.now() });
    else server.process.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() }));
  });

async function downloadHash(baseUrl: string, cookie: string, path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return sha256(Buffer.from(await res.arrayBuffer()));
}

describe("SIGTERM", () => {
  it("lets an upload in progress finish with 201, refuses new connections and exits with 0", async () => {
    const dataDir = tempDataDir();
    const server = track(await startServer({}, { dataDir }));
    const { cookie } = await apiSession(server.url, ADMIN.username, ADMIN.password);
    const data = randomBytes(6 * MB);
    const exited = exitOf(server);

    const upload = startUpload(server.url, "/api/projects", cookie, { name: "Hochgeladen beim Herunterfahren" }, data, MB);
    await sleep(300);
    server.process.kill("SIGTERM");
    await sleep(500);
    // Still running for the upload, but no longer accepting connections.
    expect(server.process.exitCode).toBeNull();
    const refused = await fetch(`${server.url}/api/user`).then(
      () => "answered",
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(refused).toBe("ECONNREFUSED");

    await upload.finish(10, 100); // the remaining 5 MB over about a second
    const res = await upload.response;
    const answeredAt = Date.now();
    expect(res.status).toBe(201);
    const project = JSON.parse(res.body) as { id: number; inputFileSize: number };
    expect(project.inputFileSize).toBe(data.length);
    const exit = await exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at).toBeGreaterThanOrEqual(answeredAt - 50);
    // The lock of DATA_DIR was released, and the project is there after a restart.
    const again = track(await startServer({}, { dataDir }));
    const session = await apiSession(again.url, ADMIN.username, ADMIN.password);
    expect(await downloadHash(again.url, session.cookie, `/api/projects/${project.id}/download-input`)).toBe(sha256(data));
    await again.stop();
  }, 90_000); // two starts of the product on PGlite
});

interface StoredFileCheck {
  id: number;
  project_id: number;
  kind: string;
  sha256: string;
  actual: string;
  size: number;
  length: number;
}

/** Every stored file is whole and one of the known ones; every project points at its own input. */
async function checkStore(db: Db, known: Set<string>) {
  const files = await rows<StoredFileCheck>(
    db,
    sql`select id, project_id, kind, sha256, encode(sha256(data), 'hex') as actual, size, octet_length(data) as length from project_files order by id`,
  );
  for (const f of files) {
    expect(f.actual, `file ${f.id}`).toBe(f.sha256);
    expect(f.length, `file ${f.id}`).toBe(f.size);
    expect(known.has(f.actual), `file ${f.id} is one of the uploaded ones`).toBe(true);
  }
  const orphans = await rows<{ id: number }>(
    db,
    sql`select p.id from projects p left join project_files f on f.id = p.input_file_id and f.project_id = p.id and f.kind = 'input' where f.id is null`,
  );
  expect(orphans, "projects without their input file").toEqual([]);
  return files;
}

/** Starts uploads (new projects and new input versions, 2–9 MB) and kills the server meanwhile. */
async function crashRound(server: RunningServer, round: number, targets: number[], known: Set<string>) {
  const { cookie } = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const uploads = [
    ...[0, 1, 2, 3].map((i) => ({ path: "/api/projects", fields: { name: `Crash-Test ${round}.${i}` } })),
    ...targets.map((id) => ({ path: `/api/projects/${id}/upload-input`, fields: {} })),
  ].map((u, i) => {
    const data = randomBytes(randomInt(2 * MB, 9 * MB));
    known.add(sha256(data));
    // Half are sent at once (they reach the database while the process dies), half slowly.
    const started = startUpload(server.url, u.path, cookie, u.fields, data, i % 2 ? 64 * 1024 : data.length + 1000);
    return { ...u, data, started, finishing: started.finish(i % 2 ? 40 : 1, i % 2 ? 40 : 0) };
  });
  // Killed right after the first upload was acknowledged: the others are then being read,
  // hashed or written in their transaction.
  const firstAnswer = Promise.race(uploads.filter((_, i) => i % 2 === 0).map((u) => u.started.response));
  await Promise.race([firstAnswer, sleep(20_000)]);
  await sleep(randomInt(0, 150));
  const exited = exitOf(server);
  server.process.kill("SIGKILL");
  const results = await Promise.all(uploads.map((u) => u.started.response));
  await exited;
  await Promise.all(uploads.map((u) => u.finishing));
  return uploads.map((u, i) => ({ ...u, result: results[i] }));
}

/** Two rounds of uploads and SIGKILL on one database; returns the hashes of everything uploaded. */
async function crashScenario(env: Record<string, string>, dataDir: string) {
  const known = new Set<string>();
  let server = track(await startServer(env, { dataDir }));
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const targets: number[] = [];
  for (const name of ["Ziel A", "Ziel B"]) {
    const data = randomBytes(100_000);
    known.add(sha256(data));
    const form = new FormData();
    form.set("name", name);
    form.set("file", new Blob([data]), "LV.bin");
    targets.push((await admin.call<{ id: number }>("POST", "/api/projects", form)).id);
  }
  let acknowledged = 0;
  for (const round of [1, 2]) {
    const outcome = await crashRound(server, round, targets, known);
    expect(
      outcome.some((o) => o.result.status === 0),
      "at least one upload was cut off by the kill",
    ).toBe(true);
    expect(
      outcome.some((o) => o.result.status === 200 || o.result.status === 201),
      "at least one upload was acknowledged",
    ).toBe(true);
    server = track(await startServer(env, { dataDir }));
    const session = await apiSession(server.url, ADMIN.username, ADMIN.password);
    // Every upload the server acknowledged is there after the restart, byte for byte.
    for (const u of outcome.filter((o) => o.result.status === 201 || o.result.status === 200)) {
      acknowledged++;
      const answer = JSON.parse(u.result.body) as { id?: number; project?: { id: number } };
      const id = answer.id ?? answer.project!.id;
      expect(await downloadHash(server.url, session.cookie, `/api/projects/${id}/download-input`)).toBe(sha256(u.data));
    }
  }
  await server.stop();
  return { known, acknowledged };
}

async function checkAfterCrashes(db: Db, known: Set<string>, acknowledged: number) {
  for (const d of await rows<{ sha256: string }>(db, sql`select sha256 from project_files where project_id = 1`)) known.add(d.sha256);
  const files = await checkStore(db, known);
  // Demo input and output, the two targets' first inputs, and at least every acknowledged upload.
  expect(files.length).toBeGreaterThanOrEqual(4 + acknowledged);
}

describe("SIGKILL during uploads", () => {
  it("PGlite: only whole files, no project without its input, acknowledged uploads survive", async () => {
    const dataDir = tempDataDir();
    const { known, acknowledged } = await crashScenario({}, dataDir);
    const database = await openDatabase({ dataDir });
    try {
      await checkAfterCrashes(database.db, known, acknowledged);
    } finally {
      await database.close();
    }
  }, 90_000);

  it.runIf(postgresUrl)(
    "PostgreSQL: only whole files, no project without its input, acknowledged uploads survive",
    async () => {
      const pg = await createPostgresDatabase();
      cleanups.push(pg.drop);
      const { known, acknowledged } = await crashScenario({ DATABASE_URL: pg.url }, tempDataDir());
      const database = await openDatabase({ databaseUrl: pg.url, poolSize: 1 });
      try {
        await checkAfterCrashes(database.db, known, acknowledged);
      } finally {
        await database.close();
      }
    },
    90_000,
  );
});

describe.runIf(postgresUrl)("two instances on one PostgreSQL", () => {
  it("share sessions: signed in on one, the cookie works on the other, and logging out there ends it everywhere within a second", async () => {
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    // Started together, as a scaled or rolling deployment does: one migrates, the other waits for the lock.
    const [a, b] = (await Promise.all([startServer({ DATABASE_URL: pg.url }), startServer({ DATABASE_URL: pg.url })])).map(track);
    const { cookie } = await apiSession(a.url, ADMIN.username, ADMIN.password);
    const user = (base: string) => fetch(`${base}/api/user`, { headers: { cookie } });

    const onB = await user(b.url);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { username: string }).username).toBe(ADMIN.username);
    expect((await user(a.url)).status).toBe(200);

    const logout = await fetch(`${b.url}/api/logout`, { method: "POST", headers: { cookie } });
    expect(logout.status).toBe(200);
    // At once on the instance that logged out; on the other within its cache window (CACHE_STALE_MS, 1 s).
    expect((await user(b.url)).status).toBe(401);
    const loggedOut = Date.now();
    let onA = await user(a.url);
    while (onA.status === 200 && Date.now() - loggedOut < 3_000) {
      await new Promise((r) => setTimeout(r, 100));
      onA = await user(a.url);
    }
    expect(onA.status).toBe(401);
    expect(Date.now() - loggedOut).toBeLessThan(1_500);
    await Promise.all([a.stop(), b.stop()]);
  });
});

/** A round-robin TCP balancer: each new connection goes to the next instance. */
async function balancer(targets: RunningServer[]) {
  const ports = targets.map((t) => Number(new URL(t.url).port));
  const served = ports.map(() => 0);
  let next = 0;
  const server = createNetServer((client) => {
    const i = next++ % ports.length;
    served[i]++;
    const upstream = connect(ports[i], "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served };
}

/** One request on a fresh connection (so the balancer spreads them). */
function once(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string; setCookie?: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, connection: "close" }, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text, setCookie: res.headers["set-cookie"] }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const PASSWORD = "Quote!Passwort1";

describe.runIf(postgresUrl)("two instances behind one port", () => {
  it("serve every request alike and count chatbot quotas exactly: 50 concurrent requests, 10 free, 40 paid", async () => {
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    const [a, b] = (await Promise.all([startServer({ DATABASE_URL: pg.url }), startServer({ DATABASE_URL: pg.url })])).map(track);
    const database = await openDatabase({ databaseUrl: pg.url });
    const passwordHash = await hashPassword(PASSWORD);
    const [company] = await database.db
      .insert(companies)
      .values({ name: "Quote GmbH", address: "Am Markt 1, 35510 Butzbach", contactEmail: "info@quote.de", freeChatbotRequestsPerMonth: 10 })
      .returning({ id: companies.id });
    const names = [1, 2, 3, 4, 5].map((i) => `quote_user_${i}`);
    await database.db.insert(users).values(
      names.map((username) => ({
        username,
        email: `${username}@quote.de`,
        passwordHash,
        role: "user" as const,
        companyId: company.id,
        firstName: "Q",
        lastName: "U",
      })),
    );
    const lb = await balancer([a, b]);

    const json = { "content-type": "application/json" };
    const cookies: string[] = [];
    for (const username of names) {
      const login = await once(`${lb.url}/api/login`, "POST", json, JSON.stringify({ username, password: PASSWORD }));
      expect(login.status).toBe(200);
      cookies.push(login.setCookie![0].split(";")[0]);
    }
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        once(
          `${lb.url}/api/chatbot/construction`,
          "POST",
          { ...json, cookie: cookies[i % 5] },
          JSON.stringify({ message: `Frage ${i}: Wer führt das Bautagebuch?` }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const usage = results.map((r) => (JSON.parse(r.text) as { usage: { currentCount: number; paid: boolean } }).usage);
    expect(usage.map((u) => u.currentCount).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(usage.filter((u) => u.paid)).toHaveLength(40);
    const ledger = await rows<{ paid: boolean }>(
      database.db,
      sql`select paid from chatbot_request_ledger where company_id = ${company.id}`,
    );
    expect(ledger.filter((r) => !r.paid)).toHaveLength(10);
    expect(ledger.filter((r) => r.paid)).toHaveLength(40);
    // Both instances really took part.
    expect(Math.min(...lb.served)).toBeGreaterThanOrEqual(20);
    await database.close();
    await Promise.all([a.stop(), b.stop()]);
  }, 90_000);
});
