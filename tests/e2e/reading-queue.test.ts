// The reading queue in the browser (issue 29 items 5 and 8): a company whose LV waits behind
// another company's files sees its place in the LV tab, and the super admin sees a failed reading
// in Einstellungen → Betrieb and starts it again. PostgreSQL (the test marks the job failed in
// the database while the server runs).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openDatabase, type Database } from "../../src/server/db/client";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { createPostgresDatabase } from "../helpers/database";
import { startFakeLlm, type FakeLlm } from "../helpers/fake-llm";

const postgresUrl = process.env.TEST_DATABASE_URL;
const SAMPLE = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/boq.x83"));

let server: RunningServer;
let browser: Browser;
let db: Database;
let llm: FakeLlm;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!postgresUrl) return;
  const pg = await createPostgresDatabase();
  drop = pg.drop;
  // The model answers late: the first file's reading holds the reader while the others wait.
  llm = await startFakeLlm({ kind: "answer", delayMs: 20_000 });
  server = await startServer({ DATABASE_URL: pg.url, LLM_BASE_URL: llm.url, LLM_API_KEY: "test", LLM_TIMEOUT_MS: "120000" });
  browser = await launchBrowser();
  db = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop("SIGKILL");
  await db?.close();
  await llm?.close();
  await drop?.();
});

describe.runIf(postgresUrl)("reading queue", () => {
  it("the LV tab shows the files before one's own; the super admin requeues a failed reading in Einstellungen → Betrieb", async () => {
    const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
    const companyA = await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Stapel Bau GmbH",
      address: "Weg 1, 35510 Butzbach",
      contactEmail: "a@stapel.de",
    });
    const companyB = await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Einzel Bau KG",
      address: "Weg 2, 35510 Butzbach",
      contactEmail: "b@einzel.de",
    });
    // Projects of A (three files) and B (one) created by the super admin for each company.
    const projectFor = async (companyId: number, name: string) => {
      const form = new FormData();
      form.append("name", name);
      form.append("companyId", String(companyId));
      form.append("file", new Blob([SAMPLE]), "LV.x83");
      const res = await fetch(`${server.url}/api/projects`, { method: "POST", headers: { cookie: admin.cookie }, body: form });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const a1 = await projectFor(companyA.id, "Stapel 1");
    await expect.poll(() => llm.requests.length, { timeout: 30_000 }).toBeGreaterThan(0); // A1 is being read
    await projectFor(companyA.id, "Stapel 2");
    await projectFor(companyA.id, "Stapel 3");
    const b1 = await projectFor(companyB.id, "Einzeln");

    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/dashboard/projects/${b1}`);
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    // A1 in progress, then B's turn before A2 and A3.
    await page.getByText("Das Leistungsverzeichnis wird gelesen – noch 1 Datei vor Ihrer").waitFor({ timeout: 15_000 });

    // A1's reading gives up (as after its last attempt); the super admin starts it again.
    await db.db.execute(
      sql`update jobs set status = 'failed', lock_token = null, locked_until = null, attempts = 3, last_error = 'Testfehler', finished_at = now() where payload->>'projectId' = ${String(a1)}`,
    );
    await db.db.execute(
      sql`update boq_analyses set status = 'failed', error = 'Das Leistungsverzeichnis konnte nach mehreren Versuchen nicht gelesen werden.' where project_id = ${a1}`,
    );
    llm.setMode({ kind: "answer" });

    await page.goto("/dashboard/settings?tab=betrieb");
    const issues = page.getByTestId("reading-issues");
    const row = issues.getByRole("listitem").filter({ hasText: "Stapel 1" });
    await row.getByText("Fehlgeschlagen").waitFor();
    await row.getByText(/Stapel Bau GmbH/).waitFor();
    await row.getByText(/Testfehler/).waitFor();
    await row.getByRole("button", { name: "Erneut einlesen" }).click();
    await page.getByText("Die Datei wird erneut eingelesen.").first().waitFor();
    // Read again to the end (after the discarded first attempt freed the reader): the list
    // empties and the LV tab shows the LV.
    await page.getByText("Keine auffälligen Einlesungen.").waitFor({ timeout: 90_000 });
    await page.goto(`/dashboard/projects/${a1}`);
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    await page.getByTestId("boq-tab").getByText("Abrechenbare Positionen").waitFor({ timeout: 90_000 });
    await context.close();
  }, 240_000);
});
