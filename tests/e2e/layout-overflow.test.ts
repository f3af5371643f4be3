// Nothing is wider than the screen, nothing spills out of its box: every public page (with each
// view of the demo dashboard) and every dashboard page signed in as super admin, at 360 px (a
// small phone) and 1440 px (a desktop), with long German names and texts in the data. Wide
// tables are cards below 768 px with every column's value visible, and the lines are the
// design's light grey (issue #18).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { findOverflow } from "../helpers/layout-check";

let server: RunningServer;
let browser: Browser;
let projectId: number;

const WIDTHS = [360, 1440] as const;
const LONG_COMPANY = "Baugesellschaft Oberhessen Hoch- und Tiefbau GmbH & Co. KG";
const LONG_DESCRIPTION =
  "Generalunternehmerleistungen für den Neubau eines Verwaltungsgebäudes mit Tiefgarage, Außenanlagen und Photovoltaikanlage";

const PUBLIC_PAGES = ["/", "/auth", "/impressum", "/agb", "/diese-seite-gibt-es-nicht", "/projects/1/result"];
const DEMO_VIEWS = ["dashboard", "projects", "users", "documents", "settings", "chatbot-legal", "chatbot-construction"];
const dashboardPages = () => [
  "/dashboard",
  "/dashboard/projects",
  `/dashboard/project-detail/${projectId}`,
  "/dashboard/users",
  "/dashboard/orders",
  "/dashboard/companies",
  "/dashboard/registration-links",
  "/dashboard/inquiries",
  "/dashboard/settings",
  "/dashboard/chatbot-legal",
  "/dashboard/chatbot-construction",
  "/dashboard/chatbot-database",
  "/dashboard/unbekannt",
  `/projects/${projectId}/result`,
];

/** Scrolls through the page once (sections fade in and lazy parts load when they come near). */
async function settle(page: Page) {
  // Data and lazy chunks arrive first; a page that keeps polling is measured after 5 s anyway.
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

/** Problems of the page now, each prefixed with where it was found (all pages are checked before failing). */
async function overflowOf(page: Page, what: string): Promise<string[]> {
  await settle(page);
  return (await page.evaluate(findOverflow)).map((p) => `${what}: ${p}`);
}

async function openAt(width: number, signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, server.url, { width, height: 900 });
  if (signedIn) await loginViaUi(opened.page, ADMIN.username, ADMIN.password);
  return opened;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: LONG_COMPANY,
    address: "Industriestraße 112–114, 35510 Butzbach-Nieder-Weisel",
    contactEmail: "ausschreibungen.hochbau@baugesellschaft-oberhessen.example",
    contactPhone: "+49 6033 987654-321",
  });
  const form = new FormData();
  form.append("name", "Neubau Verwaltungsgebäude Landratsamt Wetteraukreis, Bauabschnitt Nord");
  form.append("companyId", String(company.id));
  form.append("costCenter", "KST-2025-0815");
  form.append("contactPerson", "Dipl.-Ing. Friederike Müller-Lüdenscheidt");
  form.append("contactEmail", "friederike.mueller-luedenscheidt@baugesellschaft-oberhessen.example");
  form.append(
    "file",
    new Blob([Buffer.from('<?xml version="1.0"?><GAEB>Ausschreibung</GAEB>')], { type: "application/xml" }),
    "LV Verwaltungsgebäude Nord.x83",
  );
  projectId = (await admin.call<{ id: number }>("POST", "/api/projects", form)).id;
  await admin.call("PUT", `/api/projects/${projectId}`, { description: LONG_DESCRIPTION });
  await admin.call("POST", "/api/registration-links", {
    email: "projektleitung.hochbau@baugesellschaft-oberhessen.example",
    role: "company_admin",
    companyId: company.id,
  });
  await admin.call("POST", "/api/contact", {
    name: "Friederike Müller-Lüdenscheidt",
    email: "friederike.mueller-luedenscheidt@baugesellschaft-oberhessen.example",
    company: LONG_COMPANY,
    message: "Wir möchten eine Testanalyse für ein Leistungsverzeichnis mit rund 900 Positionen anfragen.",
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(WIDTHS)("at %i px", (width) => {
  it("public pages and every demo view fit", async () => {
    const { context, page } = await openAt(width, false);
    const problems: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      problems.push(...(await overflowOf(page, path)));
    }
    await page.goto("/");
    await page.evaluate(() => document.getElementById("dashboard-preview")!.scrollIntoView({ behavior: "instant" }));
    const demo = page.getByTestId("demo-dashboard");
    for (const view of DEMO_VIEWS) {
      await demo.getByTestId(width < 768 ? `demo-nav-mobile-${view}` : `demo-nav-${view}`).click();
      // The views beyond the dashboard and the projects load on demand.
      await demo.getByText("Wird geladen…").waitFor({ state: "detached" });
      problems.push(...(await overflowOf(page, `demo view ${view}`)));
      if (view === "projects") {
        await demo.getByRole("button", { name: "Details" }).first().click();
        problems.push(...(await overflowOf(page, "demo view project-details")));
        // The project's analysis: the real LV tab with a ~200-position LV.
        await demo.getByRole("button", { name: "Vorprüfung ansehen" }).click();
        await demo.getByRole("treeitem").first().waitFor();
        problems.push(...(await overflowOf(page, "demo view project-lv")));
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it("dashboard pages of a super admin fit", async () => {
    const { context, page } = await openAt(width, true);
    const problems: string[] = [];
    for (const path of dashboardPages()) {
      await page.goto(path);
      await page.locator("h1, [data-testid='result-project-name']").first().waitFor();
      problems.push(...(await overflowOf(page, path)));
    }
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("tables on a phone", () => {
  it("orders, users, companies and links are cards: name, status and actions in view, nothing cut", async () => {
    const { context, page } = await openAt(360, true);
    await page.goto("/dashboard/orders");
    const row = page.getByTestId(`order-row-${projectId}`);
    await row.waitFor();
    const inView = async (locator: ReturnType<Page["locator"]>) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 360;
    };
    expect(await inView(row.getByRole("link", { name: /Neubau Verwaltungsgebäude/ }))).toBe(true);
    expect(await inView(row.getByText("In Bearbeitung"))).toBe(true);
    expect(await inView(row.getByRole("button", { name: /Auswertung für .* hochladen/ }))).toBe(true);
    // The description is cut at a word boundary and shown whole otherwise (no clipping).
    const description = row.locator("td[data-label='Beschreibung']");
    expect((await description.textContent())?.trim()).toBe("Generalunternehmerleistungen für den Neubau eines…");
    expect(await description.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    for (const [path, cell] of [
      ["/dashboard/users", "td[data-label='Rolle']"],
      ["/dashboard/companies", "td[data-label='Kontakt-E-Mail']"],
      ["/dashboard/registration-links", "td[data-label='Status']"],
    ] as const) {
      await page.goto(path);
      const first = page.locator(`tbody tr ${cell}`).first();
      await first.waitFor();
      expect(await inView(first), path).toBe(true);
      // Each cell carries its column name on the card.
      expect(await first.evaluate((el) => getComputedStyle(el, "::before").content), path).not.toBe("none");
    }
    await context.close();
  });

  it("lines are the design's light grey, not near-black", async () => {
    const { context, page } = await openAt(360, true);
    await page.goto("/dashboard/orders");
    await page.getByTestId(`order-row-${projectId}`).waitFor();
    const colours = await page.evaluate(() => {
      const of = (el: Element | null, side: "Top" | "Bottom") => (el ? getComputedStyle(el)[`border${side}Color`] : "missing");
      return {
        row: of(document.querySelector("tbody tr"), "Bottom"),
        header: of(document.querySelector("[data-testid='mobile-header']") ?? document.querySelector("header"), "Bottom"),
      };
    });
    // slate-200 in Tailwind 4 is oklch(92.9% 0.013 255.508).
    for (const c of Object.values(colours)) expect(c).toMatch(/oklch\(0\.929 0\.013 255\.5\d*\)|rgb\(226, 232, 240\)/);
    await page.goto(`/projects/${projectId}/result`);
    await page.getByTestId("result-project-name").waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("header")!).borderBottomColor)).toMatch(
      /oklch\(0\.929 0\.013 255\.5\d*\)|rgb\(226, 232, 240\)/,
    );
    await context.close();
  });
});
