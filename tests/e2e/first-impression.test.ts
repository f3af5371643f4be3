// A newcomer's first minutes (issue #18), on a fresh start without ADMIN_* and without OPERATOR_*:
// the terminal ends with the invitation link, the first super admin chooses the e-mail under a
// banner that names the real role, the legal pages show a marked sample operator, unknown paths
// get a German not-found page in the public layout, the demo's 'Analyse anzeigen' opens that
// project's own analysis (the landing page loads none of it), /projects/1/result shows the
// bundled sample evaluation without a login, and a deleted project is not requested again.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";

let server: RunningServer;
let browser: Browser;
const FIRST = { username: "chefin", password: "Erste!Chefin1", email: "clara.chefin@bauklar.example" };

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: "", ADMIN_PASSWORD: "", ADMIN_EMAIL: "" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ready = (page: Page) => page.waitForSelector("html[data-ready='true']");

describe("first start", () => {
  it("the terminal ends with the invitation link; the first super admin picks the e-mail under a banner naming the role", async () => {
    const lines = server.output().trimEnd().split("\n");
    const last = lines.at(-1)!.trim();
    expect(last).toMatch(new RegExp(`^${server.url.replace(/[.]/g, "\\.")}/auth\\?token=[A-Za-z0-9_-]{40,}$`));
    expect(lines.at(-3)).toContain("Einmaliger Einladungslink für den ersten Systemadministrator");
    expect(server.output()).toContain(`bauklar läuft auf ${server.url}`);
    // LOG_LEVEL warn (the default): no per-request lines in between.
    expect(server.output()).not.toContain('"msg":"request');

    const { context, page } = await newPage(browser, server.url);
    await page.goto(new URL(last).pathname + new URL(last).search);
    const banner = page.getByTestId("invitation-banner");
    await banner.waitFor();
    expect((await banner.textContent())?.replace(/\s+/g, " ")).toContain("Sie wurden als Systemadministrator eingeladen.");
    expect(await banner.textContent()).not.toContain("Benutzer eingeladen");
    expect(await banner.textContent()).not.toContain("@localhost");

    await page.getByLabel("Vorname").fill("Clara");
    await page.getByLabel("Nachname").fill("Chefin");
    await page.getByLabel("Benutzername").fill(FIRST.username);
    await page.getByLabel("Passwort", { exact: true }).fill(FIRST.password);
    await page.getByLabel("Passwort bestätigen").fill(FIRST.password);
    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await page
      .getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein")
      .or(page.getByText("E-Mail-Adresse wird benötigt"))
      .first()
      .waitFor();
    await page.getByLabel("E-Mail-Adresse").fill(FIRST.email);
    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await page.waitForURL(/\/dashboard\/?$/);
    const me = await page.evaluate(() => fetch("/api/user").then((r) => r.json()));
    expect(me).toMatchObject({ username: FIRST.username, email: FIRST.email, role: "super_admin" });
    await context.close();
  });
});

describe("legal pages without OPERATOR_* (development)", () => {
  it("show the sample operator with the notice, never placeholder tokens", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 360, height: 800 });
    for (const path of ["/impressum", "/agb"]) {
      await page.goto(path);
      await ready(page);
      const notice = page.getByTestId("operator-sample-notice");
      expect(await notice.isVisible(), path).toBe(true);
      expect(await notice.textContent()).toMatch(/^Beispielangaben:.*OPERATOR_COMPANY/);
      const text = (await page.locator("main").textContent()) ?? "";
      expect(text).toContain("Muster Bauanalyse GmbH");
      expect(text).not.toMatch(/Platzhalter|__BK_|HRB 0000|DE000000000/);
    }
    await context.close();
  });
});

describe("not-found page", () => {
  it("is German, in the public layout, with a full-height background and the ways back (status 404)", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 1280, height: 900 });
    const res = await page.goto("/gibt-es-nicht/mehr");
    expect(res?.status()).toBe(404);
    await ready(page);
    await page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" }).waitFor();
    expect(await page.title()).toContain("Seite nicht gefunden");
    expect(await page.getByTestId("public-header").isVisible()).toBe(true);
    expect(await page.locator("footer").count()).toBe(1);
    const body = (await page.locator("body").textContent()) ?? "";
    expect(body).not.toMatch(/Page Not Found|forget to add/);
    expect(body).toContain("/gibt-es-nicht/mehr");
    // The grey background runs from the top of the window down to the footer.
    const box = await page.evaluate(() => {
      const section = document.querySelector("[data-testid='not-found']")!.getBoundingClientRect();
      const footer = document.querySelector("footer")!.getBoundingClientRect();
      return {
        top: section.top,
        bottom: section.bottom,
        footerTop: footer.top,
        height: window.innerHeight,
        bg: getComputedStyle(document.querySelector("[data-testid='not-found']")!).backgroundColor,
      };
    });
    expect(box.top).toBeLessThanOrEqual(0);
    expect(Math.abs(box.bottom - box.footerTop)).toBeLessThanOrEqual(1);
    expect(box.bottom).toBeGreaterThanOrEqual(box.height - 1);
    expect(box.bg).not.toBe("rgba(0, 0, 0, 0)");
    await page.getByRole("link", { name: "Zur Startseite", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it("inside the dashboard the router fallback keeps the spec's texts with a German way back", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, FIRST.username, FIRST.password);
    await page.goto("/dashboard/gibt-es-nicht");
    const fallback = page.getByTestId("router-fallback");
    await fallback.waitFor();
    expect(await fallback.textContent()).toContain("404 Page Not Found");
    expect(await fallback.textContent()).toContain("Did you forget to add the page to the router?");
    expect(await fallback.textContent()).toContain("Diese Seite gibt es im Dashboard nicht.");
    await fallback.getByRole("link", { name: "Zum Dashboard" }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});

describe("the demo's 'Analyse anzeigen'", () => {
  it("opens the project's own analysis in the demo, loaded only then; / stays within its JavaScript budget", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    const scripts: Promise<{ url: string; body: Buffer }>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.body().then((body) => ({ url: r.url(), body })));
    });
    await page.goto("/");
    await ready(page);
    await page.evaluate(() => document.getElementById("dashboard-preview")!.scrollIntoView({ behavior: "instant" }));
    const demo = page.getByTestId("demo-dashboard");
    await demo.getByTestId("demo-nav-mobile-projects").click();
    await page.waitForLoadState("networkidle");
    const landing = await Promise.all(scripts);
    // docs/architecture.md: JavaScript for / ≤ 130 KB gzip; the evaluation and the demo's LV tab
    // (with its results) are not part of it.
    const gzipKb = landing.reduce((sum, s) => sum + gzipSync(s.body).length, 0) / 1024;
    expect(gzipKb).toBeLessThanOrEqual(130);
    expect(
      landing.some(
        (s) =>
          /DemoResultPage|ResultRoute|LvView|BoqAnalysis|kita-lindenweg/.test(s.url) || s.body.includes("LV-Auswertung: Neubau Testhalle"),
      ),
    ).toBe(false);
    const before = scripts.length;

    const api: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) api.push(new URL(r.url()).pathname);
    });
    await demo
      .getByTestId("demo-project-list")
      .locator(":scope > li")
      .filter({ hasText: "Umbau Feuerwehrgerätehaus" })
      .getByRole("button", { name: "Analyse anzeigen" })
      .click();
    await demo.getByTestId("boq-tab").waitFor();
    expect(await demo.getByTestId("demo-lv").getAttribute("data-project")).toBe("5");
    expect(new URL(page.url()).pathname).toBe("/");
    const loaded = (await Promise.all(scripts.slice(before))).map((s) => s.url);
    expect(loaded.some((u) => /feuerwehrgeraetehaus/.test(u))).toBe(true);
    expect(loaded.some((u) => /kita-lindenweg/.test(u))).toBe(false);
    expect(api).toEqual([]);
    await context.close();
  });

  it("/projects/1/result without an account still shows the bundled sample evaluation with the ways to request access", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/projects/1/result");
    await page.getByTestId("demo-result").waitFor();
    const frame = page.frameLocator("[data-testid='evaluation-frame']");
    await frame.getByRole("heading", { level: 1 }).filter({ hasText: "LV-Auswertung" }).waitFor();
    expect(await page.getByTestId("evaluation-frame").getAttribute("sandbox")).toBe("");
    expect(await page.getByTestId("request-access").getAttribute("href")).toBe("/#pricing");
    expect(await page.getByRole("link", { name: "Testanalyse anfragen" }).getAttribute("href")).toBe("/#contact");
    // The call to request access leads to the packages, whose buttons open the membership request.
    await page.getByTestId("request-access").click();
    await page.waitForURL(`${server.url}/#pricing`);
    await context.close();
  });

  it("a signed-in user sees the demo project's real result page instead", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, FIRST.username, FIRST.password);
    await page.goto("/projects/1/result");
    await page.getByTestId("evaluation-frame").waitFor();
    expect(await page.getByTestId("evaluation-frame").getAttribute("src")).toBe("/api/projects/1/result");
    expect(await page.getByTestId("demo-result").count()).toBe(0);
    await context.close();
  });

  it("another project's result still needs the login", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/projects/2/result");
    await page.waitForURL(/\/auth$/);
    await context.close();
  });
});

describe("deleting a project", () => {
  it("leads back to the list without requesting the deleted project again", async () => {
    const boss = await apiSession(server.url, FIRST.username, FIRST.password);
    const form = new FormData();
    form.append("name", "Wird gelöscht");
    form.append("file", new Blob([Buffer.from('<?xml version="1.0"?><GAEB>LV</GAEB>')], { type: "application/xml" }), "lv.x83");
    const { id } = await boss.call<{ id: number }>("POST", "/api/projects", form);

    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, FIRST.username, FIRST.password);
    await page.goto(`/dashboard/project-detail/${id}`);
    await page.getByRole("heading", { level: 1, name: /Wird gelöscht/ }).waitFor();
    const afterDelete: string[] = [];
    let deleted = false;
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === "DELETE" && path === `/api/projects/${id}`) deleted = true;
      else if (deleted && (path === `/api/projects/${id}` || path.startsWith(`/api/projects/${id}/`)))
        afterDelete.push(`${r.method()} ${path}`);
    });
    await page.getByRole("button", { name: "Löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Projekt löschen" }).click();
    await page.waitForURL(/\/dashboard\/projects$/);
    await page.getByRole("heading", { level: 1, name: "Projekte" }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(deleted).toBe(true);
    expect(afterDelete).toEqual([]);
    await context.close();
  });
});
