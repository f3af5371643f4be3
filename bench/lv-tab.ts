// "LV tab usable": how long a project's LV tab takes until its first tree row is visible, and how
// many DOM nodes the document then holds. Used by the LV browser test (figures printed) and by
// `npm run bench` (budget < 1.5 s and < 5 000 nodes for a 5 000-position LV).
import type { Page } from "playwright-core";

export interface LvTabFigures {
  /** From navigating to the project page until the first LV row is visible (page load + tab). */
  ms: number;
  /** From the click on the tab until the first LV row is visible. */
  tabMs: number;
  /** document.getElementsByTagName('*').length once the first row shows. */
  domNodes: number;
}

/**
 * `page` must be signed in; `url` is the project page (e.g. `${base}/dashboard/projects/7`) whose
 * LV was already read (otherwise the time includes the reading).
 */
export async function measureLvTab(page: Page, url: string, opts: { timeoutMs?: number } = {}): Promise<LvTabFigures> {
  const timeout = opts.timeoutMs ?? 60_000;
  const started = performance.now();
  await page.goto(url);
  const tabButton = page.getByRole("tab", { name: "Leistungsverzeichnis" });
  await tabButton.waitFor({ timeout });
  const clicked = performance.now();
  await tabButton.click();
  await page.getByRole("tree", { name: "Leistungsverzeichnis" }).getByRole("treeitem").first().waitFor({ state: "visible", timeout });
  const shown = performance.now();
  // Count after the frame in which the row appeared has been laid out (measured rows may re-render).
  const domNodes = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.getElementsByTagName("*").length))),
      ),
  );
  return { ms: Math.round(shown - started), tabMs: Math.round(shown - clicked), domNodes };
}
