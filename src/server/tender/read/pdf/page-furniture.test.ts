// Running headers, footers and page numbers are removed; the LV's own lines stay.

import { describe, expect, it } from "vitest";
import { buildLines } from "./lines";
import { wordsText } from "./model";
import { isPageNumberText, removePageFurniture } from "./page-furniture";
import { page } from "./testing/synthetic-page";

describe("isPageNumberText", () => {
  it.each([
    "Seite 3",
    "Seite 3 von 12",
    "seite 3/12",
    "- 3 -",
    "3 / 12",
    "12",
    "Blatt 4",
    "Architekturbüro Beispiel, Musterstadt Seite 2 von 4",
  ])("%s is a page number", (text) => expect(isPageNumberText(text)).toBe(true));
  it.each(["01.0010 Bauzaun", "Seite 3 der Baubeschreibung beachten", "Summe Titel 01"])("%s is none", (text) =>
    expect(isPageNumberText(text)).toBe(false),
  );
});

describe("removePageFurniture", () => {
  const pages = [1, 2, 3].map((n) =>
    page(n, [
      [40, 30, "Neubau MFH Lindenweg 7"],
      [400, 30, "Druck 16.03.2026"],
      [40, 60, `0${n}.0010`], // an item row in the top band, different on every page
      [100, 60, "Bauzaun stellen"],
      [100, 400, "Langtext der Position"],
      [40, 815, "Architekturbüro Beispiel, Gartenstraße 3"],
      [480, 815, `Seite ${n} von 3`],
      // The same item text (digits aside) at the same place on every page is no header.
      [40, 90, `01.00${n}0`],
      [100, 90, "Zulage Stück"],
      [400, 90, `${n},000`],
    ]),
  );
  const kept = removePageFurniture(
    pages.map((p) => buildLines(p)),
    pages.map((p) => p.height),
  );

  it("removes the running header and footer (page number and dates folded)", () => {
    const texts = kept.map((lines) => lines.map((l) => wordsText(l.words)));
    expect(texts[1]).toEqual(["02.0010 Bauzaun stellen", "01.0020 Zulage Stück 2,000", "Langtext der Position"]);
    expect(texts.flat().some((t) => /Lindenweg|Seite|Architekturbüro/.test(t))).toBe(false);
  });

  it("removes a page number on a single page, but no line of the body", () => {
    const [lines] = removePageFurniture(
      [
        buildLines(
          page(1, [
            [100, 400, "Seite 1 von 1"], // in the middle of the page: text, not a footer
            [280, 820, "- 1 -"],
          ]),
        ),
      ],
      [842],
    );
    expect(lines.map((l) => wordsText(l.words))).toEqual(["Seite 1 von 1"]);
  });
});
