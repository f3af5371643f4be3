// Seeds the bench data and serves the built product on it until killed (the database is dropped
// then): for profiling by hand, e.g. NODE_ARGS=--cpu-prof.
//   node --import tsx bench/serve.mjs [--pglite]   (prints the URL and a company admin's cookie)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedBenchData } from "./seed.ts";
import { startBenchServer } from "./server.mjs";
import { createPostgresDatabase } from "../tests/helpers/database.ts";

const dataDir = mkdtempSync(join(tmpdir(), "bauklar-bench-"));
const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let databaseUrl;
let drop = async () => {};
if (pgAdmin && !process.argv.includes("--pglite")) {
  process.env.TEST_DATABASE_URL = pgAdmin;
  ({ url: databaseUrl, drop } = await createPostgresDatabase());
}
const seed = await seedBenchData({ databaseUrl, dataDir });
const server = await startBenchServer({
  databaseUrl,
  dataDir,
  port: process.env.PORT ? Number(process.env.PORT) : undefined,
  nodeArgs: (process.env.NODE_ARGS ?? "").split(" ").filter(Boolean),
  env: { RATE_LIMIT: "off" },
});
const res = await fetch(`${server.base}/api/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: seed.bigCompanyAdmin, password: seed.password }),
});
console.log(
  JSON.stringify({
    base: server.base,
    databaseUrl,
    cookie: res.headers.get("set-cookie").split(";")[0],
    projectId: seed.sampleProjectId,
    pid: server.pid,
  }),
);
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.process.kill("SIGTERM"));
server.process.on("exit", async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
