import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseTender } from "./index";
import { GAEB_2000_SAMPLE, gaeb90Sample } from "./testing/build-gaeb";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe("analyseTender", () => {
  it("analyses boq.x83: counts by kind, chargeable positions, prices, findings", async () => {
    const result = await analyseTender(fixture("boq.x83"), "boq.x83");
    expect(result).toMatchObject({ status: "done", format: "gaeb-xml", phase: 83, version: "3.3" });
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({
      items: 6,
      lots: 0,
      titles: 3,
      remarks: 0,
      markups: 0,
      provisional: 1,
      provisionalWithoutTotal: 0,
      alternative: 2,
      lumpSum: 1,
      hourly: 1,
      keyItems: 0,
      qtyTBD: 0,
      notApplicable: 0,
      notOffered: 0,
      changeOrders: 0,
      bidderGaps: 1,
    });
    expect(result.chargeablePositions).toBe(6);
    expect(result.duplicates).toEqual([]);
    // 75 + 6 × 1.35 and 125 + 6 × 3.05
    expect(result.prices).toEqual({ kalkulationspaket: 83.1, ausfuehrungspaket: 143.3 });
    expect(result.findingCounts.total).toBe(result.findings.length);
  });

  it("analyses markup.x83 without charging markup items or remarks", async () => {
    const result = await analyseTender(fixture("markup.x83"), "markup.x83");
    expect(result.counts).toMatchObject({ items: 2, markups: 2, remarks: 2, titles: 2, qtyTBD: 1 });
    expect(result.chargeablePositions).toBe(2);
  });

  it("returns totals of priced files", async () => {
    const result = await analyseTender(fixture("realistic.x84"), "realistic.x84");
    expect(result.totals).toEqual({
      total: 9166.55,
      stated: 9166.55,
      pricedItems: 4,
      computedItems: 0,
      discount: { percent: 5, amount: null, beforeDiscount: 9649 },
    });
  });

  it("returns only JSON-serialisable data", async () => {
    for (const name of ["boq.x83", "markup.x83", "minimal.x83", "nonconforming.x83", "priced.x84", "realistic.x84"]) {
      const result = await analyseTender(fixture(name), name);
      expect(JSON.parse(JSON.stringify(result)), name).toEqual(result);
    }
  });

  it("reports older GAEB formats as unsupported, with a German message", async () => {
    const d83 = await analyseTender(Buffer.from(gaeb90Sample(), "latin1"), "lv.d83");
    expect(d83).toMatchObject({ status: "unsupported", format: "gaeb-90", error: { code: "gaeb_90" }, prices: null, positions: [] });
    expect(d83.error?.message).toContain("wird noch nicht automatisch analysiert");
    const p83 = await analyseTender(Buffer.from(GAEB_2000_SAMPLE, "latin1"), "lv.p83");
    expect(p83).toMatchObject({ status: "unsupported", format: "gaeb-2000", error: { code: "gaeb_2000" } });
    const x2 = await analyseTender(Buffer.from("<GAEB><Vergabe/></GAEB>"), "lv.x83");
    expect(x2).toMatchObject({ status: "unsupported", format: "gaeb-xml", error: { code: "gaeb_2x" } });
    const docx = await analyseTender(Buffer.from("PK\u0003\u0004"), "lv.docx");
    expect(docx).toMatchObject({ status: "unsupported", format: "unknown", error: { code: "unknown_format" } });
  });

  it("reports broken files as failed", async () => {
    const truncated = fixture("boq.x83").subarray(0, 1000);
    expect(await analyseTender(truncated, "boq.x83")).toMatchObject({ status: "failed", error: { code: "truncated" } });
    const pdf = await analyseTender(Buffer.from("%PDF-1.4\nkaputt"), "lv.pdf");
    expect(pdf).toMatchObject({ status: "failed", format: "pdf", error: { code: "pdf_unreadable" }, findingCounts: { total: 0 } });
  });
});
