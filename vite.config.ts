import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { resolve } from "node:path";

// DIST_DIR lets parallel builds (e.g. test runs) use their own output folder.
const distDir = resolve(process.env.DIST_DIR ?? "dist");

// The client lives in src/client; app.html is the shell. In development the API is proxied to
// the Fastify server (npm run dev).
export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: resolve(distDir, "client"),
    emptyOutDir: true,
    rollupOptions: { input: "src/client/app.html" },
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
