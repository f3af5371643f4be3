// A 300-page LV is read in a few seconds: every step is linear in the text runs. Measured as CPU
// time of this process (PDF.js included), which a busy machine does not inflate as it does the
// wall clock.

import { describe, expect, it } from "vitest";
import { readTenderPdf } from "./index";
import { buildPdf, type TextRun } from "./testing/build-pdf";

function bigLv(pageCount: number): Buffer {
  const pages: TextRun[][] = [];
  let n = 0;
  for (let p = 0; p < pageCount; p++) {
    const runs: TextRun[] = [
      [50, 810, "Neubau MFH Lindenweg 7 - LV 100 Rohbauarbeiten"],
      [480, 30, `Seite ${p + 1} von ${pageCount}`],
    ];
    for (let i = 0; i < 10; i++) {
      n++;
      const y = 780 - i * 72;
      const oz = `${String(Math.ceil(n / 500)).padStart(2, "0")}.${String(n).padStart(4, "0")}`;
      runs.push(
        [50, y, oz],
        [110, y, `Position ${n} Kurztext`, { bold: true }],
        [400, y, `${n},000`],
        [450, y, "m2"],
        [490, y, "........"],
        [540, y, "........"],
      );
      for (let l = 1; l <= 4; l++)
        runs.push([110, y - l * 12, `Langtext Zeile ${l} der Position ${n}, Dicke ${l * 10} cm, Höhe bis 2,75 m`]);
    }
    pages.push(runs);
  }
  return buildPdf(pages, { flate: true });
}

describe("performance", () => {
  it("reads a 300-page PDF with 3,000 items in a few seconds", { timeout: 120_000 }, async () => {
    const pdf = bigLv(300);
    await readTenderPdf(bigLv(1)); // load PDF.js once
    const before = process.cpuUsage();
    const parsed = await readTenderPdf(pdf);
    const cpu = process.cpuUsage(before);
    const items = parsed.positions.filter((p) => p.kind === "item");
    expect(items).toHaveLength(3000);
    expect(items[2999]).toMatchObject({ oz: "06.3000", qty: 3000, unit: "m2", shortText: "Position 3000 Kurztext" });
    expect(items.every((i) => !/Seite|Lindenweg/.test(i.longText))).toBe(true);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(8_000);
  });
});
