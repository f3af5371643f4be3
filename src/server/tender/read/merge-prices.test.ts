import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseTender } from "..";
import { mergePrices } from "./merge-prices";
import { readGaebXml } from "./gaeb-xml/reader";
import { category, gaebXml as gaebText, item, itemlist } from "../testing/build-gaeb";

const gaebXml = (o: Parameters<typeof gaebText>[0]) => Buffer.from(gaebText(o));

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const X83 = fixture("rohbau-27.x83");
const X84 = fixture("rohbau-27-preise.x84");

describe("price-only X84", () => {
  it("is recognised as price-only, a priced X84 with quantities is not", () => {
    expect(readGaebXml(X84).priceOnly).toBe(true);
    expect(readGaebXml(fixture("realistic.x84")).priceOnly).toBeUndefined();
    expect(readGaebXml(X83).priceOnly).toBeUndefined();
  });

  it("alone says that its X83 is needed instead of warning on every item", async () => {
    const a = await analyseTender(X84, "rohbau-27-preise.x84");
    expect(a.status).toBe("failed");
    expect(a.error?.code).toBe("price_only_without_base");
    expect(a.error?.message).toMatch(/nur Preise .* zuerst die zugehörige Ausschreibung \(X83\)/);
    expect(a.findings).toEqual([]);
  });

  it("completes its X83: every item priced, totals as the X84 states, no 'Menge fehlt'", async () => {
    const a = await analyseTender(X84, "rohbau-27-preise.x84", { base: { data: X83, fileName: "rohbau-27.x83" } });
    expect(a.status).toBe("done");
    expect(a.baseFileName).toBe("rohbau-27.x83");
    const items = a.positions.filter((p) => p.kind === "item");
    expect(items).toHaveLength(27);
    expect(items.every((p) => p.unitPrice !== null && p.qty !== null && p.shortText)).toBe(true);
    const aushub = items.find((p) => p.oz === "02.0020")!;
    expect([aushub.qty, aushub.unit, aushub.unitPrice, aushub.total]).toEqual([1240.5, "m3", 8.7, 10792.35]);
    expect(a.totals).toMatchObject({ total: 345886.15, stated: 345886.15, pricedItems: 24 });
    expect(a.warnings).toContain("Die Preise dieser Angebotsdatei wurden in das LV „rohbau-27.x83“ übernommen: 27 von 27 Positionen.");
    expect(a.findings.filter((f) => f.ruleId === "menge-fehlt")).toEqual([]);
    // Title subtotals come from the merged prices.
    expect(a.positions.find((p) => p.oz === "01")?.total).toBe(20276);
  });

  it("matches by OZ first and by ID for renumbered items, and names what did not match", () => {
    const base = readGaebXml(
      gaebXml({
        body: category(
          "01",
          "Erdarbeiten",
          itemlist(
            item({ rno: "0010", qty: "10", unit: "m3", short: "Boden lösen" }).replace("<Item ", '<Item ID="A" '),
            item({ rno: "0020", qty: "5", unit: "m3", short: "Boden abfahren" }).replace("<Item ", '<Item ID="B" '),
            item({ rno: "0030", qty: "2", unit: "St", short: "Schacht" }).replace("<Item ", '<Item ID="C" '),
          ),
        ),
      }),
    );
    const prices = readGaebXml(
      gaebXml({
        dp: "84",
        body: category(
          "01",
          "",
          itemlist(
            // Same OZ, another program's ID: the OZ wins.
            item({ rno: "0010", up: "12.00" }).replace("<Item ", '<Item ID="B" '),
            // OZ renumbered, ID kept.
            item({ rno: "0025", up: "30.00" }).replace("<Item ", '<Item ID="B" '),
            item({ rno: "0099", up: "1.00" }),
          ),
        ),
      }),
    );
    const merged = mergePrices(base, prices, "lv.x83");
    const byOz = new Map(merged.positions.map((p) => [p.oz, p]));
    expect(byOz.get("01.0010")).toMatchObject({ unitPrice: 12, total: 120 });
    expect(byOz.get("01.0020")).toMatchObject({ unitPrice: 30, total: 150 });
    expect(byOz.get("01.0030")).toMatchObject({ unitPrice: null, total: null });
    expect(merged.warnings).toContain("1 Positionen der Angebotsdatei fehlen im LV „lv.x83“ (OZ 01.0099).");
    expect(merged.warnings).toContain("1 Positionen des LV haben in der Angebotsdatei keinen Preis (OZ 01.0030).");
  });

  it("refuses a base LV that shares no item with the prices", () => {
    const other = readGaebXml(gaebXml({ body: itemlist(item({ rno: "9", qty: "1", unit: "St", short: "x" })) }));
    expect(() => mergePrices(other, readGaebXml(X84), "anderes.x83")).toThrow(/keine Position passt zum LV „anderes.x83“/);
  });
});
