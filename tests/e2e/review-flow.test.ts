// Issue 27 in the browser: upload → automatic pre-check at once (card and Übersicht say so) →
// expert review in the LV tab (bestätigen, verwerfen mit Grund, eigener Befund) → the customer
// sees which findings an expert confirmed; the project, LV tab and result pages at 390 px with
// nothing narrower than its text and no sideways overflow; /datenschutz; "Passwort vergessen?"
// with a real SMTP conversation; the public demo's LV tab at 390 and 1440 px. The new screens are
// checked with axe.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { axeViolations } from "../helpers/axe";
import { findOverflow } from "../helpers/layout-check";
import { parseMail, startSmtpServer, type SmtpServer } from "../helpers/smtp-server";
import { invitedUser, PASSWORD, type Api } from "./projects.helpers";

const LV = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/rohbau-27.x83"));
const PROJECT = "Neubau Verwaltungsgebäude Landratsamt Wetteraukreis, Bauabschnitt Nord";
const COMPANY = "Baugesellschaft Oberhessen Hoch- und Tiefbau GmbH & Co. KG";

let server: RunningServer;
let smtp: SmtpServer;
let browser: Browser;
let admin: Api;
let projectId: number;

async function settled(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 800) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((r) => requestAnimationFrame(r));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForTimeout(200);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: "bauklar <noreply@bauklar.test>" });
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: COMPANY,
    address: "Industriestraße 112, 35510 Butzbach",
    contactEmail: "info@oberhessen.example",
  });
  await invitedUser(server.url, admin, "kunde", "company_admin", company.id);
  const form = new FormData();
  form.append("name", PROJECT);
  form.append("companyId", String(company.id));
  form.append("file", new Blob([LV], { type: "application/xml" }), "rohbau-27.x83");
  projectId = (await admin.call<{ id: number }>("POST", "/api/projects", form)).id;
  for (let i = 0; i < 100; i++) {
    const boq = await admin.call<{ status: string }>("GET", `/api/projects/${projectId}/boq`);
    if (boq.status === "done") break;
    await new Promise((r) => setTimeout(r, 300));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe("the review workflow", () => {
  it("pre-check at once, expert review in the LV tab, the customer sees what an expert confirmed", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    // The operator's first dashboard: the set-up checklist ticks itself off from real state.
    const setup = page.getByTestId("setup-checklist");
    await setup.waitFor();
    expect(await setup.getByTestId("setup-mail").getAttribute("data-done")).toBe("true");
    expect(await setup.getByTestId("setup-operator").getAttribute("data-done")).toBe("false");
    expect(await setup.getByTestId("setup-companyAdmin").getAttribute("data-done")).toBe("true");
    expect(await setup.getByTestId("setup-secondFactor").getAttribute("data-done")).toBe("false");
    expect(await page.getByTestId("quick-start").count()).toBe(0);
    await page.goto(`/dashboard/project-detail/${projectId}`);
    const note = page.getByTestId("precheck-note");
    await note.getByText("Automatische Vorprüfung fertig").waitFor();
    await expect(page.getByRole("heading", { level: 1 }).getByText("In Review")).toBeDefined();
    await note.getByRole("button", { name: "Vorprüfung ansehen" }).click();

    const panel = page.getByTestId("review-panel");
    await panel.waitFor();
    // The tab leads with the analysis: no package prices in it.
    const tab = page.getByTestId("boq-tab");
    expect(await tab.getByText("Kalkulationspaket").count()).toBe(0);
    await tab.getByTestId("boq-finding-stat").waitFor();

    const items = panel.getByTestId("review-item");
    const total = await items.count();
    expect(total).toBeGreaterThan(3);
    const first = items.nth(0);
    const firstTitle = (await first.locator("p.font-medium").textContent())!.trim();
    await first.getByRole("button", { name: "Bestätigen" }).click();
    await page.getByText(`1 von`).first().waitFor();

    // Rejecting needs a reason.
    const second = panel.getByTestId("review-item").nth(0);
    const rejectedId = (await second.getAttribute("data-finding-id"))!;
    await second.getByRole("button", { name: "Verwerfen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Verwerfen" }).click();
    await dialog.getByRole("alert").getByText("Bitte geben Sie einen Grund für das Verwerfen an.").waitFor();
    await dialog.getByLabel("Grund (nur intern sichtbar)").fill("Im Vorbemerkungstext geregelt");
    expect(await axeViolations(page, "review dialog")).toEqual([]);
    await dialog.getByRole("button", { name: "Verwerfen" }).click();
    await dialog.waitFor({ state: "detached" });

    await panel.getByRole("button", { name: "Eigenen Befund hinzufügen" }).click();
    const own = page.getByRole("dialog");
    await own.getByLabel("Titel").fill("Baustelleneinrichtung nicht ausgeschrieben");
    await own.getByLabel("Begründung").fill("Das LV enthält keine Position für die Baustelleneinrichtung.");
    await own.getByLabel("Betrag in € (netto, optional)").fill("4.500");
    await own.getByRole("button", { name: "Hinzufügen" }).click();
    await own.waitFor({ state: "detached" });
    await page.getByText("2 von").first().waitFor();
    expect(await axeViolations(page, "LV tab with review panel")).toEqual([]);
    await context.close();

    // The customer: card and LV tab.
    const customer = await newPage(browser, server.url);
    await loginViaUi(customer.page, "kunde", PASSWORD);
    await customer.page.goto("/dashboard/projects");
    await customer.page.getByTestId("card-precheck").getByText("Automatische Vorprüfung fertig").waitFor();
    await customer.page.goto(`/dashboard/project-detail/${projectId}`);
    await customer.page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    const cTab = customer.page.getByTestId("boq-tab");
    await cTab.waitFor();
    expect(await customer.page.getByTestId("review-panel").count()).toBe(0);
    await cTab.getByTestId("boq-lv-findings").waitFor();
    // The rejected finding is gone for the customer (in the data and on screen), the others stay.
    const seen = await customer.page.evaluate(
      async (id) => (await (await fetch(`/api/projects/${id}/boq`)).json()) as { findings: { id: string }[] },
      projectId,
    );
    expect(seen.findings.map((f) => f.id)).not.toContain(rejectedId);
    expect(seen.findings).toHaveLength(total);
    expect(await cTab.locator(`[data-finding-id="${rejectedId}"]`).count()).toBe(0);
    // Confirmed and own findings carry the expert's mark where they are shown (LV-wide ones directly).
    const confirmedMarks = await customer.page.getByTestId("expert-confirmed").allTextContents();
    const lvTitles = await cTab.getByTestId("boq-lv-findings").innerText();
    expect(lvTitles).toContain("Baustelleneinrichtung nicht ausgeschrieben");
    expect(confirmedMarks).toContain("Befund des Experten");
    if (lvTitles.includes(firstTitle)) expect(confirmedMarks).toContain("Vom Experten bestätigt");
    expect(await axeViolations(customer.page, "customer LV tab")).toEqual([]);
    await customer.context.close();

    // The rule page counts the two decisions.
    const stats = await admin.call<{ ruleId: string; reviewed: number }[]>("GET", "/api/findings/rule-stats");
    expect(stats.reduce((n, r) => n + r.reviewed, 0)).toBe(2);
  });
});

describe("at 390 px", () => {
  it("project, LV tab and result pages: nothing narrower than its text, nothing wider than the screen", async () => {
    const draft = await admin.call<{ html: string }>("POST", `/api/projects/${projectId}/evaluation-draft`);
    const form = new FormData();
    form.append("htmlFile", new Blob([draft.html], { type: "text/html" }), "Auswertung.html");
    await admin.call("POST", `/api/projects/${projectId}/upload-html`, form);

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const problems: string[] = [];
    await page.goto(`/dashboard/project-detail/${projectId}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await settled(page);
    problems.push(...(await page.evaluate(findOverflow)).map((p) => `project: ${p}`));
    // The title keeps a readable width (was ~20 px beside the buttons).
    const titleWidth = await page.getByRole("heading", { level: 1 }).evaluate((el) => el.getBoundingClientRect().width);
    expect(titleWidth).toBeGreaterThan(250);

    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    await page.getByTestId("boq-tab").waitFor();
    await page.getByRole("treeitem").first().waitFor();
    await settled(page);
    problems.push(...(await page.evaluate(findOverflow)).map((p) => `LV tab: ${p}`));
    // OZ on one line in the tree.
    const ozLines = await page.getByRole("treeitem").evaluateAll((rows) =>
      rows
        .map((r) => r.querySelector("span.tabular-nums") as HTMLElement | null)
        .filter(Boolean)
        .map((s) => Math.round(s!.getBoundingClientRect().height)),
    );
    expect(Math.max(...ozLines)).toBeLessThan(30);

    await page.goto(`/projects/${projectId}/result`);
    await page.getByTestId("result-project-name").waitFor();
    await settled(page);
    problems.push(...(await page.evaluate(findOverflow)).map((p) => `result: ${p}`));
    // Inside the evaluation: the KPI boxes stack and nothing scrolls sideways.
    const frame = page.frameLocator("iframe");
    await frame.locator(".kpis").waitFor();
    const frameOverflow = await frame.locator("body").evaluate((b) => {
      const doc = b.ownerDocument;
      const vw = doc.documentElement.clientWidth;
      return (
        [...doc.querySelectorAll(".kpi")].filter((k) => k.getBoundingClientRect().right > vw + 1).length +
        (doc.documentElement.scrollWidth > vw + 1 ? 1 : 0)
      );
    });
    expect(frameOverflow).toBe(0);
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("the public demo's LV tab", () => {
  // The same check on the real LV tab the demo shows a visitor (a ~200-position LV in the demo's
  // frame, which is narrower than the screen on a desktop too).
  for (const width of [390, 1440])
    it(`at ${width} px: nothing narrower than its text, nothing wider than the screen`, async () => {
      const { context, page } = await newPage(browser, server.url, { width, height: width === 390 ? 844 : 900 });
      await page.goto("/");
      await page.waitForSelector("html[data-ready='true']");
      await page.evaluate(() => document.getElementById("dashboard-preview")!.scrollIntoView({ behavior: "instant" }));
      const demo = page.getByTestId("demo-dashboard");
      await demo.getByTestId(width < 768 ? "demo-nav-mobile-projects" : "demo-nav-projects").click();
      await demo
        .getByTestId("demo-project-list")
        .locator(":scope > li")
        .filter({ hasText: "Neubau Kindertagesstätte Lindenweg" })
        .getByRole("button", { name: "Vorprüfung ansehen" })
        .click();
      await demo.getByTestId("boq-tab").waitFor();
      await demo.getByRole("treeitem").first().waitFor();
      // Through the demo's own scroll box, so every part of the tab has been laid out.
      await demo.getByTestId("demo-lv").evaluate(async (lv) => {
        const box = lv.parentElement!;
        for (let y = 0; y < box.scrollHeight; y += 500) {
          box.scrollTop = y;
          await new Promise((r) => requestAnimationFrame(r));
        }
        box.scrollTop = 0;
      });
      const problems = await page.evaluate(findOverflow);
      expect(problems).toEqual([]);
      const ozLines = await demo.getByRole("treeitem").evaluateAll((rows) =>
        rows
          .map((r) => r.querySelector("span.tabular-nums") as HTMLElement | null)
          .filter(Boolean)
          .map((s) => Math.round(s!.getBoundingClientRect().height)),
      );
      expect(Math.max(...ozLines)).toBeLessThan(30);
      await context.close();
    });
});

describe("/datenschutz", () => {
  it("is pre-rendered with the operator and the configured mail server, linked in the footer and beside the forms", async () => {
    const raw = await (await fetch(`${server.url}/datenschutz`)).text();
    expect(raw).toContain("Datenschutzerklärung");
    expect(raw).toContain("127.0.0.1");
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutz" }).click();
    await page.waitForURL(/\/datenschutz$/);
    await page.getByRole("heading", { level: 1, name: "Datenschutzerklärung" }).waitFor();
    for (const heading of [
      "Verantwortlicher",
      "Welche Daten wir speichern und wozu",
      "Wie lange wir Daten speichern",
      "Empfänger und Auftragsverarbeiter",
      "Ihre Rechte",
    ]) {
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    }
    expect(await page.getByTestId("privacy-mail").innerText()).toContain("127.0.0.1");
    expect(await page.getByTestId("privacy-llm").innerText()).toContain("kein externer Sprachmodell-Dienst");
    // Without OPERATOR_* the sample banner stands as on the other legal pages.
    expect(await page.getByTestId("operator-sample-notice").innerText()).toContain("Beispielangaben");
    expect(await page.getByText("Chatbot-Gespräche:").count()).toBe(1);
    await page.goto("/auth");
    await page.getByTestId("privacy-note").getByRole("link", { name: "Datenschutzerklärung" }).waitFor();
    await page.goto("/#contact");
    await page.locator("#contact").getByTestId("privacy-note").waitFor();
    await context.close();
  });
});

describe("Passwort vergessen?", () => {
  it("from /auth: request by e-mail, the mailed link sets a new password, the old one stops working", async () => {
    const user = await invitedUser(
      server.url,
      admin,
      "vergesslich",
      "user",
      (await admin.call<{ id: number }[]>("GET", "/api/companies"))[0].id,
    );
    void user;
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/auth");
    await page.getByRole("link", { name: "Passwort vergessen?" }).click();
    await page.waitForURL(/passwort-zuruecksetzen/);
    expect(await axeViolations(page, "password request")).toEqual([]);
    const before = smtp.messages.length;
    await page.getByLabel("Benutzername oder E-Mail-Adresse").fill("vergesslich@bau.test");
    await page.getByRole("button", { name: "Link anfordern" }).click();
    await page.getByTestId("reset-result").getByText("Falls es zu dieser Angabe ein Konto gibt").waitFor();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const link = /http\S+passwort-zuruecksetzen\?token=[A-Za-z0-9_-]+/.exec(parseMail(mail).text)![0];
    await page.goto(link);
    await page.getByRole("heading", { name: "Neues Passwort festlegen" }).waitFor();
    await page.getByLabel("Neues Passwort").fill("Neu!Passwort2024");
    await page.getByLabel("Passwort bestätigen").fill("Neu!Passwort2024");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await page.getByTestId("reset-result").getByText("Ihr Passwort wurde geändert.").waitFor();
    await page.getByRole("link", { name: "Zur Anmeldung", exact: true }).click();
    await loginViaUi(page, "vergesslich", "Neu!Passwort2024");
    const old = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "vergesslich", password: PASSWORD }),
    });
    expect(old.status).toBe(401);
    await context.close();
  });
});
