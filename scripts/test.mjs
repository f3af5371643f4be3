// Runs every test suite (unit, API on PGlite and — with TEST_DATABASE_URL — PostgreSQL, browser)
// and ends with one plain summary line that CI can read.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";

mkdirSync("test-results", { recursive: true });
const args = [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
  ...process.argv.slice(2),
];
const run = spawnSync("npx", args, { stdio: "inherit" });
let summary = "tests: 0 passed, 0 failed";
try {
  const r = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
} catch {
  /* no report: vitest failed before running */
}
console.log(`\n${summary}`);
process.exit(run.status ?? 1);
