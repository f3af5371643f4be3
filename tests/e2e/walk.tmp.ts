// Temporary walkthrough (not committed): starts the built app, sets up a company and a project with
// a blind LV and its contract document, and takes screenshots of the main screens.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer } from "../helpers/e2e";
import { invitedUser, PASSWORD } from "./projects.helpers";

const OUT = "/tmp/walk";
const dir = process.argv[2] ?? "tests/quality/blind/tune4/files/h1-kanal-erdbau-stadt";
const server = await startServer();
const browser = await launchBrowser();
try {
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", { name: "Musterbau GmbH", address: "Weg 1, 35510 Butzbach", contactEmail: "k@muster.de" });
  const chef = await invitedUser(server.url, admin, "kalkulator", "company_admin", company.id);
  const name = dir.split("/").pop()!;
  const form = new FormData();
  form.append("name", "Walkthrough " + name);
  form.append("file", new Blob([readFileSync(join(dir, `${name}.x83`))]), `${name}.x83`);
  const created = await fetch(`${server.url}/api/projects`, { method: "POST", headers: { cookie: chef.cookie }, body: form });
  const { id } = (await created.json()) as { id: number };
  const pdf = new FormData();
  pdf.append("file", new Blob([readFileSync(join(dir, "Besondere Vertragsbedingungen.pdf"))]), "Besondere Vertragsbedingungen.pdf");
  const up = await fetch(`${server.url}/api/projects/${id}/contract-documents`, { method: "POST", headers: { cookie: chef.cookie }, body: pdf });
  console.log("contract doc", up.status);
  await new Promise((r) => setTimeout(r, 8000));
  for (const [w, h, tag] of [[1440, 1000, "desk"], [390, 844, "mob"]] as const) {
    const { context, page } = await newPage(browser, server.url);
    await page.setViewportSize({ width: w, height: h });
    await page.goto("/");
    await page.screenshot({ path: `${OUT}/${tag}-01-landing.png`, fullPage: false });
    await page.goto("/demo");
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${tag}-02-demo.png`, fullPage: true });
    await loginViaUi(page, "kalkulator", PASSWORD);
    await page.goto(`/dashboard/projects/${id}`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${tag}-03-project.png`, fullPage: true });
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${OUT}/${tag}-04-lv.png`, fullPage: true });
    await page.goto(`/dashboard/chatbots`).catch(() => {});
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${tag}-05-chat.png`, fullPage: false });
    await context.close();
  }
  const { context, page } = await newPage(browser, server.url);
  await loginViaUi(page, ADMIN.username, ADMIN.password);
  await page.goto(`/dashboard/projects/${id}`);
  await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${OUT}/admin-04-lv.png`, fullPage: true });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
