// Bundles the server into dist/server/main.js and the tender reader thread (started by
// src/server/boq/reader-pool.ts next to the bundle) into dist/server/reader-worker.js; npm packages
// stay external (node_modules).
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { relative, resolve } from "node:path";
import { build } from "esbuild";

const dist = resolve(process.env.DIST_DIR ?? "dist");

await build({
  entryPoints: { main: "src/server/main.ts", "reader-worker": "src/server/boq/reader-worker.ts" },
  outdir: resolve(dist, "server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// A build outside the repository (DIST_DIR=/tmp/…) still needs the repository's packages.
if (relative(process.cwd(), dist).startsWith("..") && !existsSync(resolve(dist, "node_modules"))) {
  mkdirSync(dist, { recursive: true });
  symlinkSync(resolve("node_modules"), resolve(dist, "node_modules"), "dir");
}
console.log(`server bundled → ${resolve(dist, "server/main.js")} and reader-worker.js`);
