// Bundles the server into dist/server/main.js; npm packages stay external (node_modules).
import { resolve } from "node:path";
import { build } from "esbuild";

const dist = resolve(process.env.DIST_DIR ?? "dist");

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: resolve(dist, "server/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server bundled → ${resolve(dist, "server/main.js")}`);
