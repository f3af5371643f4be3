// DA XML completeness: Unterbeschreibungen (Item/SubDescr), section discounts and lump sums
// (BoQCtgy/Totals), alternative sections (ALNBGroupNo/ALNBSerNo), item discounts, bidder answers
// outside the long text, price-only X84 with bidder fields, phase 89B.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergePrices } from "../merge-prices";
import { category, gaebXml, item, itemlist } from "../../testing/build-gaeb";
import { isPriceOnly, readGaebXml } from "./reader";

const FIXTURES = join(import.meta.dirname, "../../fixtures");
const sample = (name: string) => readGaebXml(readFileSync(join(FIXTURES, name)));
const byOz = (t: ReturnType<typeof readGaebXml>, oz: string) => t.positions.find((p) => p.oz === oz)!;

describe("Unterbeschreibungen (Item/SubDescr)", () => {
  it("boq.x83: 01.02.0010 keeps its sub-description „Trockener Boden je m3“ with 60 m3, the item's own quantity untouched", () => {
    const t = sample("boq.x83");
    const item = byOz(t, "01.02.0010");
    expect(item.subDescriptions).toEqual([
      { no: "1", shortText: "Trockener Boden", longText: "Trockener Boden je m3.", qty: 60, unit: "m3" },
    ]);
    expect(item.qty).toBe(100);
    expect(item.unit).toBe("m3");
    expect(item.longText).not.toContain("Trockener Boden je m3");
  });

  it("a Leitbeschreibung ending in „Ausführung wie folgt:“ keeps every Unterbeschreibung with its texts", () => {
    const t = sample("sections.x86");
    const wall = byOz(t, "03.0010");
    expect(wall.longText).toBe("Nichttragende Trennwand, Dicke 100 mm, Ausführung wie folgt:");
    expect(wall.subDescriptions?.map((s) => [s.no, s.shortText, s.qty, s.unit])).toEqual([
      ["1", "Unterkonstruktion", 30, "m2"],
      ["2", "Beplankung GKF 12,5 mm", 60, "m2"],
    ]);
    expect(wall.subDescriptions?.[1].longText).toBe("Beplankung beidseitig, einlagig, aus GKF-Platten 12,5 mm.");
  });
});

describe("section discounts, lump sums and alternative sections (sections.x86)", () => {
  const t = sample("sections.x86");

  it("a percentage discount: 3 034.50 less 3.5 % is 2 928.29", () => {
    expect(byOz(t, "01.01")).toMatchObject({
      total: 2928.29,
      section: { discountPercent: 3.5, subtotal: 3034.5, statedAfterDiscount: 2928.29 },
    });
  });

  it("an item discount: 50 m3 × 40.00 less 10 % is the stated 1 800.00", () => {
    expect(byOz(t, "01.01.0020")).toMatchObject({ total: 1800, discountPercent: 10 });
  });

  it("a negative percentage is a surcharge: 6 693.78 plus 2.5 % is 6 861.12; the provisional item without total is left out", () => {
    expect(byOz(t, "01.02")).toMatchObject({ total: 6861.12, section: { discountPercent: -2.5, subtotal: 6693.78 } });
  });

  it("the alternative section (ALNBSerNo 1) is an alternative with its items, summed for itself but not counted above", () => {
    expect(byOz(t, "01.03").flags.alternative).toEqual({ group: "1", serial: 0 });
    expect(byOz(t, "01.04")).toMatchObject({ total: 1980, flags: { alternative: { group: "1", serial: 1 } } });
    expect(byOz(t, "01.04.0010").flags.alternative).toEqual({ group: "1", serial: 1 });
    // 2 928.29 + 6 861.12 + 1 700.00 = 11 489.41, less the discount amount 489.41.
    expect(byOz(t, "01")).toMatchObject({ total: 11000, section: { discountAmount: 489.41, subtotal: 11489.41 } });
  });

  it("a lump sum (TotalLSUM) replaces the section's sum: 5 000.00 offered for 4 500.00", () => {
    expect(byOz(t, "02")).toMatchObject({ total: 4500, section: { lumpSum: 4500, subtotal: 5000, stated: 5000 } });
  });

  it("the grand total after the LV-wide 2 % discount is the stated 18 394.60, without a mismatch warning", () => {
    expect(t.totals).toEqual({
      total: 18394.6,
      stated: 18394.6,
      pricedItems: 9,
      computedItems: 0,
      discount: { percent: 2, amount: null, beforeDiscount: 18770 },
    });
    expect(t.warnings).toEqual([]);
  });

  it("every section's computed total is its stated one", () => {
    for (const c of t.positions.filter((p) => p.section)) {
      const s = c.section!;
      expect(c.total, c.oz).toBe(s.lumpSum ?? s.statedAfterDiscount ?? s.stated);
    }
  });
});

describe("price-only X84 with bidder text fields", () => {
  const prices = sample("sections-preise.x84");

  it("is recognised although its items carry the bidder's TextComplements; the answers are kept, not made long text", () => {
    expect(prices.priceOnly).toBe(true);
    const wall = byOz(prices, "01.02.0010");
    expect(wall.longText).toBe("");
    expect(wall.bidderAnswers).toEqual([{ caption: "", answer: "KS Muster 20 DF" }]);
  });

  it("merged into its X83: prices, item and section discounts, lump sum and the bidder's answer – 18 394.60 €", () => {
    const merged = mergePrices(sample("sections.x83"), prices, "sections.x83");
    expect(merged.totals).toMatchObject({ total: 18394.6, stated: 18394.6 });
    expect(byOz(merged, "02")).toMatchObject({ total: 4500, section: { lumpSum: 4500 } });
    const wall = byOz(merged, "01.02.0010");
    expect(wall.bidderAnswers).toEqual([{ caption: "Angebotenes Fabrikat:", answer: "KS Muster 20 DF" }]);
    expect(wall.bidderGaps).toBe(0);
    expect(wall.longText).toBe("Mauerwerk der Innenwand aus Kalksandstein, Dicke 17,5 cm.\nAngebotenes Fabrikat: [Bieterangabe]");
    expect(merged.warnings.some((w) => w.includes("weicht"))).toBe(false);
  });

  it("an X84 whose only texts are empty bidder fields is price-only; one item with a text of its own is not", () => {
    const gap =
      '<Description><CompleteText><DetailTxt><TextComplement Kind="Bidder" MarkLbl="1" Empty="Yes"><ComplBody><span>\'\'</span></ComplBody></TextComplement></DetailTxt></CompleteText></Description>';
    const onlyGaps = readGaebXml(
      Buffer.from(
        gaebXml({
          dp: "84",
          body: itemlist(
            item({ rno: "0010", up: "10.00", it: "100.00", extra: "" }).replace("</Item>", `${gap}</Item>`),
            item({ rno: "0020", up: "5.00", it: "50.00" }),
          ),
        }),
      ),
    );
    expect(onlyGaps.priceOnly).toBe(true);
    expect(onlyGaps.positions.find((p) => p.oz === "0010")).toMatchObject({
      longText: "",
      bidderGaps: 1,
      bidderAnswers: [{ caption: "", answer: null }],
    });
    const withText = readGaebXml(
      Buffer.from(
        gaebXml({
          dp: "84",
          body: itemlist(
            item({ rno: "0010", up: "10.00", it: "100.00", long: "Eigener Text" }),
            item({ rno: "0020", up: "5.00", it: "50.00" }),
          ),
        }),
      ),
    );
    expect(isPriceOnly(withText.positions)).toBe(false);
  });
});

describe("phase 89B", () => {
  it("namespace DA89B and DP 89B under Invoice are read as phase 89 (supporting document), not „nicht angegeben“", () => {
    const xml = gaebXml({
      namespace: "http://www.gaeb.de/GAEB_DA_XML/DA89B/3.3",
      dp: "89B",
      body: category("01", "Erdarbeiten", itemlist(item({ rno: "0010", qty: "10.000", unit: "m3", up: "12.00", it: "120.00" }))),
    }).replace(/<Award>(.*)<\/Award>/s, "<Invoice>$1</Invoice>");
    const t = readGaebXml(Buffer.from(xml));
    expect(t.phase).toBe(89);
    expect(t.warnings).toContain("Phase 89B wird nur eingeschränkt ausgewertet (Positionen und Mengen).");
    expect(t.warnings.some((w) => w.includes("nicht angegeben"))).toBe(false);
    expect(t.totals.total).toBe(120);
  });
});
