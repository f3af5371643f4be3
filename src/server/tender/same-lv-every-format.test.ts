// The "done when": the same LV uploaded as X83 (+ its price-only X84), as AVA print PDFs,
// as Excel and as CSV gives the same positions, quantities, prices, totals and money at stake.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseTender, type TenderAnalysis } from ".";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const items = (a: TenderAnalysis) => a.positions.filter((p) => p.kind === "item");
const shape = (a: TenderAnalysis) => items(a).map((p) => [p.oz, p.qty, p.unit, p.shortText]);
const money = (a: TenderAnalysis) => items(a).map((p) => [p.oz, p.unitPrice, p.total]);

const UNPRICED = [
  "rendered/classic.pdf",
  "rendered/compact.pdf",
  "sheets/rohbau-gu.xlsx",
  "sheets/rohbau-semikolon.csv",
  "sheets/rohbau-komma.csv",
];
const PRICED = ["rendered/classic-priced.pdf", "rendered/landscape.pdf", "sheets/rohbau-priced.xlsx"];

describe("the 27-item Rohbau LV in every format", async () => {
  const x83 = await analyseTender(fixture("rohbau-27.x83"), "rohbau-27.x83");
  const merged = await analyseTender(fixture("rohbau-27-preise.x84"), "preise.x84", {
    base: { data: fixture("rohbau-27.x83"), fileName: "rohbau-27.x83" },
  });

  it("the X83 and the merged X84 agree on the positions", () => {
    expect(items(x83)).toHaveLength(27);
    expect(shape(merged)).toEqual(shape(x83));
    expect(merged.totals?.total).toBe(345886.15);
  });

  it.each(UNPRICED)("%s: the same positions, quantities and units as the X83", async (name) => {
    const a = await analyseTender(fixture(name), name.split("/")[1]);
    expect(a.status).toBe("done");
    expect(shape(a)).toEqual(shape(x83));
    expect(a.counts).toMatchObject({ items: 27, titles: 5, provisional: 2, lumpSum: 1, hourly: 1, alternative: 1 });
  });

  it.each(PRICED)("%s: the same prices, total and money at stake as X83 + X84", async (name) => {
    const a = await analyseTender(fixture(name), name.split("/")[1]);
    expect(shape(a)).toEqual(shape(x83));
    expect(money(a)).toEqual(money(merged));
    expect(a.totals?.total).toBe(345886.15);
    expect(a.potential?.totalEur).toBe(merged.potential?.totalEur);
  });
});
