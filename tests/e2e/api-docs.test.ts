// The API reference page /api/docs in Chromium: Swagger UI renders our description from our own
// assets, under the app's Content-Security-Policy, without a single violation or request to
// another origin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, startServer, type RunningServer } from "../helpers/e2e";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/api/docs", () => {
  it("renders the bauklar API with its areas, without CSP violations or foreign requests", async () => {
    const { context, page } = await newPage(browser, server.url);
    const problems: string[] = [];
    page.on("console", (msg) => {
      // The 401 of the "Try it out" call below is the answer we expect, not a problem.
      if (/status of 401/.test(msg.text())) return;
      if (msg.type() === "error" || /Content[- ]Security[- ]Policy/i.test(msg.text()))
        problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    const foreign: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.protocol.startsWith("http") && url.origin !== server.url) foreign.push(req.url());
    });

    const res = await page.goto("/api/docs");
    expect(res?.status()).toBe(200);
    // The title comes from /api/docs/json, so this proves the scripts ran and fetched it.
    await expect.poll(() => page.locator(".swagger-ui .info .title").textContent(), { timeout: 20_000 }).toContain("bauklar API");
    // One section per area, the operations inside (the security scheme's button too).
    for (const area of ["Anmeldung", "Projekte", "Leistungsverzeichnis", "Chatbot", "Firmen"]) {
      await page.locator(`.opblock-tag[data-tag="${area}"]`).waitFor();
    }
    await page.locator('.opblock-summary-path[data-path="/api/projects/{id}"]').first().waitFor();
    await page.locator(".auth-wrapper .authorize").waitFor();

    // Opening an operation renders its parameters (more of the bundle runs).
    await page.locator('.opblock-get .opblock-summary-path[data-path="/api/projects/{id}"]').first().click();
    await page.locator(".parameters-container .parameter__name").first().waitFor();
    expect(await page.locator(".parameters-container .parameter__name").first().textContent()).toContain("id");

    // "Try it out" sends a real request from the page (connect-src 'self') and renders the answer.
    const user = page.locator("#operations-Konto-get_api_user");
    await user.locator(".opblock-summary").click();
    await user.getByRole("button", { name: "Try it out" }).click();
    await user.getByRole("button", { name: "Execute" }).click();
    const status = user.locator(".live-responses-table tbody .response-col_status").first();
    await status.waitFor();
    expect(await status.textContent()).toContain("401");

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it("keeps the app's policy: an injected inline script stays blocked on the docs page", async () => {
    const { context, page } = await newPage(browser, server.url);
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto("/api/docs");
    await page.waitForSelector(".swagger-ui .info .title");
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean };
      const s = document.createElement("script");
      s.textContent = "window.injected = true";
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });
});
