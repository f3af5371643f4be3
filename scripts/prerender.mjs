// Pre-renders the public pages into dist/client/*.html from the built app shell (app.html).
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const root = resolve(import.meta.dirname, "..");
const dist = resolve(process.env.DIST_DIR ?? resolve(root, "dist"));
const out = resolve(dist, "client");
// Inside the repository so the SSR bundle resolves node_modules; one folder per build process.
const ssrOut = resolve(root, ".prerender", String(process.pid));

await build({
  configFile: resolve(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: resolve(root, "src/client/prerender.tsx"),
    outDir: ssrOut,
    emptyOutDir: true,
    rollupOptions: { input: resolve(root, "src/client/prerender.tsx") },
  },
});

const { render, PAGE_META } = await import(pathToFileURL(resolve(ssrOut, "prerender.js")).href);
const shell = readFileSync(resolve(out, "app.html"), "utf8");
const escape = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

for (const meta of PAGE_META) {
  const html = await render(meta.path);
  const head = meta.head ?? `<title>${escape(meta.title)}</title>\n    <meta name="description" content="${escape(meta.description)}" />`;
  const page = shell.replace("<!--head-->", head).replace("<!--app-->", html);
  writeFileSync(resolve(out, meta.file), page);
  console.log(`pre-rendered ${meta.path} → ${meta.file} (${(page.length / 1024).toFixed(1)} KB)`);
}
rmSync(ssrOut, { recursive: true, force: true });

// Pre-compressed copies of the static files: @fastify/static (preCompressed) serves the .br or
// .gz file the browser accepts, so the landing page's JavaScript travels compressed.
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".map"]);
let compressed = 0;
for (const sub of ["assets", "static"]) {
  const dir = resolve(out, sub);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = resolve(dir, String(name));
    if (!COMPRESSIBLE.has(extname(file)) || !statSync(file).isFile() || statSync(file).size < 1024) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    compressed++;
  }
}
console.log(`pre-compressed ${compressed} static files (.br, .gz)`);
