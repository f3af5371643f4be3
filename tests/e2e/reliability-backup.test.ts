// `npm run db:backup` / `npm run db:restore` as an operator uses them: refused while the server
// holds the PGlite DATA_DIR, then a backup of the stopped server, a restore into a new DATA_DIR
// (and, with TEST_DATABASE_URL, into a new PostgreSQL database), and the restored product serves
// the same project and bytes.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN, apiSession, startServer, type RunningServer } from "../helpers/e2e";
import { createPostgresDatabase } from "../helpers/database";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const work = mkdtempSync(join(tmpdir(), "bauklar-backup-e2e-"));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
});

/** Runs an npm script of the repository with the given database settings. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...base } = process.env;
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], { env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

async function serverWithProject(dataDir: string) {
  const server = await startServer({}, { dataDir });
  cleanups.push(() => (server.process.exitCode === null && server.process.signalCode === null ? server.stop("SIGKILL") : undefined));
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const data = randomBytes(3 * 1024 * 1024);
  const form = new FormData();
  form.set("name", "Sicherung Großprojekt");
  form.set("file", new Blob([data]), "Leistungsverzeichnis.x83");
  const project = await admin.call<{ id: number }>("POST", "/api/projects", form);
  const list = await admin.call<unknown[]>("GET", "/api/projects");
  return { server, project, data, projectCount: list.length };
}

async function expectRestoredProduct(server: RunningServer, projectId: number, data: Buffer, projectCount: number) {
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  expect((await admin.call<unknown[]>("GET", "/api/projects")).length).toBe(projectCount);
  const res = await fetch(`${server.url}/api/projects/${projectId}/download-input`, { headers: { cookie: admin.cookie } });
  expect(res.status).toBe(200);
  expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(data));
}

describe("db:backup and db:restore commands", () => {
  const backupFile = join(work, "bauklar-sicherung.ndjson.gz");
  let source: Awaited<ReturnType<typeof serverWithProject>>;

  it("PGlite: refused while the server runs, written once it has stopped", async () => {
    const dataDir = join(work, "quelle");
    source = await serverWithProject(dataDir);

    const refused = await npmRun("db:backup", [backupFile], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Das Datenverzeichnis wird gerade von einem laufenden bauklar-Server benutzt");
    expect(refused.out).toContain("bitte den Server zuerst beenden");
    expect(existsSync(backupFile)).toBe(false);

    await source.server.stop();
    const backup = await npmRun("db:backup", [backupFile], { DATA_DIR: dataDir });
    expect(backup.out).toMatch(
      /^Sicherung von PGlite in .* geschrieben: .*bauklar-sicherung\.ndjson\.gz \(\d+\.\d MB, \d+ Zeilen, \d+\.\d s\)\n$/,
    );
    expect(backup.code).toBe(0);
  }, 90_000); // creating a PGlite DATA_DIR alone takes seconds

  it("PGlite: restored into a new DATA_DIR, the product serves the same projects and bytes", async () => {
    const target = join(work, "ziel");
    const restore = await npmRun("db:restore", [backupFile], { DATA_DIR: target });
    expect(restore.out).toMatch(/in PGlite in .*ziel wiederhergestellt: \d+ Zeilen in \d+ Tabellen/);
    expect(restore.code).toBe(0);
    const restored = await startServer({}, { dataDir: target });
    try {
      await expectRestoredProduct(restored, source.project.id, source.data, source.projectCount);
    } finally {
      await restored.stop();
    }
  }, 90_000);

  it.runIf(process.env.TEST_DATABASE_URL)("the PGlite backup restores into a new PostgreSQL database", async () => {
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    const restore = await npmRun("db:restore", [backupFile], { DATABASE_URL: pg.url });
    expect(restore.out).toMatch(/in PostgreSQL \(DATABASE_URL\) wiederhergestellt/);
    expect(restore.code).toBe(0);
    const server = await startServer({ DATABASE_URL: pg.url });
    try {
      await expectRestoredProduct(server, source.project.id, source.data, source.projectCount);
    } finally {
      await server.stop();
    }
  });

  it("explains its usage and a missing file", async () => {
    const usage = await npmRun("db:backup", [], { DATA_DIR: join(work, "leer") });
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("Aufruf: npm run db:backup -- <datei.ndjson.gz>");
    const missing = await npmRun("db:restore", [join(work, "gibt-es-nicht.ndjson.gz")], { DATA_DIR: join(work, "leer") });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("Die Datei");
    const noDatabase = await npmRun("db:backup", [join(work, "x.ndjson.gz")], { DATA_DIR: join(work, "leer") });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.out).toContain("liegt keine bauklar-Datenbank");
  });
});
