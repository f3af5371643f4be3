import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseTender } from "./index";

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

  it("reads GAEB 90 and GAEB 2000 files into the same analysis as the X83", async () => {
    const x83 = await analyseTender(fixture("rohbau-27.x83"), "rohbau-27.x83");
    const shape = (a: typeof x83) => a.positions.filter((p) => p.kind === "item").map((p) => [p.oz, p.qty, p.unit, p.shortText]);
    for (const [name, format] of [
      ["rohbau-27.d83", "gaeb-90"],
      ["rohbau-27.p83", "gaeb-2000"],
    ] as const) {
      const legacy = await analyseTender(fixture(name), name);
      expect(legacy).toMatchObject({ status: "done", format, phase: 83 });
      expect(shape(legacy)).toEqual(shape(x83));
      expect(legacy.counts).toEqual(x83.counts);
      expect(legacy.findingCounts?.byRule).toEqual(x83.findingCounts?.byRule);
    }
    const p84 = await analyseTender(fixture("rohbau-27.p84"), "rohbau-27.p84");
    expect(p84.totals).toMatchObject({ total: 345886.15, stated: 345886.15 });
  });

  it("merges a price-only P84 into the project's earlier LV of any GAEB format, and asks for it when missing", async () => {
    const alone = await analyseTender(fixture("rohbau-27-preise.p84"), "preise.p84");
    expect(alone).toMatchObject({ status: "failed", format: "gaeb-2000", error: { code: "price_only_without_base" } });
    const merged = await analyseTender(fixture("rohbau-27-preise.p84"), "preise.p84", {
      base: { data: fixture("rohbau-27.d83"), fileName: "rohbau-27.d83" },
    });
    expect(merged).toMatchObject({
      status: "done",
      format: "gaeb-2000",
      baseFileName: "rohbau-27.d83",
      totals: { total: 345886.15, stated: 345886.15 },
    });
    expect(merged.positions.filter((p) => p.kind === "item")).toHaveLength(27);
    expect(merged.warnings).toContain("Die Preise dieser Angebotsdatei wurden in das LV „rohbau-27.d83“ übernommen: 27 von 27 Positionen.");
  });

  it("reports other unsupported formats with a German message", async () => {
    const x2 = await analyseTender(Buffer.from("<GAEB><Vergabe/></GAEB>"), "lv.x83");
    expect(x2).toMatchObject({ status: "unsupported", format: "gaeb-xml", error: { code: "gaeb_2x" } });
    const docx = await analyseTender(Buffer.from("PK\u0003\u0004"), "lv.docx");
    expect(docx).toMatchObject({ status: "unsupported", format: "unknown", error: { code: "unknown_format" } });
    const d89 = await analyseTender(Buffer.from(`00        89L${" ".repeat(62)}000001\r\n`, "latin1"), "rechnung.d89");
    expect(d89).toMatchObject({ status: "unsupported", format: "gaeb-90", error: { code: "unsupported_phase" } });
  });

  it("reports broken files as failed", async () => {
    const truncated = fixture("boq.x83").subarray(0, 1000);
    expect(await analyseTender(truncated, "boq.x83")).toMatchObject({ status: "failed", error: { code: "truncated" } });
    const pdf = await analyseTender(Buffer.from("%PDF-1.4\nkaputt"), "lv.pdf");
    expect(pdf).toMatchObject({ status: "failed", format: "pdf", error: { code: "pdf_unreadable" }, findingCounts: { total: 0 } });
  });
});
