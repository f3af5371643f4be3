// The embedded demo dashboard (requirements 1.2 "Demo dashboard"): every view, counter,
// search rule, disabled control, text and button behaviour, on a desktop and a phone, without
// any network call and without a route change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, newPage, startServer, type RunningServer } from "../helpers/e2e";

let server: RunningServer;
let browser: Browser;

const LONG_DATE = /^\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Demo {
  context: BrowserContext;
  page: Page;
  demo: Locator;
  /** fetch/XHR requests and navigations made after the demo was loaded */
  calls: string[];
  view(): Promise<string | null>;
  go(view: string): Promise<void>;
}

async function openDemo(viewport: { width: number; height: number }): Promise<Demo> {
  const { context, page } = await newPage(browser, server.url, viewport);
  await page.goto("/");
  await page.waitForSelector("html[data-ready='true']");
  await page.evaluate(() => document.getElementById("dashboard-preview")!.scrollIntoView({ behavior: "instant" }));
  const demo = page.getByTestId("demo-dashboard");
  await demo.waitFor();
  const calls: string[] = [];
  page.on("request", (r) => {
    if (["fetch", "xhr", "document", "websocket", "eventsource"].includes(r.resourceType())) calls.push(`${r.resourceType()} ${r.url()}`);
  });
  const mobile = viewport.width < 768;
  return {
    context,
    page,
    demo,
    calls,
    view: () => demo.getAttribute("data-view"),
    async go(view) {
      await demo.getByTestId(mobile ? `demo-nav-mobile-${view}` : `demo-nav-${view}`).click();
      await page.waitForFunction((v) => document.querySelector("[data-testid='demo-dashboard']")!.getAttribute("data-view") === v, view);
      // The views beyond the dashboard and the projects load on demand.
      await demo.getByText("Wird geladen…").waitFor({ state: "detached" });
    },
  };
}

async function expectNoNetworkNoRoute(d: Demo) {
  expect(d.calls).toEqual([]);
  expect(new URL(d.page.url()).pathname).toBe("/");
}

describe("demo dashboard on a desktop", () => {
  let d: Demo;
  beforeAll(async () => {
    d = await openDemo({ width: 1280, height: 900 });
  });
  afterAll(() => d.context.close());

  it("dashboard: three counters (6, 4, 4) leading to their views and the three newest projects", async () => {
    expect(await d.view()).toBe("dashboard");
    const counters = { projects: "5", users: "4", documents: "4" };
    for (const [view, value] of Object.entries(counters)) {
      const counter = d.demo.getByTestId(`demo-counter-${view}`);
      expect(await counter.textContent()).toContain(value);
      await counter.click();
      expect(await d.view()).toBe(view);
      await d.go("dashboard");
    }
    expect(await d.demo.getByRole("tab", { name: "Neueste Projekte" }).getAttribute("aria-selected")).toBe("true");
    const recent = d.demo.getByRole("tabpanel").locator("li");
    expect(await recent.count()).toBe(3);
    const rows = await recent.allTextContents();
    expect(rows[0]).toContain("Neubau Kindertagesstätte Lindenweg");
    expect(rows[0]).toMatch(/KST-2025-0142 · 35 Minuten zuvor/);
    expect(rows[1]).toMatch(/5 Stunden zuvor/);
    expect(rows[2]).toMatch(/2 Tage zuvor/);
    await d.demo.getByRole("button", { name: "Alle Projekte anzeigen" }).click();
    expect(await d.view()).toBe("projects");
    await expectNoNetworkNoRoute(d);
  });

  it("activity: the feed says it was removed", async () => {
    await d.go("dashboard");
    await d.demo.getByRole("tab", { name: "Aktivitäten" }).click();
    expect(await d.view()).toBe("activity");
    expect(await d.demo.getByTestId("demo-activity").textContent()).toContain("Aktivitätenverfolgung wurde entfernt");
    await d.demo.getByRole("tab", { name: "Neueste Projekte" }).click();
    expect(await d.view()).toBe("dashboard");
  });

  it("projects: five projects with KST-YYYY-NNNN cost centres, the search rules and 'Keine Projekte gefunden'", async () => {
    await d.go("projects");
    const list = d.demo.getByTestId("demo-project-list").locator(":scope > li");
    expect(await list.count()).toBe(5);
    const all = (await list.allTextContents()).join("\n");
    expect(all.match(/KST-\d{4}-\d{4}/g)).toHaveLength(5);
    const search = d.demo.getByPlaceholder("Projekte suchen...");
    const results = async (q: string) => {
      await search.fill(q);
      return (await d.demo.getByTestId("demo-project-list").count()) ? await list.count() : 0;
    };
    expect(await results("KINDERTAGES")).toBe(1); // name, case-insensitive
    expect(await results("holz-hybrid")).toBe(1); // description
    expect(await results("  tiefgarage ")).toBe(1); // description, trimmed
    expect(await results("musterbau")).toBe(5); // company name
    expect(await results("abgeschlossen")).toBe(1); // status
    expect(await results("in review")).toBe(2); // status
    expect(await results("neu")).toBe(2); // 'Neubau …' and the status Neu
    expect(await results("xyz")).toBe(0);
    expect(await d.demo.textContent()).toContain("Keine Projekte gefunden");
    expect(await results("   ")).toBe(5);
    // Filter does nothing; 'Neues Projekt' is disabled.
    await d.demo.getByRole("button", { name: "Filter" }).click();
    expect(await list.count()).toBe(5);
    expect(await d.view()).toBe("projects");
    expect(await d.demo.getByRole("button", { name: "Neues Projekt" }).isDisabled()).toBe(true);
    await expectNoNetworkNoRoute(d);
  });

  it("projects: every project with a tender opens its own analysis in the real LV tab, read-only, without a network call", async () => {
    await d.go("projects");
    const card = (name: string) => d.demo.getByTestId("demo-project-list").locator(":scope > li").filter({ hasText: name });
    // The spec's buttons: the first project waits for its expert evaluation (its pre-check is open),
    // a project in status Neu has no analysis, the others show 'Analyse anzeigen'.
    const first = card("Neubau Kindertagesstätte Lindenweg");
    expect(await first.getByRole("button", { name: "Warten auf Auswertung" }).isDisabled()).toBe(true);
    expect(await first.getByRole("button", { name: "Analyse anzeigen" }).count()).toBe(0);
    const fresh = card("Sanierung Grundschule Am Park");
    expect(await fresh.getByRole("button", { name: "Keine Analyse verfügbar" }).isDisabled()).toBe(true);
    expect(await fresh.getByText("Neu", { exact: true }).getAttribute("class")).toContain("bg-blue-100");
    const open = (name: string) => card(name).getByRole("button", { name: /^(Analyse anzeigen|Vorprüfung ansehen)$/ });
    const names = [
      "Neubau Kindertagesstätte Lindenweg",
      "Wohnanlage Gartenstraße, 24 WE",
      "Erweiterung Verwaltungsgebäude Nord",
      "Umbau Feuerwehrgerätehaus",
    ];
    for (const name of names.slice(1)) expect(await card(name).getByRole("button", { name: "Analyse anzeigen" }).isEnabled()).toBe(true);
    const figures = new Set<string>();
    for (const name of names) {
      await d.go("projects");
      await open(name).click();
      expect(await d.view()).toBe("project-lv");
      const lv = d.demo.getByTestId("demo-lv");
      await lv.getByTestId("boq-tab").waitFor();
      expect(await lv.getByRole("heading", { level: 3 }).first().textContent()).toBe(name);
      await lv.getByRole("treeitem").first().waitFor();
      figures.add(`${await lv.getByTestId("boq-finding-stat").textContent()} ${await lv.getByTestId("boq-potential").textContent()}`);
    }
    // Each project its own result: no two show the same figures.
    expect(figures.size).toBe(names.length);

    // The large LV: ~200 positions, findings, money and the charts, as a signed-in customer sees them.
    await d.go("projects");
    await first.getByRole("button", { name: "Vorprüfung ansehen" }).click();
    const lv = d.demo.getByTestId("demo-lv");
    await lv.getByTestId("boq-tab").waitFor();
    expect(await lv.getByTestId("boq-decision").textContent()).toMatch(/Go mit Auflagen|No-Go|Go/);
    expect(await lv.textContent()).toContain("195 Positionen");
    expect(await lv.getByTestId("boq-potential").textContent()).toMatch(/Risiko \(möglicher Verlust\)\d{2,3}\.\d{3},\d{2}\s€/);
    expect(await lv.getByTestId("boq-chance").textContent()).toMatch(/\d{1,3}\.\d{3},\d{2}\s€/);
    expect(await lv.getByText("Wert je Los/Titel (netto)").count()).toBe(1);
    expect(await lv.getByText("Risiko nach Grundlage (netto)").count()).toBe(1);
    expect(await lv.getByTestId("boq-finding").count()).toBeGreaterThan(3);
    // One meaning of Risiko: the severity count reads "kritische Befunde".
    expect(await lv.getByTestId("boq-finding-stat").textContent()).toMatch(/\d+ kritische Befunde/);
    // Read-only: the exports stand disabled, no printable summary, no review, no upload.
    for (const label of ["Als Excel herunterladen", "Als GAEB XML herunterladen", "Preise als GAEB X84"]) {
      expect(await lv.getByRole("button", { name: label }).isDisabled()).toBe(true);
    }
    expect(await lv.getByRole("link").count()).toBe(0);
    expect(await lv.getByRole("button", { name: /Bestätigen|Verwerfen|Ändern|hinzufügen|hochladen|Spalten/i }).count()).toBe(0);
    expect(await lv.getByText("Zusammenfassung zum Drucken").count()).toBe(0);
    // A position with a finding shows its long text and the finding beside the tree.
    await lv.getByRole("treeitem").filter({ hasText: "02.0020" }).click();
    await lv.getByText("Boden der Bodenklassen 3 bis 5").first().waitFor();
    await lv.getByRole("button", { name: "Zurück zum Projekt" }).click();
    expect(await d.view()).toBe("project-details");
    // Status badge colours: yellow In Review, green Aktiv and Abgeschlossen.
    await d.go("projects");
    const badge = async (name: string, status: string) =>
      (await card(name).getByText(status, { exact: true }).first().getAttribute("class")) ?? "";
    expect(await badge("Neubau Kindertagesstätte Lindenweg", "In Review")).toContain("bg-yellow-100");
    expect(await badge("Erweiterung Verwaltungsgebäude Nord", "Aktiv")).toContain("bg-green-100");
    expect(await badge("Umbau Feuerwehrgerätehaus", "Abgeschlossen")).toContain("bg-green-100");
    await expectNoNetworkNoRoute(d);
  });

  it("project-details: company, creator, cost centre, German long date, status, description and back", async () => {
    await d.go("projects");
    const card = d.demo.getByTestId("demo-project-list").locator(":scope > li").filter({ hasText: "Sanierung Grundschule Am Park" });
    await card.getByRole("button", { name: "Details" }).click();
    expect(await d.view()).toBe("project-details");
    const details = d.demo.getByTestId("demo-project-details");
    const field = async (label: string) =>
      (
        await details
          .locator("dt", { hasText: new RegExp(`^${label}$`) })
          .locator("xpath=following-sibling::dd[1]")
          .textContent()
      )?.trim();
    expect(await field("Unternehmen")).toBe("Musterbau GmbH");
    expect(await field("Erstellt von")).toBe("Max Mustermann");
    expect(await field("Kostenstelle")).toBe("KST-2025-0137");
    expect(await field("Erstellt am")).toMatch(LONG_DATE);
    expect(await field("Status")).toBe("Neu");
    expect(await details.textContent()).toContain("Innensanierung im laufenden Schulbetrieb");
    await details.getByRole("button", { name: "Zurück zu den Projekten" }).click();
    expect(await d.view()).toBe("projects");
    // A creator without a name reads 'Benutzer' and the creator's id.
    await d.demo
      .getByTestId("demo-project-list")
      .locator(":scope > li")
      .filter({ hasText: "Umbau Feuerwehrgerätehaus" })
      .getByRole("button", { name: "Details" })
      .click();
    expect(await field("Erstellt von")).toBe("Benutzer 7");
    expect(await field("Kostenstelle")).toBe("KST-2024-0418");
    // From the overview, a recent project opens its details too.
    await d.go("dashboard");
    await d.demo
      .getByRole("tabpanel")
      .getByRole("button", { name: /Wohnanlage Gartenstraße/ })
      .click();
    expect(await d.view()).toBe("project-details");
    expect(await details.getByRole("button", { name: "Analyse anzeigen" }).isEnabled()).toBe(true);
    await expectNoNetworkNoRoute(d);
  });

  it("users: name, e-mail, role and status; 'Neuer Benutzer' disabled", async () => {
    await d.go("users");
    const rows = d.demo.getByTestId("demo-users").locator("tbody tr");
    expect(await rows.count()).toBe(4);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent!.trim())));
    expect(cells[0]).toEqual(["Max Mustermann", "m.mustermann@musterbau.example", "Administrator", "Aktiv"]);
    expect(cells.map((c) => c[2])).toEqual(["Administrator", "Benutzer", "Benutzer", "Benutzer"]);
    expect(cells.map((c) => c[3])).toEqual(["Aktiv", "Aktiv", "Aktiv", "Inaktiv"]);
    expect(await d.demo.getByRole("button", { name: "Neuer Benutzer" }).isDisabled()).toBe(true);
  });

  it("documents: a card per project with 'Auswertung ansehen' that does nothing; 'Neues Dokument' disabled", async () => {
    await d.go("documents");
    const cards = d.demo.getByTestId("demo-documents").locator(":scope > li");
    expect(await cards.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await cards.nth(i).getByRole("button", { name: "Auswertung ansehen" }).count()).toBe(1);
    await cards.first().getByRole("button", { name: "Auswertung ansehen" }).click();
    expect(await d.view()).toBe("documents");
    expect(await d.page.locator("[role='dialog']").count()).toBe(0);
    expect(await d.demo.getByRole("button", { name: "Neues Dokument" }).isDisabled()).toBe(true);
    await expectNoNetworkNoRoute(d);
  });

  it("settings: the personal data, read-only, with a disabled save button", async () => {
    await d.go("settings");
    const form = d.demo.getByTestId("demo-settings");
    const inputs = form.locator("input");
    expect(await inputs.count()).toBe(6);
    expect(await inputs.evaluateAll((els) => els.every((e) => (e as HTMLInputElement).readOnly))).toBe(true);
    expect(await form.getByLabel("Vorname").inputValue()).toBe("Max");
    expect(await form.getByLabel("E-Mail").inputValue()).toBe("m.mustermann@musterbau.example");
    expect(await form.getByRole("button", { name: "Speichern" }).isDisabled()).toBe(true);
  });

  it("chatbots: a static sample conversation, input and send disabled", async () => {
    for (const [view, title, phrase] of [
      ["chatbot-legal", "Baurecht Assistent", "§ 4 Abs. 3 VOB/B"],
      ["chatbot-construction", "Bauausführung Assistent", "DIN 1045-3"],
    ] as const) {
      await d.go(view);
      const chat = d.demo.getByTestId("demo-chatbot");
      expect(await chat.textContent()).toContain(title);
      expect(await chat.textContent()).toContain(phrase);
      expect(await chat.locator("ol > li").count()).toBe(4);
      expect(await chat.getByRole("textbox", { name: "Nachricht eingeben" }).isDisabled()).toBe(true);
      expect(await chat.getByRole("button", { name: "Senden" }).isDisabled()).toBe(true);
    }
    await expectNoNetworkNoRoute(d);
  });

  it("logout is disabled; the footer note leads to the login", async () => {
    expect(await d.demo.getByRole("button", { name: "Abmelden" }).first().isDisabled()).toBe(true);
    expect(await d.demo.textContent()).toContain("Dies ist eine Demo-Version. Für den vollständigen Zugriff, bitte einloggen.");
    await expectNoNetworkNoRoute(d);
    await d.demo.getByRole("link", { name: "Zum Login" }).click();
    await d.page.waitForURL(/\/auth$/);
  });
});

describe("demo dashboard on a phone", () => {
  it("every view is reachable through the compact navigation and fits the screen", async () => {
    const d = await openDemo({ width: 390, height: 844 });
    const box = await d.demo.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await d.demo.getByTestId("demo-nav-dashboard").isVisible()).toBe(false); // desktop sidebar hidden
    const expectations: [string, string][] = [
      ["projects", "Projekte suchen..."],
      ["users", "Inaktiv"],
      ["documents", "Auswertung ansehen"],
      ["chatbot-legal", "§ 4 Abs. 3 VOB/B"],
      ["chatbot-construction", "DIN 1045-3"],
      ["settings", "Persönliche Daten"],
      ["dashboard", "Neueste Projekte"],
    ];
    for (const [view, content] of expectations) {
      await d.go(view);
      const html = (await d.demo.innerHTML()) + ((await d.demo.textContent()) ?? "");
      expect(html, view).toContain(content);
    }
    await d.demo.getByTestId("demo-counter-projects").click();
    expect(await d.view()).toBe("projects");
    await d.demo.getByPlaceholder("Projekte suchen...").fill("gartenstraße");
    expect(await d.demo.getByTestId("demo-project-list").locator(":scope > li").count()).toBe(1);
    await d.demo.getByRole("button", { name: "Details" }).click();
    expect(await d.view()).toBe("project-details");
    const pageWidth = await d.page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    expect(await d.demo.getByRole("button", { name: "Abmelden" }).isDisabled()).toBe(true);
    await expectNoNetworkNoRoute(d);
    await d.context.close();
  });
});
