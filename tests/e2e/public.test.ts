// The public site in Chromium: pre-rendered pages readable without JavaScript, metadata with the
// running server's origin and operator, the header (scroll state, labels, anchors, mobile menu),
// fade-in, the logo, the legal pages and the cost-comparison calculator (requirements 1.2, 1.5, 1.9;
// requirements 2.2).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, startServer, type RunningServer } from "../helpers/e2e";

const OPERATOR = {
  OPERATOR_COMPANY: "Testbau Plattform GmbH",
  OPERATOR_STREET: "Bahnhofstraße 7",
  OPERATOR_CITY: "35510 Butzbach",
  OPERATOR_REPRESENTATIVES: "Anna Beispiel & Bernd <Probe>",
  OPERATOR_EMAIL: "info@testbau.example",
  OPERATOR_PHONE: "+49 6033 12345",
  OPERATOR_VAT_ID: "DE123456789",
  OPERATOR_REGISTER: "Amtsgericht Friedberg, HRB 4711",
};
const LABELS = ["Startseite", "Funktionen", "Leistungen", "Wertschöpfung", "Preise", "Kontakt"];
const ANCHORS = ["#home", "#features", "#services", "#value-analysis", "#pricing", "#contact"];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\u00a0/g, " ").trim();
const ready = (page: Page) => page.waitForSelector("html[data-ready='true']");
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
async function open(path: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, server.url, viewport);
  await page.goto(path);
  await ready(page);
  return { context, page };
}
/** Waits until smooth scrolling has come to rest (the same position for 400 ms: a busy machine may start it late). */
async function settle(page: Page) {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 100; i++) {
    const y = await scrollY(page);
    still = y === last ? still + 1 : 0;
    if (still >= 4) return y;
    last = y;
    await page.waitForTimeout(100);
  }
  return last;
}

beforeAll(async () => {
  server = await startServer(OPERATOR);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("pre-rendered pages and metadata", () => {
  it("the landing page is complete without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator("h1").textContent()).toContain("Ausschreibungen verstehen");
    for (const id of ["home", "features", "services", "dashboard-preview", "value-analysis", "pricing", "contact"]) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    // Section order of the spec.
    const order = await page.evaluate(() =>
      ["home", "features", "services", "dashboard-preview", "value-analysis", "pricing", "contact"].map(
        (id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY,
      ),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(await page.locator("[data-testid^='package-']").count()).toBe(4);
    expect(await text(page, "[data-testid='manual-cost-value']")).toBe("2.343,75 €");
    expect(await page.getByText("Jetzt starten").getAttribute("href")).toBe("#pricing");
    expect(await page.locator("footer a[href='/impressum']").count()).toBe(1);
    expect(await page.locator("footer a[href='/agb']").count()).toBe(1);
    expect(await page.getByText("Kontaktieren Sie unser Expertenteam").getAttribute("href")).toBe("#contact");
    await page.goto(`${server.url}/impressum`);
    expect(await text(page, "[data-testid='operator-address']")).toContain("Testbau Plattform GmbH");
    expect(await page.locator("main").textContent()).toContain("Anna Beispiel & Bernd <Probe>");
    expect(await text(page, "[data-testid='operator-vat']")).toBe("DE123456789");
    // Configured: no sample notice (the element is empty and hidden).
    expect(await page.getByTestId("operator-sample-notice").textContent()).toBe("");
    expect(await page.getByTestId("operator-sample-notice").isVisible()).toBe(false);
    await page.goto(`${server.url}/agb`);
    expect(await text(page, "[data-testid='agb-date']")).toBe("26. Mai 2025");
    await context.close();
  });

  it("head: titles with the brand, canonical and Open Graph from PUBLIC_ORIGIN, structured data, no leftover tokens", async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toContain("__BK_");
    expect(home).toContain("<title>KI-gestützte LV-Analyse für Bauunternehmen | bauklar</title>");
    expect(home).toContain(`<link rel="canonical" href="${server.url}/" />`);
    expect(home).toContain(`<meta property="og:url" content="${server.url}/" />`);
    expect(home).toMatch(/<meta name="description" content="[^"]*Nachtragspotenzial[^"]*" \/>/);
    expect(home).toContain('<meta property="og:title" content="KI-gestützte LV-Analyse für Bauunternehmen | bauklar" />');
    const ld = JSON.parse(home.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]) as {
      "@graph": Record<string, unknown>[];
    };
    const byType = (t: string) => ld["@graph"].find((n) => n["@type"] === t)!;
    expect(byType("SoftwareApplication")).toMatchObject({
      offers: { price: "99.00", priceCurrency: "EUR" },
      aggregateRating: { ratingValue: "4.8", ratingCount: "248" },
    });
    expect(byType("ProfessionalService")).toMatchObject({ openingHours: "Mo-Fr 09:00-18:00", telephone: "+49 6033 12345" });
    expect(byType("Organization")).toMatchObject({
      legalName: "Testbau Plattform GmbH",
      url: `${server.url}/`,
      contactPoint: { url: `${server.url}/kontakt` },
    });
    const nav = JSON.stringify(byType("ItemList"));
    for (const path of ["/dashboard/projects", "/dashboard/chatbot-legal", "/kontakt"]) expect(nav).toContain(`${server.url}${path}`);
    // The run-time configuration block is data, not script, and escapes markup.
    const config = JSON.parse(home.match(/<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/)![1]);
    expect(config).toMatchObject({
      publicOrigin: server.url,
      operator: { representatives: "Anna Beispiel & Bernd <Probe>", phoneHref: "+49603312345" },
    });
    expect(home).not.toContain("Bernd <Probe>");

    const impressum = await (await fetch(`${server.url}/impressum`)).text();
    expect(impressum).toContain("<title>Impressum | bauklar</title>");
    expect(impressum).toContain(`<link rel="canonical" href="${server.url}/impressum" />`);
    expect(impressum).toContain("Anna Beispiel &amp; Bernd &lt;Probe&gt;");
    const agb = await (await fetch(`${server.url}/agb`)).text();
    expect(agb).toContain("<title>Allgemeine Geschäftsbedingungen | bauklar</title>");

    const kontakt = await fetch(`${server.url}/kontakt`, { redirect: "manual" });
    expect(kontakt.status).toBe(301);
    expect(kontakt.headers.get("location")).toBe("/#contact");

    // Pages and assets travel compressed; the Open Graph image exists.
    const compressed = await fetch(`${server.url}/`, { headers: { "accept-encoding": "br, gzip" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(await compressed.text()).toBe(home);
    const gzipOnly = await fetch(`${server.url}/agb`, { headers: { "accept-encoding": "gzip" } });
    expect(gzipOnly.headers.get("content-encoding")).toBe("gzip");
    const script = home.match(/src="(\/assets\/app-[^"]+\.js)"/)![1];
    const js = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(js.headers.get("content-encoding")).toBe("br");
    const og = await fetch(`${server.url}/static/og-image.jpg`);
    expect(og.headers.get("content-type")).toBe("image/jpeg");
    expect(home).toContain(`<meta property="og:image" content="${server.url}/static/og-image.jpg" />`);
  });

  it("hydrates without errors and keeps the title", async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto("/");
    await ready(page);
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    expect(await page.title()).toBe("KI-gestützte LV-Analyse für Bauunternehmen | bauklar");
    await context.close();
  });
});

describe("header", () => {
  it("is transparent until scrolled more than 10 px, then white with blur and shadow", async () => {
    const { context, page } = await open("/");
    const header = page.getByTestId("public-header");
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    expect(await header.getAttribute("class")).toContain("bg-transparent");
    await page.evaluate(() => window.scrollTo({ top: 10, behavior: "instant" }));
    await page.waitForTimeout(150);
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo({ top: 11, behavior: "instant" }));
    await page.waitForFunction(() => document.querySelector("[data-testid='public-header']")!.getAttribute("data-scrolled") === "true");
    const cls = (await header.getAttribute("class"))!;
    expect(cls).toContain("backdrop-blur-md");
    expect(cls).toContain("shadow-md");
    expect(cls).toContain("bg-white");
    const style = await header.evaluate((el) => ({
      bg: getComputedStyle(el).backgroundColor,
      blur: getComputedStyle(el).backdropFilter,
      shadow: getComputedStyle(el).boxShadow,
    }));
    expect(style.blur).toContain("blur");
    expect(style.shadow).not.toBe("none");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.waitForFunction(() => document.querySelector("[data-testid='public-header']")!.getAttribute("data-scrolled") === "false");
    await context.close();
  });

  it("shows the six labels leading to the anchors, each section lands below the header", async () => {
    const { context, page } = await open("/");
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    const links = nav.getByRole("link");
    expect(await links.allTextContents()).toEqual(LABELS);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(ANCHORS);
    for (const [i, label] of LABELS.entries()) {
      if (i === 0) continue;
      await nav.getByRole("link", { name: label, exact: true }).click();
      await settle(page);
      expect(new URL(page.url()).hash).toBe(ANCHORS[i]);
      const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, ANCHORS[i].slice(1));
      expect(top, label).toBeGreaterThanOrEqual(-2);
      expect(top, label).toBeLessThanOrEqual(80);
    }
    await nav.getByRole("link", { name: "Startseite", exact: true }).click();
    expect(await settle(page)).toBe(0);
    // 'Jetzt starten' leads to the prices, the footer link to the contact form.
    await page.getByRole("link", { name: "Jetzt starten" }).click();
    await settle(page);
    expect(new URL(page.url()).hash).toBe("#pricing");
    await page.getByRole("link", { name: "Kontaktieren Sie unser Expertenteam" }).click();
    await settle(page);
    expect(new URL(page.url()).hash).toBe("#contact");
    await context.close();
  });

  it("the logo scrolls smoothly to the top on / and the Dashboard button leads to /dashboard", async () => {
    const { context, page } = await open("/");
    await page.evaluate(() => window.scrollTo({ top: 2500, behavior: "instant" }));
    await page.getByTestId("logo").first().click();
    await page.waitForTimeout(60);
    const midway = await scrollY(page);
    expect(midway).toBeGreaterThan(0); // smooth, not a jump
    expect(await settle(page)).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByTestId("logo").first().locator("span").textContent()).toBe("bauklar");
    await page.getByTestId("header-dashboard").click();
    await page.waitForURL(/\/(dashboard|auth)/);
    await page.waitForURL(/\/auth/); // signed out: the protected page asks for login
    await context.close();
  });

  it("other pages show only Startseite; /agb hides the Dashboard button", async () => {
    const { context, page } = await open("/impressum");
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Startseite"]);
    expect(await page.getByTestId("header-dashboard").isVisible()).toBe(true);
    await page.goto("/agb");
    await ready(page);
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Startseite"]);
    expect(await page.getByTestId("header-dashboard").count()).toBe(0);
    await nav.getByRole("link", { name: "Startseite" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator("#pricing").waitFor({ state: "attached" });
    await context.close();
  });

  it("on a phone a toggle opens the menu with the links and a full-width Dashboard button; a choice closes it", async () => {
    const { context, page } = await open("/", PHONE);
    expect(await page.getByRole("navigation", { name: "Hauptnavigation" }).isVisible()).toBe(false);
    expect(await page.getByTestId("header-dashboard").isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Menü öffnen" });
    await toggle.click();
    const menu = page.getByTestId("mobile-menu");
    expect(await menu.getByRole("link").allTextContents()).toEqual([...LABELS, "Dashboard"]);
    const button = await menu.getByRole("link", { name: "Dashboard" }).boundingBox();
    expect(button!.width).toBeGreaterThan(PHONE.width - 60);
    expect(await page.getByRole("button", { name: "Menü schließen" }).getAttribute("aria-expanded")).toBe("true");
    await menu.getByRole("link", { name: "Preise" }).click();
    expect(await menu.count()).toBe(0);
    await settle(page);
    expect(new URL(page.url()).hash).toBe("#pricing");
    await page.goto("/agb");
    await ready(page);
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    expect(await page.getByTestId("mobile-menu").getByRole("link").allTextContents()).toEqual(["Startseite"]);
    await context.close();
  });
});

describe("landing page behaviour", () => {
  it("sections below the first screen fade in when they scroll into view", async () => {
    const { context, page } = await open("/");
    const pricing = page.locator("#pricing > [data-fade]");
    await page.waitForFunction(() => document.querySelector("#pricing > [data-fade]")!.getAttribute("data-fade") === "hidden");
    expect(await pricing.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await page.evaluate(() => document.getElementById("pricing")!.scrollIntoView({ behavior: "instant" }));
    await page.waitForFunction(() => document.querySelector("#pricing > [data-fade]")!.getAttribute("data-fade") === "fading");
    await page.waitForTimeout(900);
    expect(await pricing.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await context.close();
  });

  it("lists every line of the four offers", async () => {
    const { context, page } = await open("/");
    const card = async (id: number) => ((await page.getByTestId(`package-${id}`).textContent()) ?? "").replace(/\u00a0/g, " ");
    const k = await card(1);
    for (const t of [
      "Kalkulationspaket",
      "75,00 €",
      "Servicegebühr pro LV",
      "1,35 € pro Position",
      "Einrichtungsgebühr 100,00 €",
      "48 Stunden",
      "5 Benutzer",
      "Doppelte oder ähnliche Positionen werden nicht berechnet",
    ])
      expect(k).toContain(t);
    const a = await card(2);
    for (const t of [
      "Ausführungspaket",
      "Empfohlen",
      "125,00 €",
      "3,05 € pro Position",
      "Einrichtungsgebühr 100,00 €",
      "48 Stunden",
      "10 Benutzer",
      "Kostenlose Anpassung und Überarbeitung der Ergebnisse",
    ])
      expect(a).toContain(t);
    const p = await card(3);
    for (const t of [
      "Partnerschaft",
      "Preis auf Anfrage",
      "Einrichtung und Onboarding inklusive",
      "Mindestlaufzeit 3 Monate",
      "Unbegrenzte Anzahl an Benutzern",
      "Keine Kosten für die Anfrage",
      "Workshop vor Vertragsabschluss",
    ])
      expect(p).toContain(t);
    const c = await card(4);
    for (const t of [
      "Chatbot-Paket",
      "69,00 €",
      "pro Monat",
      "250 Anfragen pro Monat",
      "Jede weitere Anfrage 0,27 €",
      "Keine Einrichtungsgebühr",
      "24/7",
      "Testversion im Demo-Dashboard",
    ])
      expect(c).toContain(t);
    expect(((await page.locator("#pricing").textContent()) ?? "").replace(/\u00a0/g, " ")).toContain(
      "Alle Preise netto zzgl. gesetzlicher Umsatzsteuer.",
    );
    await context.close();
  });
});

describe("cost-comparison calculator", () => {
  const cases: [string, { size: string; manual: string; hours: string; k: string; kSave: string; a: string; aSave: string }][] = [
    [
      "0",
      {
        size: "Kleines LV (unter 100 Positionen)",
        manual: "0,00 €",
        hours: "0 Std. × 31,25 €",
        k: "75,00 €",
        kSave: "Keine Ersparnis",
        a: "125,00 €",
        aSave: "Keine Ersparnis",
      },
    ],
    [
      "99",
      {
        size: "Kleines LV (unter 100 Positionen)",
        manual: "773,44 €",
        hours: "24,75 Std. × 31,25 €",
        k: "208,65 €",
        kSave: "564,79 € gespart (73 %)",
        a: "426,95 €",
        aSave: "346,49 € gespart (45 %)",
      },
    ],
    [
      "100",
      {
        size: "Mittleres LV (100 bis 299 Positionen)",
        manual: "781,25 €",
        hours: "25 Std. × 31,25 €",
        k: "210,00 €",
        kSave: "571,25 € gespart (73 %)",
        a: "430,00 €",
        aSave: "351,25 € gespart (45 %)",
      },
    ],
    [
      "300",
      {
        size: "Großes LV (ab 300 Positionen)",
        manual: "2.343,75 €",
        hours: "75 Std. × 31,25 €",
        k: "480,00 €",
        kSave: "1.863,75 € gespart (80 %)",
        a: "1.040,00 €",
        aSave: "1.303,75 € gespart (56 %)",
      },
    ],
    [
      "10000",
      {
        size: "Großes LV (ab 300 Positionen)",
        manual: "78.125,00 €",
        hours: "2.500 Std. × 31,25 €",
        k: "13.575,00 €",
        kSave: "64.550,00 € gespart (83 %)",
        a: "30.625,00 €",
        aSave: "47.500,00 € gespart (61 %)",
      },
    ],
  ];

  async function expectResult(page: Page, e: (typeof cases)[number][1]) {
    expect(await text(page, "[data-testid='size-label']")).toBe(e.size);
    expect(await text(page, "[data-testid='manual-cost-value']")).toBe(e.manual);
    expect(await text(page, "[data-testid='manual-hours']")).toBe(e.hours);
    expect(await text(page, "[data-testid='kalkulation-price']")).toBe(e.k);
    expect(await text(page, "[data-testid='kalkulation-savings']")).toBe(e.kSave);
    expect(await text(page, "[data-testid='ausfuehrung-price']")).toBe(e.a);
    expect(await text(page, "[data-testid='ausfuehrung-savings']")).toBe(e.aSave);
  }

  it("defaults to 300 positions and computes 0, 99, 100, 300 and 10000 positions per the spec's formulas", async () => {
    const { context, page } = await open("/");
    const input = page.getByTestId("positions-input");
    expect(await input.inputValue()).toBe("300");
    await expectResult(page, cases[3][1]);
    for (const [value, expected] of cases) {
      await input.fill(value);
      await expectResult(page, expected);
    }
    await context.close();
  });

  it("strips non-digits and leading zeros; empty or negative input counts as 0", async () => {
    const { context, page } = await open("/");
    const input = page.getByTestId("positions-input");
    await input.fill("00a1-2b0");
    expect(await input.inputValue()).toBe("120");
    expect(await text(page, "[data-testid='manual-cost-value']")).toBe("937,50 €");
    await input.fill("");
    expect(await input.inputValue()).toBe("");
    await expectResult(page, cases[0][1]);
    await input.fill("000");
    expect(await input.inputValue()).toBe("");
    await expectResult(page, cases[0][1]);
    await input.fill("-");
    await expectResult(page, cases[0][1]);
    await context.close();
  });

  it("works on a phone", async () => {
    const { context, page } = await open("/", PHONE);
    const input = page.getByTestId("positions-input");
    await input.scrollIntoViewIfNeeded();
    await input.fill("99");
    await expectResult(page, cases[1][1]);
    const box = await page.getByTestId("cost-calculator").boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});

describe("legal pages", () => {
  it("/impressum shows every required item with the configured operator and scrolls back up", async () => {
    const { context, page } = await open("/impressum");
    expect(await page.title()).toBe("Impressum | bauklar");
    const main = ((await page.locator("main").textContent()) ?? "").replace(/\u00a0/g, " ");
    for (const t of [
      "Angaben gemäß § 5 DDG",
      "Testbau Plattform GmbH",
      "Bahnhofstraße 7",
      "35510 Butzbach",
      "Vertreten durch",
      "Anna Beispiel & Bernd <Probe>",
      "+49 6033 12345",
      "info@testbau.example",
      "Amtsgericht Friedberg, HRB 4711",
      "Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE123456789",
      "Streitschlichtung",
      "Haftung für Inhalte",
      "Haftung für Links",
      "Urheberrecht",
    ]) {
      expect(main, t).toContain(t);
    }
    expect(await page.locator("main").getByRole("link", { name: "+49 6033 12345" }).getAttribute("href")).toBe("tel:+49603312345");
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    await page.getByRole("button", { name: "Nach oben scrollen" }).click();
    expect(await settle(page)).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    await page.getByRole("button", { name: "Nach oben", exact: true }).click();
    expect(await settle(page)).toBe(0);
    await context.close();
  });

  it("/agb is dated 26 May 2025 with every section, Butzbach, 14 days and 8 points above the base rate", async () => {
    const { context, page } = await open("/agb");
    const main = ((await page.locator("main").textContent()) ?? "").replace(/\u00a0/g, " ");
    for (const t of [
      "Stand: 26. Mai 2025",
      "§ 1 Geltungsbereich",
      "§ 2 Vertragsschluss",
      "§ 3 Leistungen",
      "§ 4 Unverbindlichkeit der Empfehlungen",
      "§ 5 Haftung",
      "nur für Vorsatz und grobe Fahrlässigkeit",
      "§ 6 Preise",
      "§ 7 Zahlung",
      "innerhalb von 14 Tagen nach Rechnungsstellung",
      "8 Prozentpunkten über dem jeweiligen Basiszinssatz",
      "§ 8 Widerrufsrecht",
      "§ 9 Datenschutz",
      "§ 10 Schlussbestimmungen",
      "Ausschließlicher Gerichtsstand für alle Streitigkeiten aus dem Vertragsverhältnis ist Butzbach",
      "Testbau Plattform GmbH",
    ]) {
      expect(main, t).toContain(t);
    }
    await context.close();
  });

  it("the footer leads from the landing page to both legal pages, which open at their top", async () => {
    const { context, page } = await open("/");
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    await page.locator("footer").getByRole("link", { name: "Impressum" }).click();
    await page.waitForURL(/\/impressum$/);
    await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();
    expect(await scrollY(page)).toBe(0);
    expect(await page.title()).toBe("Impressum | bauklar");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${server.url}/impressum`);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    await page.locator("footer").getByRole("link", { name: "AGB" }).click();
    await page.waitForURL(/\/agb$/);
    await page.getByRole("heading", { name: "Allgemeine Geschäftsbedingungen", level: 1 }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await context.close();
  });
});
