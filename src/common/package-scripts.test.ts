// Every script in package.json works: vitest project filters name existing projects, the files
// scripts run exist, and the command-line tools answer --help. (A script that silently matched no
// test project once made `npm run test:api` fail.)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, TEST_DATABASE_URL: "postgres://unused" },
  });

describe("package.json scripts", () => {
  it.each(Object.entries(pkg.scripts).filter(([, cmd]) => cmd.startsWith("vitest run --project")))(
    "%s selects test files",
    (_name, cmd) => {
      const project = /--project\s+"?([^"\s]+)"?/.exec(cmd)?.[1] ?? "";
      const listed = run("npx", ["vitest", "list", "--project", project, "--filesOnly"]);
      expect(listed.trim().split("\n").length).toBeGreaterThan(0);
      expect(listed).not.toMatch(/No projects matched/);
    },
    60_000,
  );

  it("npm test runs the whole gate: types, lint, formatting, build and every test project", () => {
    const steps = pkg.scripts.test.split("&&").map((s) => s.trim());
    expect(steps).toEqual(["npm run typecheck", "npm run lint", "npm run format:check", "npm run build", "node scripts/test.mjs"]);
  });

  it("every file a script runs exists", () => {
    const missing: string[] = [];
    for (const [name, cmd] of Object.entries(pkg.scripts)) {
      for (const m of cmd.matchAll(/(?:^|\s)((?:scripts|bench|src)\/[\w./-]+\.(?:mjs|ts|js))/g))
        if (!existsSync(join(ROOT, m[1]))) missing.push(`${name}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it.each(["db:backup", "db:restore"])(
    "%s answers --help with its usage",
    (name) => {
      let out: string;
      try {
        out = run("npm", ["run", "--silent", name, "--", "--help"]);
      } catch (err) {
        const e = err as { stdout?: string; stderr?: string };
        out = `${e.stdout ?? ""}${e.stderr ?? ""}`;
      }
      expect(out).toMatch(/backup|restore/i);
      expect(out).not.toMatch(/Error:|at .*\.ts:\d+/);
    },
    60_000,
  );
});
