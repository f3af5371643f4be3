// The super admin edits the reference price table of unpriced LVs in the browser: a wrong Preisstand
// is named, a saved table survives a reload, the shipped table can be restored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { ADMIN, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";

const POLL = { timeout: 20_000 };
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("Richtwerte LV", () => {
  it("the super admin saves a table with index values and restores the shipped one", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await loginViaUi(page, ADMIN.username, ADMIN.password);
      await page.goto("/dashboard/chatbot-database");
      await page.getByRole("tab", { name: "Richtwerte LV" }).click();
      const stand = page.getByLabel("Preisstand (JJJJ-Qn)");
      await expect.poll(() => stand.inputValue(), POLL).toBe("2025-Q2");
      const status = page.getByTestId("reference-status");
      await expect.poll(() => status.textContent(), POLL).toBe("Aktivmitgelieferte Tabelle");

      await stand.fill("2. Quartal");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Quartal im Format JJJJ-Qn, z. B. 2025-Q2").waitFor();

      await stand.fill("2025-Q2");
      await page.getByLabel(/^Indexwerte/).fill("2025-Q2; 130\n2026-Q3; 136,5");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByTestId("toast").getByText("Richtwerte gespeichert").waitFor();
      await page.reload();
      await page.getByRole("tab", { name: "Richtwerte LV" }).click();
      await expect.poll(() => page.getByLabel(/^Indexwerte/).inputValue(), POLL).toBe("2025-Q2; 130\n2026-Q3; 136,5");
      await expect.poll(() => status.textContent(), POLL).toMatch(/^Aktivgespeichert \d{2}\.\d{2}\.\d{4}.* · @/);

      await page.getByRole("button", { name: "Mitgelieferte Tabelle" }).click();
      await page.getByTestId("toast").getByText("Mitgelieferte Richtwerte aktiv").waitFor();
      await expect.poll(() => page.getByLabel(/^Indexwerte/).inputValue(), POLL).toBe("");
    } finally {
      await context.close();
    }
  }, 90_000);
});
