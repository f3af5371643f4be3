// WCAG 2.1 AA in the browser (issue #15): axe-core finds no violation (WCAG 2.1 A/AA and best
// practice) on any public page, demo view, dashboard page of each role or open dialog; every
// page says it is German; dialogs and menus work with the keyboard and focus is visible.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { axeViolations } from "../helpers/axe";
import { invitedUser, PASSWORD } from "./projects.helpers";
import { DASHBOARD_PAGES, PUBLIC_PAGES } from "../../src/common/routes";

let server: RunningServer;
let browser: Browser;
let projectId: number;

const GAEB = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/rohbau-27.x83"));
// Every page of the route tables (a new route is checked without editing this file), plus 404s.
const PUBLIC = [...PUBLIC_PAGES, "/diese-seite-gibt-es-nicht"];
const DEMO_VIEWS = ["dashboard", "projects", "users", "documents", "settings", "chatbot-legal", "chatbot-construction"];
const SUPER_ADMIN_PAGES = [...DASHBOARD_PAGES.filter((p) => !p.includes(":")), "/dashboard/unbekannt"];
const MEMBER_PAGES = [
  "/dashboard",
  "/dashboard/projects",
  "/dashboard/users",
  "/dashboard/settings",
  "/dashboard/chatbot-legal",
  "/dashboard/chatbot-construction",
];

/** Waits for data and lazy parts (a page that keeps polling is checked after 5 s anyway). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await page.waitForTimeout(150);
}

/** Violations of the page as it is now, plus a missing or wrong `lang`, prefixed with `where`. */
async function check(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const lang = await page.evaluate(() => document.documentElement.lang);
  return [...(lang === "de" ? [] : [`${where}: <html lang="${lang}"> instead of "de"`]), ...(await axeViolations(page, where))];
}

async function visitAll(page: Page, paths: string[], who: string): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // A page without an h1 is reported by axe (page-has-heading-one), not by a timeout here.
    await page
      .locator("h1, main")
      .first()
      .waitFor({ state: "attached", timeout: 15_000 })
      .catch(() => problems.push(`${who} ${path}: neither an h1 nor a main landmark appeared`));
    problems.push(...(await check(page, `${who} ${path}`)));
  }
  return problems;
}

/** Opens a dialog with `opener`, checks the page with the dialog open, and closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, where: string): Promise<string[]> {
  await opener.click();
  await page.locator("[role=dialog], [role=alertdialog]").first().waitFor();
  await page.waitForTimeout(300); // the open animation ends before colours are measured
  const problems = await check(page, where);
  await page.keyboard.press("Escape");
  await page.locator("[role=dialog], [role=alertdialog]").first().waitFor({ state: "detached" });
  return problems;
}

const report = (problems: string[]) => expect(problems, `\n${problems.join("\n\n")}\n`).toEqual([]);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: "Hochbau Zugang GmbH",
    address: "Barrierefreie Straße 1, 35510 Butzbach",
    contactEmail: "kontakt@hochbau-zugang.example",
  });
  const chef = await invitedUser(server.url, admin, "zugangchef", "company_admin", company.id);
  await invitedUser(server.url, admin, "zugangnutzer", "user", company.id);
  const form = new FormData();
  form.append("name", "Rohbau Kita Sonnenschein");
  form.append("file", new Blob([new Uint8Array(GAEB)], { type: "application/xml" }), "rohbau-27.x83");
  projectId = (await chef.call<{ id: number }>("POST", "/api/projects", form)).id;
  await admin.call("POST", "/api/registration-links", { email: "neu@hochbau-zugang.example", role: "user", companyId: company.id });
  await admin.call("POST", "/api/contact", {
    name: "Petra Anfrage",
    email: "petra@anfrage.example",
    company: "Anfrage AG",
    message: "Wir möchten eine Testanalyse anfragen.",
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("axe-core finds no violation", () => {
  it("on the public pages and every view of the demo dashboard", async () => {
    const { context, page } = await newPage(browser, server.url);
    const problems = await visitAll(page, PUBLIC, "public");
    await page.goto("/");
    await page.evaluate(() => document.getElementById("dashboard-preview")!.scrollIntoView({ behavior: "instant" }));
    const demo = page.getByTestId("demo-dashboard");
    for (const view of DEMO_VIEWS) {
      await demo.getByTestId(`demo-nav-${view}`).click();
      // The views beyond the dashboard and the projects load on demand.
      await demo.getByText("Wird geladen…").waitFor({ state: "detached" });
      problems.push(...(await check(page, `demo view ${view}`)));
      if (view === "projects") {
        await demo.getByRole("button", { name: "Details" }).first().click();
        problems.push(...(await check(page, "demo view project-details")));
        // The first project's pre-check (its expert evaluation is pending): the real LV tab, read-only.
        await demo.getByRole("button", { name: "Vorprüfung ansehen" }).click();
        await demo.getByRole("treeitem").first().waitFor();
        problems.push(...(await check(page, "demo view project-lv")));
      }
    }
    await context.close();
    report(problems);
  }, 300_000);

  it("on the demo evaluation and in the package request dialog", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/projects/1/result");
    await page.getByTestId("demo-result").waitFor();
    const problems = await check(page, "demo result");
    await page.goto("/#pricing");
    await page.getByTestId("package-1").waitFor();
    problems.push(...(await checkDialog(page, page.getByRole("button", { name: /^Jetzt anfragen/ }).first(), "membership dialog")));
    await context.close();
    report(problems);
  }, 300_000);

  it("on every dashboard page of the super admin, the project's tabs (LV included) and its dialogs", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const problems = await visitAll(page, SUPER_ADMIN_PAGES, "super_admin");

    await page.goto(`/dashboard/projects/${projectId}`);
    await page.locator("h1").first().waitFor();
    problems.push(...(await check(page, "project detail")));
    for (const tab of await page.getByRole("tab").all()) {
      const name = (await tab.textContent())?.trim();
      await tab.click();
      if (name === "Leistungsverzeichnis")
        await page.getByTestId("boq-tab").getByText("Abrechenbare Positionen").waitFor({ timeout: 20_000 });
      problems.push(...(await check(page, `project detail tab ${name}`)));
    }
    await page.getByRole("tab").first().click();
    problems.push(...(await checkDialog(page, page.getByTestId("open-upload-html"), "upload evaluation dialog")));
    await page.goto(`/projects/${projectId}/result`);
    await page.getByTestId("result-project-name").waitFor();
    problems.push(...(await check(page, "result")));

    await page.goto("/dashboard/projects");
    await page.locator("h1").first().waitFor();
    problems.push(...(await checkDialog(page, page.getByTestId("new-project"), "create project dialog")));
    await page.getByTestId("project-actions").first().click();
    await page.getByRole("menu").waitFor();
    problems.push(...(await check(page, "project actions menu")));
    await page.keyboard.press("Escape");

    await page.goto("/dashboard/users");
    await page.locator("h1").first().waitFor();
    problems.push(...(await checkDialog(page, page.getByRole("button", { name: "Benutzer einladen" }), "invite user dialog")));

    problems.push(...(await checkDialog(page, page.getByRole("button", { name: "Verwalten" }).first(), "manage user dialog")));
    problems.push(...(await checkDialog(page, page.getByRole("button", { name: "zugangnutzer löschen" }), "delete user confirmation")));

    await page.goto("/dashboard/companies");
    await page.locator("h1").first().waitFor();
    problems.push(...(await checkDialog(page, page.getByRole("button", { name: "Neues Unternehmen" }), "company dialog")));

    await page.goto("/dashboard/orders");
    await page.locator("h1").first().waitFor();
    problems.push(
      ...(await checkDialog(page, page.getByRole("button", { name: /^Auswertung für .* hochladen$/ }).first(), "order upload dialog")),
    );

    await page.goto("/dashboard/settings");
    await page.locator("h1").first().waitFor();
    for (const tab of await page.getByRole("tab").all()) {
      const name = (await tab.textContent())?.trim();
      await tab.click();
      problems.push(...(await check(page, `settings tab ${name}`)));
    }

    await page.goto("/dashboard/chatbot-database");
    await page.locator("h1").first().waitFor();
    problems.push(...(await checkDialog(page, page.getByRole("button", { name: "Neuer Artikel" }).first(), "knowledge article dialog")));

    await page.goto("/dashboard/chatbot-legal");
    await page.locator("h1").first().waitFor();
    problems.push(...(await checkDialog(page, page.getByRole("button", { name: /Verlauf/ }).first(), "chat history dialog")));
    await context.close();
    report(problems);
  }, 300_000);

  it("on the pages of a company admin and of a user", async () => {
    const problems: string[] = [];
    for (const who of ["zugangchef", "zugangnutzer"]) {
      const { context, page } = await newPage(browser, server.url);
      await loginViaUi(page, who, PASSWORD);
      problems.push(...(await visitAll(page, [...MEMBER_PAGES, `/dashboard/projects/${projectId}`], who)));
      await context.close();
    }
    report(problems);
  }, 300_000);

  it("on a phone: the drawer navigation and the stacked tables", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 360, height: 800 });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const problems = await visitAll(page, ["/dashboard/projects", "/dashboard/orders"], "phone");
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).waitFor();
    problems.push(...(await check(page, "phone drawer")));
    await context.close();
    report(problems);
  }, 300_000);
});

/** What the focused element is (test id, role, accessible label or text) and whether its focus is drawn. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== "none";
    return {
      testId: el.dataset.testid ?? null,
      label: el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 60),
      inDialog: el.closest("[role=dialog], [role=alertdialog]") !== null,
      visible: outline || ring,
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute("role"),
    };
  });

/** Presses Tab until the focused element matches, at most `max` times. */
async function tabTo(page: Page, matches: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (f && matches(f)) return f;
  }
  throw new Error("not reached with Tab");
}

describe("keyboard", () => {
  it("a dialog opens with Enter, Tab stays inside, Escape closes it and focus returns to the opener", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/projects");
    await page.getByTestId("new-project").waitFor();
    const opener = await tabTo(page, (f) => f.testId === "new-project");
    expect(opener.visible).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.waitForTimeout(200);
    expect((await focused(page))?.inDialog).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      expect(f?.inDialog, `Tab ${i + 1} left the dialog: ${JSON.stringify(f)}`).toBe(true);
      expect(f?.visible, `focus not visible on ${JSON.stringify(f)}`).toBe(true);
      seen.add(`${f?.tag}:${f?.label}`);
    }
    // The dialog's fields and buttons were all reached, and Tab wrapped round (fewer than 25).
    expect(seen.size).toBeGreaterThan(3);
    expect(seen.size).toBeLessThan(25);
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page))?.inDialog).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await focused(page))?.testId).toBe("new-project");
    await context.close();
  });

  it("the actions menu opens with Enter, moves with the arrow keys, and Escape returns to its button", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/orders");
    const trigger = page.getByRole("button", { name: /^Weitere Aktionen für / }).first();
    await trigger.waitFor();
    const label = await trigger.getAttribute("aria-label");
    await tabTo(page, (f) => f.label === label);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    const items = await menu.getByRole("menuitem").allTextContents();
    expect(items.length).toBeGreaterThan(1);
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "menuitem");
    const current = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    // Radix moves the focus a moment after the key (setTimeout): each step is awaited.
    await expect.poll(current).toBe(items[0].trim());
    await page.keyboard.press("ArrowDown");
    await expect.poll(current).toBe(items[1].trim());
    await page.keyboard.press("ArrowUp");
    await expect.poll(current).toBe(items[0].trim());
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    // Radix returns the focus a moment after the menu is gone (FocusScope unmount, setTimeout).
    await expect.poll(async () => (await focused(page))?.label).toBe(label);

    // Enter on an item acts: 'Löschen' asks for confirmation in a dialog that keeps the focus.
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "menuitem");
    expect(items.map((t) => t.trim())).toContain("Löschen");
    await expect.poll(current).toBe(items[0].trim());
    for (let i = 1; i < items.length; i++) {
      await page.keyboard.press("ArrowDown");
      await expect.poll(current).toBe(items[i].trim());
    }
    expect(await current()).toBe("Löschen");
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    expect((await focused(page))?.inDialog).toBe(true);
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await context.close();
  });

  it("the drawer navigation on a phone is a dialog: focus inside, Escape closes it and returns to the menu button", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 360, height: 800 });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/projects");
    await page.getByRole("button", { name: "Menü öffnen" }).waitFor();
    await tabTo(page, (f) => f.label === "Menü öffnen");
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.waitFor();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      expect((await focused(page))?.inDialog, `Tab ${i + 1} left the drawer`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expect.poll(async () => (await focused(page))?.label).toBe("Menü öffnen");
    await context.close();
  });

  it("focus is visible on every element reached with Tab (landing page and dashboard)", async () => {
    const { context, page } = await newPage(browser, server.url);
    const invisible: string[] = [];
    const walk = async (where: string, steps: number) => {
      for (let i = 0; i < steps; i++) {
        await page.keyboard.press("Tab");
        const f = await focused(page);
        if (f && !f.visible) invisible.push(`${where}: ${f.tag} "${f.label}"`);
      }
    };
    await page.goto("/");
    await page.locator("h1").waitFor();
    await walk("/", 40);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    for (const path of ["/dashboard", "/dashboard/projects", "/dashboard/settings"]) {
      await page.goto(path);
      await page.locator("h1").first().waitFor();
      await settle(page);
      await walk(path, 30);
    }
    // The LV tree: its focused position shows it too (its keys are tested in lv-large.test.ts).
    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    await page.getByRole("tree").waitFor({ timeout: 20_000 });
    const item = await tabTo(page, (f) => f.role === "treeitem", 80).catch(() => null);
    expect(item, "a position of the LV tree is reached with Tab").not.toBeNull();
    if (item && !item.visible) invisible.push(`LV tree: ${item.tag} "${item.label}"`);
    await context.close();
    expect(invisible).toEqual([]);
  });

  it("every pre-rendered public page says it is German", async () => {
    for (const path of ["/", "/auth", "/impressum", "/agb", "/diese-seite-gibt-es-nicht"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toMatch(/^<!doctype html>\s*<html lang="de"/i);
    }
  });
});
