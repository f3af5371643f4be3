// The LV tab's virtual tree in browser tests: only the rows in view are in the DOM, so "every
// row" is read by scrolling the tree from top to bottom and collecting each rendered row once.
import type { Page } from "playwright-core";

export const LV_TREE = { role: "tree", name: "Leistungsverzeichnis" } as const;

/** The text of every row of the LV tree in order (as shown: collapsed titles hide their rows). */
export async function allTreeRows(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const tree = document.querySelector<HTMLElement>('[role="tree"][aria-label="Leistungsverzeichnis"]');
    if (!tree) throw new Error("no LV tree");
    const seen = new Map<number, string>();
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    tree.scrollTop = 0;
    for (let guard = 0; guard < 10_000; guard++) {
      await frame();
      tree
        .querySelectorAll('[role="treeitem"]')
        .forEach((el) => seen.set(Number(el.getAttribute("data-index")), (el.textContent ?? "").trim()));
      if (tree.scrollTop + tree.clientHeight >= tree.scrollHeight - 1) break;
      tree.scrollTop += Math.max(40, Math.floor(tree.clientHeight / 2));
    }
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
  });
}

/** The element that has the keyboard focus: its role, text and tree attributes. */
export async function focusedRow(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const a = (name: string) => el?.getAttribute(name) ?? null;
    const box = el?.getBoundingClientRect();
    const tree = el?.closest('[role="tree"]')?.getBoundingClientRect();
    return {
      role: a("role"),
      text: (el?.textContent ?? "").trim(),
      level: a("aria-level"),
      setSize: a("aria-setsize"),
      posInSet: a("aria-posinset"),
      expanded: a("aria-expanded"),
      selected: a("aria-selected"),
      /** The row lies inside the tree's visible area. */
      inView: !!box && !!tree && box.top >= tree.top - 1 && box.bottom <= tree.bottom + 1,
      focusRing: el ? getComputedStyle(el).boxShadow : "none",
    };
  });
}
