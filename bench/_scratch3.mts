import autocannon from "autocannon";
import { seedLargeCompany } from "./large-seed";
import { startBenchServer } from "./server.mjs";
import { createPostgresDatabase } from "../tests/helpers/database";
process.env.TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const created = await createPostgresDatabase();
const seed = await seedLargeCompany({ databaseUrl: created.url, dataDir: "/tmp/bench-work/d3", projects: 1000 });
const server = await startBenchServer({ databaseUrl: created.url, dataDir: "/tmp/bench-work/d3", env: { RATE_LIMIT: "off", LOG_LEVEL: "info" } });
server.process.on("exit", (code, sig) => console.log("SERVER EXIT", code, sig));
const login = await fetch(`${server.base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: seed.admin, password: seed.password }) });
const cookie = login.headers.get("set-cookie")!.split(";")[0];
for (const path of ["/api/projects?limit=50", "/api/projects?limit=50&q=Kita", "/api/projects?limit=50&q=KST-L-000471", "/api/user"]) {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); const res = await fetch(`${server.base}${path}`, { headers: { cookie } }); await res.text(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(path, "median", times[15].toFixed(1), "max", times[29].toFixed(1));
}
const r = await new Promise<any>((res) => autocannon({ url: `${server.base}/api/projects?limit=50&q=Kita`, headers: { cookie }, connections: 50, duration: 4 }, (e: any, r: any) => res(e ?? r)));
console.log(r.latency?.p99, r.non2xx, r.errors);
await server.stop(); await created.drop(); process.exit(0);
