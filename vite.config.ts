import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

// The client lives in src/client; app.html is the shell. In development the API is proxied to
// the Fastify server (npm run dev).
export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    rollupOptions: { input: "src/client/app.html" },
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
