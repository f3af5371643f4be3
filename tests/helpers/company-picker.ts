// Drives the company picker (src/client/companies/CompanyPicker.tsx) like a person: types part
// of the name into the combobox, waits for the server's matches and clicks the wanted one.
import type { Locator, Page } from "playwright-core";

export const companyBox = (scope: Page | Locator, label = "Unternehmen") => scope.getByRole("combobox", { name: label, exact: true });

/** Picks `name` after typing `search` (default: the whole name); throws unless the box then shows it. */
export async function pickCompany(scope: Page | Locator, name: string, search = name, label = "Unternehmen") {
  const box = companyBox(scope, label);
  await box.fill(search);
  await scope.getByRole("option", { name, exact: true }).click();
  const shown = await box.inputValue();
  if (shown !== name) throw new Error(`company picker shows "${shown}", expected "${name}"`);
}
