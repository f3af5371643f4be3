// Starts the built product ($DIST_DIR, default dist) for a benchmark and waits until it answers.
// Without `databaseUrl` it runs on PGlite in `dataDir` (a throwaway directory when omitted).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

export async function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on("error", rej);
  });
}

/** @param {{ databaseUrl?: string, dataDir?: string, port?: number, nodeArgs?: string[], env?: Record<string, string>, quiet?: boolean }} opts */
export async function startBenchServer(opts = {}) {
  const port = opts.port ?? (await freePort());
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "bauklar-bench-"));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), join(resolve(process.env.DIST_DIR ?? join(root, "dist")), "server/main.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: base,
        LOG_LEVEL: "warn",
        DATABASE_URL: opts.databaseUrl ?? "",
        ...opts.env,
      },
      stdio: ["ignore", opts.quiet ? "pipe" : "inherit", opts.quiet ? "pipe" : "inherit"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
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
  return {
    base,
    pid: child.pid,
    process: child,
    /** SIGTERM (SIGKILL after 5 s); removes the data directory it made. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
