// A private PostgreSQL cluster (own data dir, port and socket dir) for tests that stop and start
// the database server; the machine's shared PostgreSQL is never touched. initdb refuses to run as
// root, so as root the binaries run as the `postgres` user.
import { spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./e2e";

export interface PrivateCluster {
  url: string;
  start(): Promise<void>;
  /** mode "fast" ends sessions cleanly, "immediate" drops them like a crash. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Stops the cluster if it runs and removes its directory; safe to call more than once. */
  destroy(): Promise<void>;
}

/** The bin directory of the newest installed PostgreSQL with initdb and pg_ctl, or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, "bin");
    if (existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

/** uid/gid of the postgres user when running as root (initdb refuses root), else undefined. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("running as root needs a `postgres` user to run initdb");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | undefined, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...(user ?? {}), stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LC_ALL: "C" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${bin} ${args.join(" ")} failed (${code}): ${out}`));
    });
  });
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin");
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), "bauklar-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const port = await freePort();
  const pgCtl = join(bin, "pg_ctl");
  let running = false;
  try {
    await run(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"], user, 60_000);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      // Only TCP on 127.0.0.1 and a socket in our own directory; fsync off, it is a test cluster.
      await run(
        pgCtl,
        ["-D", data, "-l", join(dir, "server.log"), "-w", "-t", "30", "-o", `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off`, "start"],
        user,
      );
      running = true;
    },
    async stop(mode = "fast") {
      await run(pgCtl, ["-D", data, "-m", mode, "-w", "-t", "30", "stop"], user);
      running = false;
    },
    async destroy() {
      if (running || existsSync(join(data, "postmaster.pid"))) await cluster.stop("immediate").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
