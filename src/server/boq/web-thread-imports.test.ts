// The web server's thread must not load the tender readers: pdf.js's legacy build replaces
// Array.prototype.push (a slower polyfill) for the whole process, and exceljs/pdf.js cost memory
// and start-up time that belong in the reader worker.
import { expect, it } from "vitest";

it("loading the app and its background workers leaves pdf.js and exceljs to the reader worker", { timeout: 60_000 }, async () => {
  const push = Array.prototype.push;
  await import("../app");
  await import("../background");
  await import("./reader-pool");
  expect(Array.prototype.push).toBe(push);
  const loaded = Object.keys(await import("node:module").then((m) => (m.default as unknown as { _cache?: object })._cache ?? {}));
  expect(loaded.filter((p) => /pdfjs-dist|exceljs/.test(p))).toEqual([]);
});
