// Tesseract's hOCR → text runs: points from pixels, the page's skew turned back, specks and dot
// leaders left out, a word widened by a speck trimmed back into its column.
import { describe, expect, it } from "vitest";
import { hocrToPage, parseHocr } from "./hocr-runs";

const word = (x0: number, y0: number, x1: number, y1: number, text: string) =>
  `<span class='ocrx_word' id='w' title='bbox ${x0} ${y0} ${x1} ${y1}; x_wconf 90'>${text}</span>`;
const line = (x0: number, y0: number, x1: number, y1: number, slope: number, offset: number, words: string[]) =>
  `<span class='ocr_line' id='l' title="bbox ${x0} ${y0} ${x1} ${y1}; baseline ${slope} ${offset}; x_size 40; x_descenders 9; x_ascenders 10">${words.join("")}</span>`;
const A4 = { number: 1, width: 595.92, height: 842.88 };

describe("hOCR to text runs", () => {
  it("at 300 dpi: x in points, y the baseline (line bottom + offset: 1040 px), size from x_size", () => {
    const page = hocrToPage(
      line(300, 1000, 900, 1050, 0, -10, [word(300, 1000, 600, 1040, "01.0010"), word(700, 1000, 900, 1040, "m&amp;2")]),
      300,
      A4,
    );
    expect(page.runs.map((r) => [r.str, ...[r.x, r.y, r.width].map((v) => Math.round(v * 1000) / 1000)])).toEqual([
      ["01.0010", 72, 249.6, 72],
      ["m&2", 168, 249.6, 48],
    ]);
    expect(page.runs[0].size).toBeCloseTo(40 * 0.24 * 1.06, 5);
    expect(page.runs[0].bold).toBe(false);
  });

  it("a page skewed by 0.6°: the words of a row share one baseline and a column its left edge", () => {
    const slope = Math.tan((0.6 * Math.PI) / 180);
    const rows = [500, 1500, 2500].map((top) => {
      // Turned clockwise: a row's left end moves left as it goes down (x − y·tan), its right end down (y + x·tan).
      const shift = -top * slope;
      const rightDrop = 1700 * slope;
      return line(200 + shift, top, 1900 + shift, top + 60, slope, -10, [
        word(200 + shift, top, 450 + shift, top + 40, "02.0010"),
        word(1700 + shift, top + rightDrop, 1900 + shift, top + 40 + rightDrop, "850,000"),
      ]);
    });
    const runs = hocrToPage(rows.join(""), 300, A4).runs;
    const lefts = runs.filter((r) => r.str === "02.0010").map((r) => r.x);
    expect(Math.max(...lefts) - Math.min(...lefts)).toBeLessThan(0.5);
    for (let i = 0; i < runs.length; i += 2) expect(Math.abs(runs[i].y - runs[i + 1].y)).toBeLessThan(0.5);
  });

  it("leaves out specks, rules and dot leaders, keeps blanks and real words", () => {
    const [parsed] = parseHocr(
      line(100, 100, 2000, 150, 0, -10, [
        word(100, 100, 300, 140, "Beton"),
        word(320, 100, 330, 140, "|"),
        word(400, 130, 700, 136, "kennen"), // 6 px high: a dotted price blank
        word(800, 100, 1000, 140, "……….."),
      ]),
    );
    expect(parsed.words.map((w) => w.text)).toEqual(["Beton", "……….."]);
  });

  it("trims a first character whose box a speck has widened", () => {
    const chars = [
      [80, 196, "0"],
      [200, 222, "2"],
      [238, 260, "0"],
      [263, 285, "1"],
    ]
      .map(([x0, x1, c]) => `<span class='ocrx_cinfo' title='x_bboxes ${x0} 3017 ${x1} 3050; x_conf 99'>${c}</span>`)
      .join("");
    const hocr = `<span class='ocr_line' id='l' title="bbox 80 2996 285 3051; baseline 0 -1; x_size 40"><span class='ocrx_word' id='w' title='bbox 80 2996 285 3051; x_wconf 34'>${chars}</span></span>`;
    expect(parseHocr(hocr)[0].words).toEqual([{ text: "0201", x0: 174, x1: 285 }]);
  });
});
