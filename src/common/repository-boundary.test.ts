// The repository stands on its own: no file reads or names a path outside it (the specification
// folder beside the working copy, a developer's absolute paths). What the specification requires is
// restated in docs/requirements.md and docs/architecture.md.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
// Built from pieces so that this file does not match itself.
const OUTSIDE = [
  new RegExp(["\\.\\.", "shared"].join("/")),
  new RegExp(["", "work", ""].join("/")),
  new RegExp(["", "(?:root|home)", "[a-z]"].join("/")),
  new RegExp(["spec", "0[12]"].join("/")),
  new RegExp(["DESIGN", "md"].join("\\.")),
];
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|html|css|sql|yml|yaml|txt|sh)$|(^|\/)(Dockerfile|run)$/;

function trackedTextFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return out.split("\n").filter((f) => f && TEXT.test(f) && f !== "package-lock.json");
}

describe("repository boundary", () => {
  it("no file names a path outside the repository", () => {
    const offenders: string[] = [];
    for (const file of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), "utf8");
      } catch {
        continue; // deleted in the work tree
      }
      text.split("\n").forEach((line, i) => {
        if (OUTSIDE.some((re) => re.test(line))) offenders.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
