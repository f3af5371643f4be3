import { defineConfig } from "vitest/config";

// Three kinds of tests: unit (next to the code), api (Fastify inject against a fresh database),
// e2e (the built app in Debian's Chromium). The api suite runs on PGlite and, when
// TEST_DATABASE_URL is set, a second time on real PostgreSQL.
const apiProjects = [
  { name: "api-pglite", env: { TEST_DB: "pglite" } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "api-postgres", env: { TEST_DB: "postgres" } }] : []),
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["src/**/*.test.{ts,tsx}"], environment: "node" } },
      ...apiProjects.map((p) => ({
        test: {
          name: p.name,
          include: ["tests/api/**/*.test.ts"],
          env: p.env,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks" as const,
        },
      })),
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks" as const,
          fileParallelism: false,
        },
      },
    ],
  },
});
