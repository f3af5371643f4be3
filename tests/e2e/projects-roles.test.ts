// What a plain user can and cannot do in the projects screens, and the admin's edit, delete,
// cancelled upload and the create dialog on a phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { evaluationHtml, gaebOfSize, invitedUser, PASSWORD, type Api } from "./projects.helpers";

let server: RunningServer;
let browser: Browser;
let admin: Api;
let companyAdmin: Api;
let projectId: number;

const PROJECT = "Sanierung Rathaus Nord";

async function createViaApi(api: Api, name: string, extra: Record<string, string> = {}) {
  const fd = new FormData();
  fd.append("name", name);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append("file", new Blob([new Uint8Array(gaebOfSize(20_000))]), "LV-Rathaus.x83");
  return (await api.call<{ id: number }>("POST", "/api/projects", fd)).id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = (
    await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Hochbau Gamma GmbH",
      address: "Markt 3, 35510 Butzbach",
      contactEmail: "info@gamma.de",
    })
  ).id;
  companyAdmin = await invitedUser(server.url, admin, "gamma_admin", "company_admin", company);
  await invitedUser(server.url, admin, "gamma_user", "user", company);
  projectId = await createViaApi(companyAdmin, PROJECT, {
    costCenter: "KST-2025-0100",
    contactPerson: "Jonas Weber",
    contactEmail: "weber@gamma.de",
  });
  const fd = new FormData();
  fd.append("htmlFile", new Blob([evaluationHtml("Auswertung Rathaus")], { type: "text/html" }), "Auswertung.html");
  await admin.call("POST", `/api/projects/${projectId}/upload-html`, fd);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(username: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport);
  await loginViaUi(page, username, PASSWORD);
  return page;
}

describe("a plain user", () => {
  it("sees the company's projects and the demo project, but no create, edit, delete or upload", async () => {
    const page = await signedIn("gamma_user");
    await page.goto("/dashboard/projects");
    await page.getByTestId("project-card").filter({ hasText: PROJECT }).waitFor();
    await page.getByTestId("project-card").filter({ hasText: "Demo-Projekt" }).waitFor();
    await page.getByTestId("projects-info").waitFor();
    expect(await page.getByRole("button", { name: "Neues Projekt" }).count()).toBe(0);
    expect(await page.getByTestId("project-actions").count()).toBe(0);
    expect(await page.getByTestId("project-id-badge").count()).toBe(0);

    // Search over name, cost center and contact person; both empty states. The search runs on
    // the server after a short pause in typing, so the results are awaited.
    const search = page.getByPlaceholder("Projekte suchen...");
    const cards = page.getByTestId("project-card");
    const onlyProject = async () => (await cards.count()) === 1 && ((await cards.first().textContent()) ?? "").includes(PROJECT);
    await search.fill("jonas WEBER");
    await expect.poll(onlyProject, { timeout: 15_000 }).toBe(true);
    await search.fill("kst-2025-0100");
    await expect.poll(onlyProject, { timeout: 15_000 }).toBe(true);
    await search.fill("Gibt es nicht");
    await page.getByText("Keine Projekte gefunden").waitFor();
    await page.getByText("Versuchen Sie, Ihren Suchbegriff anzupassen").waitFor();
    await search.fill("");

    await page.getByTestId("project-card").filter({ hasText: PROJECT }).click();
    await page.waitForURL(`**/dashboard/project-detail/${projectId}`);
    await page.getByText("Projektinformationen").waitFor();
    for (const name of ["Bearbeiten", "Löschen", "Auswertung hochladen", "Neue Datei hochladen"]) {
      expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    }
    // Downloads the tender, views (but does not download) the evaluation.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("input-file-card").getByRole("link", { name: "Herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("LV-Rathaus.x83");
    expect(await page.getByTestId("evaluation-card").getByRole("link", { name: "Herunterladen" }).count()).toBe(0);
    await page.getByTestId("evaluation-card").getByRole("link", { name: "Auswertung ansehen" }).waitFor();

    // The demo project is view-only and says so.
    await page.goto("/dashboard/project-detail/1");
    await page.getByTestId("demo-notice").waitFor();
    expect(await page.getByRole("button", { name: "Bearbeiten" }).count()).toBe(0);

    // The dashboard rows have no admin menu.
    await page.goto("/dashboard");
    await page.getByTestId("recent-project").filter({ hasText: PROJECT }).waitFor();
    await page.getByTestId("welcome-card").waitFor();
    await page.getByTestId("quick-start").waitFor();
    expect(await page.getByTestId("project-actions").count()).toBe(0);

    // The server refuses what the screens do not offer.
    const cookie = (await apiSession(server.url, "gamma_user", PASSWORD)).cookie;
    const put = await fetch(`${server.url}/api/projects/${projectId}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Übernommen" }),
    });
    expect(put.status).toBe(403);
    const del = await fetch(`${server.url}/api/projects/${projectId}`, { method: "DELETE", headers: { cookie } });
    expect(del.status).toBe(403);
    const out = await fetch(`${server.url}/api/projects/${projectId}/download-output`, { headers: { cookie } });
    expect(out.status).toBe(403);
    await page.context().close();
  });
});

describe("a company admin", () => {
  it("edits with the spec's validation, and cannot change the demo project", async () => {
    const page = await signedIn("gamma_admin");
    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole("button", { name: "Bearbeiten" }).click();
    const form = page.getByTestId("project-edit-form");
    expect(await form.getByLabel("Status").count()).toBe(0);
    await form.getByLabel("Projektname").fill("ab");
    await form.getByLabel("Kontakt-E-Mail").fill("weber@");
    await form.getByRole("button", { name: "Speichern" }).click();
    await form.getByText("Der Projektname muss mindestens 3 Zeichen lang sein").waitFor();
    await form.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein").waitFor();
    await form.getByLabel("Projektname").fill(`${PROJECT} II`);
    await form.getByLabel("Kontakt-E-Mail").fill("jonas.weber@gamma.de");
    await form.getByLabel("Beschreibung").fill("Zweiter Bauabschnitt mit Dachsanierung");
    await form.getByRole("button", { name: "Speichern" }).click();
    await page.getByTestId("toast").getByText("Projekt aktualisiert").waitFor();
    await page.getByRole("link", { name: "jonas.weber@gamma.de" }).waitFor();
    await page.getByText("Zweiter Bauabschnitt mit Dachsanierung").waitFor();
    await page.locator("h1").getByText(`${PROJECT} II`).waitFor();

    await page.goto("/dashboard/project-detail/1");
    await page.getByTestId("demo-notice").waitFor();
    expect(await page.getByRole("button", { name: "Bearbeiten" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Auswertung hochladen" }).count()).toBe(0);
    await page.context().close();
  });

  it("sees upload progress and can cancel: nothing is created", async () => {
    const page = await signedIn("gamma_admin");
    await page.goto("/dashboard/projects");
    await page.getByRole("button", { name: "Neues Projekt" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Projektname").fill("Abgebrochenes Projekt");
    await page
      .locator("#project-file")
      .setInputFiles({ name: "gross.x83", mimeType: "application/xml", buffer: gaebOfSize(9 * 1024 * 1024) });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await dialog.getByRole("button", { name: "Projekt erstellen" }).click();
    const progress = dialog.getByTestId("upload-progress");
    await progress.waitFor();
    await progress.getByText(/^\d+ %$/).waitFor();
    expect(await progress.getByRole("progressbar").getAttribute("aria-valuenow")).toMatch(/^\d+$/);
    await progress.getByRole("button", { name: "Upload abbrechen" }).click();
    await page.getByTestId("toast").getByText("Upload abgebrochen").waitFor();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // The dialog stays open with the entries, usable again.
    expect(await dialog.getByLabel("Projektname").inputValue()).toBe("Abgebrochenes Projekt");
    await page.waitForTimeout(500);
    const names = (await companyAdmin.call<{ name: string }[]>("GET", "/api/projects")).map((p) => p.name);
    expect(names).not.toContain("Abgebrochenes Projekt");
    await page.context().close();
  });

  it("the create dialog is usable on a phone", async () => {
    const page = await signedIn("gamma_admin", { width: 375, height: 667 });
    await page.goto("/dashboard/projects");
    await page.getByRole("button", { name: "Neues Projekt" }).click();
    const dialog = page.getByRole("dialog");
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.height).toBeLessThanOrEqual(667);
    await dialog.getByLabel("Projektname").fill("Projekt vom Handy");
    await page.locator("#project-file").setInputFiles({ name: "LV.x83", mimeType: "application/xml", buffer: gaebOfSize(5000) });
    const submit = dialog.getByRole("button", { name: "Projekt erstellen" });
    await submit.scrollIntoViewIfNeeded();
    const b = await submit.boundingBox();
    expect(b!.y + b!.height).toBeLessThanOrEqual(667);
    await submit.click();
    await page.getByTestId("toast").getByText("Das Projekt wurde erfolgreich erstellt.").waitFor();
    await page.getByTestId("project-card").filter({ hasText: "Projekt vom Handy" }).waitFor();
    await page.screenshot({ path: "test-results/projects-phone.png" }).catch(() => {});
    await page.context().close();
  });

  it("deletes from the list menu and from the detail page, after a warning", async () => {
    const fromList = await createViaApi(companyAdmin, "Löschen aus der Liste");
    const fromDetail = await createViaApi(companyAdmin, "Löschen aus dem Detail");
    const page = await signedIn("gamma_admin");
    await page.goto("/dashboard/projects");
    await page.getByTestId("project-card").filter({ hasText: "Löschen aus der Liste" }).getByTestId("project-actions").click();
    await page.getByRole("menuitem", { name: "Projekt löschen" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("kann nicht rückgängig gemacht werden", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Projekt löschen" }).click();
    await page.getByTestId("toast").getByText("Projekt gelöscht").waitFor();
    await page.getByTestId("project-card").filter({ hasText: "Löschen aus der Liste" }).waitFor({ state: "detached" });
    expect(page.url()).toContain("/dashboard/projects");

    await page.goto(`/dashboard/project-detail/${fromDetail}`);
    await page.getByRole("button", { name: "Löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Projekt löschen" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/projects");
    await page.getByTestId("toast").getByText("Projekt gelöscht").waitFor();
    expect(await page.getByTestId("project-card").filter({ hasText: "Löschen aus dem Detail" }).count()).toBe(0);
    const ids = (await companyAdmin.call<{ id: number }[]>("GET", "/api/projects")).map((p) => p.id);
    expect(ids).not.toContain(fromList);
    expect(ids).not.toContain(fromDetail);
    await page.context().close();
  });
});
