// The company picker with 300 companies (issue 16): the create-project, invite and manage-user
// dialogs search the server (q, limit, sort) instead of loading the whole list, the manage dialog
// shows the user's company at once and keeps it when other fields are saved, the picker works by
// keyboard alone and axe finds nothing wrong with its list open.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page, Request } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { axeViolations } from "../helpers/axe";
import { companyBox } from "../helpers/company-picker";
import { gaebOfSize, invitedUser, type Api } from "./projects.helpers";

const N = 300;
const pad = (i: number) => String(i).padStart(4, "0");
/** One company far behind the first page in name order, found only by searching. */
const FAR = 277;
const nameOf = (i: number) => (i === FAR ? `Wiesenhof Tiefbau ${pad(i)} KG` : `Firma ${pad(i)} GmbH`);

let server: RunningServer;
let browser: Browser;
let admin: Api;
const ids = new Map<number, number>();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  for (let start = 1; start <= N; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, N - start + 1) }, async (_, k) => {
        const i = start + k;
        const c = await admin.call<{ id: number }>("POST", "/api/companies", {
          name: nameOf(i),
          address: `Hauptstraße ${i}, 35510 Butzbach`,
          contactEmail: `info${pad(i)}@firma.de`,
        });
        ids.set(i, c.id);
      }),
    );
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const isCompanyList = (url: string) => new URL(url).pathname === "/api/companies";

/** Every request the page makes to /api/companies and /api/companies/:id. */
function recordCompanyRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (r: Request) => {
    if (new URL(r.url()).pathname.startsWith("/api/companies")) urls.push(r.url());
  });
  return {
    urls,
    /** List reads without a limit, i.e. the whole company table. */
    unlimited: () => urls.filter((u) => isCompanyList(u) && !new URL(u).searchParams.has("limit")),
  };
}

/** The text of the option the combobox marks as active (aria-activedescendant). */
async function activeOption(box: Locator): Promise<string | null> {
  const id = await box.getAttribute("aria-activedescendant");
  return id ? box.page().locator(`[id="${id}"]`).textContent() : null;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("company picker", () => {
  it("create project: finds a company by part of its name through q and limit, never the whole list", async () => {
    const { context, page } = await newPage(browser, server.url);
    const requests = recordCompanyRequests(page);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/projects");
    await page.getByTestId("new-project").click();
    const dialog = page.getByRole("dialog", { name: "Neues Projekt erstellen" });
    const box = companyBox(dialog);
    expect(await box.inputValue()).toBe("Kein Unternehmen");

    // Opened without a search: one page of 20 by name, plus 'Kein Unternehmen', and the total.
    await box.click();
    await dialog
      .getByRole("status")
      .getByText(/^20 von \d+ Unternehmen/)
      .waitFor();
    const options = dialog.getByRole("listbox", { name: "Gefundene Unternehmen" }).getByRole("option");
    expect(await options.count()).toBe(21);
    expect(await options.first().textContent()).toBe("Kein Unternehmen");
    expect(await options.nth(1).textContent()).toBe("Firma 0001 GmbH");
    expect(await dialog.getByRole("option", { name: nameOf(FAR) }).count()).toBe(0);

    const searched = page.waitForRequest((r) => isCompanyList(r.url()) && new URL(r.url()).searchParams.get("q") === "tiefbau 02");
    await box.fill("tiefbau 02");
    const params = new URL((await searched).url()).searchParams;
    expect(params.get("limit")).toBe("20");
    expect(params.get("sort")).toBe("name");
    await dialog.getByRole("option", { name: nameOf(FAR), exact: true }).click();
    expect(await box.inputValue()).toBe(nameOf(FAR));
    expect(await box.getAttribute("aria-expanded")).toBe("false");

    await dialog.getByLabel("Projektname *").fill("Kita Picker");
    await dialog.locator("#project-file").setInputFiles({ name: "LV.x83", mimeType: "application/xml", buffer: gaebOfSize(2_000) });
    await dialog.getByRole("button", { name: "Projekt erstellen" }).click();
    await toast(page, "Projekt erstellt").waitFor();
    const [created] = await admin.call<{ name: string; companyId: number | null }[]>("GET", "/api/projects?q=Kita%20Picker&limit=5");
    expect(created.name).toBe("Kita Picker");
    expect(created.companyId).toBe(ids.get(FAR));

    expect(requests.urls.some(isCompanyList)).toBe(true);
    expect(requests.unlimited()).toEqual([]);
    await context.close();
  });

  it("invite: selects by keyboard alone (type, Up/Down, Enter, Escape) with no axe violations while open", async () => {
    const { context, page } = await newPage(browser, server.url);
    const requests = recordCompanyRequests(page);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/users");
    await page.getByRole("button", { name: "Benutzer einladen" }).click();
    const dialog = page.getByRole("dialog", { name: "Benutzer einladen" });
    const box = companyBox(dialog);
    expect(await box.getAttribute("placeholder")).toBe("Unternehmen auswählen");

    await dialog.getByLabel("E-Mail-Adresse").fill("tastatur@firma.de");
    await page.keyboard.press("Tab"); // Rolle
    await page.keyboard.press("Tab"); // Unternehmen
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type("Firma 004");
    await waitFor(async () => (await activeOption(box)) === "Firma 0040 GmbH", "the first match to be active");
    expect(await dialog.getByRole("listbox", { name: "Gefundene Unternehmen" }).getByRole("option").count()).toBe(10);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await activeOption(box)).toBe("Firma 0042 GmbH");
    await page.keyboard.press("ArrowUp");
    expect(await activeOption(box)).toBe("Firma 0041 GmbH");

    expect(await axeViolations(page, "invite dialog, company list open")).toEqual([]);

    await page.keyboard.press("Enter");
    expect(await box.inputValue()).toBe("Firma 0041 GmbH");
    expect(await box.getAttribute("aria-expanded")).toBe("false");

    // Escape closes the list only: the dialog stays and the choice is kept.
    await page.keyboard.press("ArrowDown");
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.type("Wies");
    await page.keyboard.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await dialog.isVisible()).toBe(true);
    expect(await box.inputValue()).toBe("Firma 0041 GmbH");

    // With the list closed, Enter submits the form.
    await page.keyboard.press("Enter");
    await toast(page, "Benutzereinladung erstellt").waitFor();
    const [link] = await admin.call<{ email: string; companyId: number }[]>("GET", "/api/registration-links?q=tastatur&limit=5");
    expect(link.email).toBe("tastatur@firma.de");
    expect(link.companyId).toBe(ids.get(41));
    expect(requests.unlimited()).toEqual([]);
    await context.close();
  });

  it("manage user: shows the current company at once and keeps it when other fields are saved", async () => {
    const member = await invitedUser(server.url, admin, "kbauer", "user", ids.get(150)!);
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/users?q=kbauer");
    const row = page.getByRole("row").filter({ hasText: "@kbauer" });
    await row.getByText("Firma 0150 GmbH").waitFor();
    const requests = recordCompanyRequests(page);

    await row.getByRole("button", { name: "Verwalten" }).click();
    const dialog = page.getByRole("dialog", { name: "Benutzer verwalten" });
    const box = companyBox(dialog);
    // At once: the name comes from the user row, before (and without) any company request.
    expect(await box.inputValue()).toBe("Firma 0150 GmbH");
    expect(requests.urls).toEqual([]);

    // Typing without choosing and leaving the field changes nothing.
    await box.fill("Firma 02");
    await dialog.getByRole("option", { name: "Firma 0200 GmbH" }).waitFor();
    await dialog.getByLabel("Vorname").click();
    expect(await box.inputValue()).toBe("Firma 0150 GmbH");

    await dialog.getByLabel("Vorname").fill("Klara");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Benutzer aktualisiert").waitFor();
    const me = await member.call<{ firstName: string; companyId: number | null }>("GET", "/api/user");
    expect(me.firstName).toBe("Klara");
    expect(me.companyId).toBe(ids.get(150));
    await row.getByText("Firma 0150 GmbH").waitFor();

    // 'Kein Unternehmen' is a deliberate choice only.
    await row.getByRole("button", { name: "Verwalten" }).click();
    await companyBox(dialog).click();
    await dialog.getByRole("option", { name: "Kein Unternehmen" }).click();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Benutzer aktualisiert").waitFor();
    expect((await member.call<{ companyId: number | null }>("GET", "/api/user")).companyId).toBeNull();

    expect(requests.unlimited()).toEqual([]);
    await context.close();
  });
});
