// From the runs of all pages to lines sorted into reading order with a column layout per page:
// header rows are read (and dropped), running headers and footers dropped, and the columns found
// for each group of pages of the same format (portrait and landscape pages differ).

import { detectColumns, readHeaderRow, type HeaderLabel } from "./columns";
import { buildLines } from "./lines";
import type { Line, PageText } from "./model";
import { removePageFurniture } from "./page-furniture";
import type { PageLines } from "./recognise-items";

export function layoutPages(pages: PageText[]): PageLines[] {
  const headers: (HeaderLabel[] | null)[] = [];
  const bodies: Line[][] = pages.map((page, p) => {
    headers[p] = null;
    return buildLines(page).filter((line) => {
      const labels = readHeaderRow(line);
      if (labels && !headers[p]) headers[p] = labels;
      return !labels;
    });
  });
  const cleaned = removePageFurniture(
    bodies,
    pages.map((p) => p.height),
  );

  const groups = new Map<string, number[]>();
  pages.forEach((page, p) => {
    const key = `${Math.round(page.width)}x${Math.round(page.height)}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  });
  const result: PageLines[] = pages.map((page, p) => ({ number: page.number, lines: cleaned[p], layout: null }));
  for (const indexes of groups.values()) {
    const header = indexes.map((p) => headers[p]).find((h) => h !== null) ?? null;
    const layout = detectColumns(
      indexes.flatMap((p) => cleaned[p]),
      header,
    );
    for (const p of indexes) result[p].layout = layout;
  }
  return result;
}
