// The DATA_DIR lock: a live holder is refused with a clear message; holders that are gone (dead
// pid, other boot, reused pid) are taken over; another host's lock only by the server.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from "./data-dir-lock";

let dir: string;
let other: ChildProcess;
const lockPath = () => join(dir, LOCK_FILE);
const writeHolder = (holder: object) =>
  writeFileSync(lockPath(), JSON.stringify({ owner: "server", since: "2025-01-01T00:00:00.000Z", host: hostname(), ...holder }));
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};

beforeAll(async () => {
  other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  await new Promise((r) => other.once("spawn", r));
});
afterAll(() => {
  other.kill("SIGKILL");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = mkdtempSync(join(tmpdir(), "bauklar-lock-")));

describe("DATA_DIR lock", () => {
  it("is taken, names its process and is removed on release", () => {
    fresh();
    const lock = acquireDataDirLock(dir, "db:backup");
    const holder = JSON.parse(readFileSync(lockPath(), "utf8"));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname(), owner: "db:backup" });
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it("refuses while another live process holds it, and changes nothing", () => {
    fresh();
    writeHolder({ pid: other.pid, started: startOf(other.pid!) });
    const before = readFileSync(lockPath(), "utf8");
    expect(() => acquireDataDirLock(dir, "db:backup")).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir, "db:backup")).toThrow(
      `Das Datenverzeichnis wird gerade von einem laufenden bauklar-Server benutzt (Prozess ${other.pid} auf ${hostname()}, seit 2025-01-01T00:00:00.000Z).`,
    );
    expect(readFileSync(lockPath(), "utf8")).toBe(before);
  });

  it("takes over the lock of a process that is gone, rebooted away or whose pid was reused", () => {
    for (const holder of [
      { pid: 2 ** 22 + 7 }, // no such process
      { pid: other.pid, boot: "00000000-0000-0000-0000-000000000000" },
      { pid: other.pid, started: "1" },
    ]) {
      fresh();
      writeHolder(holder);
      const lock = acquireDataDirLock(dir, "server");
      expect(JSON.parse(readFileSync(lockPath(), "utf8")).pid).toBe(process.pid);
      lock.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("another host's lock: the commands refuse, the server takes it over and says so", () => {
    fresh();
    writeHolder({ pid: 1, host: "anderer-host" });
    expect(() => acquireDataDirLock(dir, "db:restore")).toThrow(/Prozess 1 auf anderer-host/);
    const lock = acquireDataDirLock(dir, "server", { takeOverOtherHost: true });
    expect(lock.replaced).toMatchObject({ pid: 1, host: "anderer-host" });
    lock.release();
  });
});
