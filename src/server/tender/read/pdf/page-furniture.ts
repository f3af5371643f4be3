// Running headers and footers ("Seite 3 von 12", the project line, the printing office's address)
// are not part of the LV. A line is page furniture when it stands in the top or bottom band of a
// page and either is a page number or repeats at the same height on most pages (page numbers and
// dates in it aside).

import { wordsText, type Line } from "./model";

/** Share of the page height at the top and at the bottom where headers and footers stand. */
const BAND = 0.13;
/** How far (pt) the same header may move between pages. */
const SAME_PLACE = 4;

const PAGE_NUMBER = /^(?:(?:seite|blatt|page)\s*\d+(?:\s*(?:von|\/|of)\s*\d+)?|-\s*\d+\s*-|\d+\s*\/\s*\d+|\d{1,4})$/i;
const ENDS_WITH_PAGE_NUMBER = /(?:seite|blatt)\s*\d+(?:\s*(?:von|\/)\s*\d+)?$/i;

/** A page number line such as "Seite 3 von 12", "- 3 -", "3/12" (or a line ending in "Seite 3"). */
export function isPageNumberText(text: string): boolean {
  const t = text.trim();
  return PAGE_NUMBER.test(t) || ENDS_WITH_PAGE_NUMBER.test(t);
}

/** A page number or a date somewhere in a line: its digits change from page to page. */
const CHANGING = /(?:seite|blatt|page)\s*\d|\d+\s*(?:von|\/)\s*\d+|\d{1,2}\.\d{1,2}\.\d{2,4}/i;

/** The line's text, with digits folded where they change from page to page ("Seite 3 von 12"). */
function furnitureKey(line: Line): string {
  const text = wordsText(line.words).toLowerCase();
  return CHANGING.test(text) ? text.replace(/\d+/g, "#") : text;
}

/**
 * Removes running headers and footers. `pages` holds each page's lines; `heights` the page heights.
 * Returns the remaining lines per page.
 */
export function removePageFurniture(pages: Line[][], heights: number[]): Line[][] {
  const inBand = (line: Line, height: number) => line.y < height * BAND || line.y > height * (1 - BAND);
  // Where each band line's text occurs: page and height.
  const seen = new Map<string, { page: number; y: number }[]>();
  pages.forEach((lines, p) => {
    for (const line of lines) {
      if (!inBand(line, heights[p])) continue;
      const key = furnitureKey(line);
      const places = seen.get(key);
      if (places) places.push({ page: p, y: line.y });
      else seen.set(key, [{ page: p, y: line.y }]);
    }
  });
  const minPages = Math.max(2, Math.ceil(pages.length / 2));
  const repeated = new Set<string>();
  for (const [key, places] of seen) {
    if (places.length < minPages) continue;
    // The same height on most pages: count the pages within SAME_PLACE of the median height.
    const ys = places.map((p) => p.y).sort((a, b) => a - b);
    const median = ys[Math.floor(ys.length / 2)];
    const pagesThere = new Set(places.filter((p) => Math.abs(p.y - median) <= SAME_PLACE).map((p) => p.page));
    if (pagesThere.size >= minPages) repeated.add(key);
  }
  return pages.map((lines, p) =>
    lines.filter((line) => !(inBand(line, heights[p]) && (repeated.has(furnitureKey(line)) || isPageNumberText(wordsText(line.words))))),
  );
}
