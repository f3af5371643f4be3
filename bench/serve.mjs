// Seeds the bench data and serves the built product on it until killed (the database is dropped
// then): for profiling by hand, e.g. NODE_ARGS=--cpu-prof.
//   node --import tsx bench/serve.mjs [--pglite]   (prints the URL and a company admin's cookie)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { seedBenchData } from "./seed.ts";
import { freePort } from "../tests/helpers/e2e.ts";
import { createPostgresDatabase } from "../tests/helpers/database.ts";

const root = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "bauklar-bench-"));
const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let databaseUrl;
let drop = async () => {};
if (pgAdmin && !process.argv.includes("--pglite")) {
  process.env.TEST_DATABASE_URL = pgAdmin;
  ({ url: databaseUrl, drop } = await createPostgresDatabase());
}
const seed = await seedBenchData({ databaseUrl, dataDir });
const port = Number(process.env.PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...(process.env.NODE_ARGS ?? "").split(" ").filter(Boolean), join(process.env.DIST_DIR ?? join(root, "dist"), "server/main.js")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_ORIGIN: base, LOG_LEVEL: "warn", RATE_LIMIT: "off", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  stdio: "inherit",
});
for (;;) {
  const up = await fetch(`${base}/api/user`).then((r) => r.status === 401, () => false);
  if (up) break;
  await new Promise((r) => setTimeout(r, 200));
}
const res = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: seed.bigCompanyAdmin, password: seed.password }) });
console.log(JSON.stringify({ base, databaseUrl, cookie: res.headers.get("set-cookie").split(";")[0], projectId: seed.sampleProjectId, pid: server.pid }));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill("SIGTERM"));
server.on("exit", async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
