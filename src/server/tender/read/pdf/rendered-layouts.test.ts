// The 27-item Rohbau LV printed by Chromium in three AVA-like layouts (scripts/render-lv-fixtures.ts)
// read back and compared with the GAEB file it was printed from (and the X84's prices).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readGaebXml } from "../gaeb-xml/reader";
import type { BoqNode, ParsedTender } from "../../types";
import { DEFAULT_LIMITS } from "../../limits";
import { extractText } from "./extract-runs";
import { readTenderPdf } from "./index";

const FIXTURES = join(import.meta.dirname, "../../fixtures");
const source = readGaebXml(readFileSync(join(FIXTURES, "rohbau-27.x83")));
const prices = readGaebXml(readFileSync(join(FIXTURES, "rohbau-27-preise.x84")));
const sourceItems = source.positions.filter((p) => p.kind === "item");
const sourceTitles = source.positions.filter((p) => p.kind === "title");
const priceOf = (oz: string) => prices.positions.find((p) => p.oz === oz);

const ws = (s: string) => s.replace(/\s+/g, " ").trim();
const readRendered = (name: string) => readTenderPdf(readFileSync(join(FIXTURES, "rendered", name)));

/** What differs between a read item and the GAEB item (whitespace in long texts aside). */
function differences(read: BoqNode | undefined, expected: BoqNode): string[] {
  if (!read) return ["missing"];
  const diffs: string[] = [];
  if (read.shortText !== expected.shortText) diffs.push("shortText");
  if (read.qty !== expected.qty) diffs.push("qty");
  if (read.unit !== expected.unit) diffs.push("unit");
  if (ws(read.longText) !== ws(expected.longText)) diffs.push("longText");
  if (read.bidderGaps !== expected.bidderGaps) diffs.push("bidderGaps");
  if (read.parentOz !== expected.parentOz) diffs.push("parentOz");
  return diffs;
}

interface Layout {
  file: string;
  priced: boolean;
  /** Items whose long text is byte-for-byte the GAEB text (paragraph breaks included). */
  exactLongTexts: number;
}

const LAYOUTS: Layout[] = [
  // (A) classic table, header row on every page, paragraphs set apart by spacing.
  { file: "classic.pdf", priced: false, exactLongTexts: 27 },
  { file: "classic-priced.pdf", priced: true, exactLongTexts: 27 },
  // (B) quantities on the last text line, no header row; paragraphs are not set apart at all, so a
  // break before a word that would not have fitted on the line above cannot be seen (7 items).
  { file: "compact.pdf", priced: false, exactLongTexts: 20 },
  // (C) landscape with a keyword column; one such invisible break (05.0010).
  { file: "landscape.pdf", priced: true, exactLongTexts: 26 },
];

describe.each(LAYOUTS)("rendered LV $file", ({ file, priced, exactLongTexts }) => {
  let parsed: ParsedTender;
  let items: BoqNode[];
  beforeAll(async () => {
    parsed = await readRendered(file);
    items = parsed.positions.filter((p) => p.kind === "item");
  });

  it("reads exactly the 27 items and 5 titles of the GAEB file, in order, and nothing else", () => {
    expect(items.map((i) => i.oz)).toEqual(sourceItems.map((i) => i.oz));
    expect(parsed.positions.filter((p) => p.kind === "title").map((t) => [t.oz, t.shortText])).toEqual(
      sourceTitles.map((t) => [t.oz, t.shortText]),
    );
    expect(parsed.positions).toHaveLength(32);
    expect(parsed.positions.map((p) => p.kind)).toEqual(source.positions.map((p) => p.kind));
  });

  it("reads OZ, quantity, unit, short text, long text and bidder gaps of all 27 items", () => {
    const wrong = sourceItems
      .map((e) => [
        e.oz,
        differences(
          items.find((i) => i.oz === e.oz),
          e,
        ),
      ])
      .filter(([, d]) => d.length);
    expect(wrong).toEqual([]);
    expect(items.reduce((n, i) => n + i.bidderGaps, 0)).toBe(2);
    const exact = sourceItems.filter((e) => items.find((i) => i.oz === e.oz)?.longText === e.longText).length;
    expect(exact).toBe(exactLongTexts);
  });

  it("keeps position kinds stated in the text", () => {
    const byOz = (oz: string) => items.find((i) => i.oz === oz) as BoqNode;
    expect(byOz("01.0010").flags.lumpSum).toBe(true);
    expect(byOz("01.0030").flags.provisional).toBe("WithoutTotal");
    expect(byOz("03.0090").flags.hourly).toBe(true);
    expect(byOz("04.0020").flags.alternative).not.toBeNull();
  });

  it(priced ? "reads unit prices and totals equal to the X84" : "reads no prices from the blank price columns", () => {
    if (priced) {
      const wrong = items.filter((i) => i.unitPrice !== priceOf(i.oz)?.unitPrice || i.total !== priceOf(i.oz)?.total || i.totalComputed);
      expect(wrong.map((i) => [i.oz, i.unitPrice, i.total])).toEqual([]);
      // Two provisional items "ohne Gesamtbetrag" and one alternative do not count towards the total.
      expect(parsed.totals.pricedItems).toBe(24);
    } else {
      expect(items.every((i) => i.unitPrice === null && i.total === null)).toBe(true);
      expect(parsed.totals.total).toBeNull();
    }
  });

  it("reports nothing it could not read", () => {
    expect(parsed.format).toBe("pdf");
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toContain("aus dem Layout der PDF-Datei erkannt");
  });
});

describe("rendered LV details", () => {
  it.each([
    ["classic.pdf", "02.0030", "Deponie (vom Bieter anzugeben):"], // and the bidder blank after it
    ["classic.pdf", "03.0090", "Nachweis durch Stundenlohnzettel."],
    ["compact.pdf", "02.0050.", "Tauchpumpe einrichten und betreiben, je Woche."], // and the quantity
    ["landscape.pdf", "04.0030", "Dünnbettmörtel."],
  ])("%s: %s starts on one page and its text continues on the next", async (file, oz, next) => {
    const { pages } = await extractText(readFileSync(join(FIXTURES, "rendered", file)), DEFAULT_LIMITS);
    const pageOf = (text: string) => pages.find((p) => p.runs.some((r) => r.str.includes(text)))?.number ?? 0;
    expect(pageOf(next)).toBe(pageOf(oz) + 1);
    const item = (await readRendered(file)).positions.find((p) => p.oz === oz.replace(/\.$/, "")) as BoqNode;
    expect(ws(item.longText)).toContain(next);
  });

  it("classic print: exact texts, the preamble, and items that continue on the next page", async () => {
    const parsed = await readRendered("classic.pdf");
    const byOz = (oz: string) => parsed.positions.find((p) => p.oz === oz) as BoqNode;
    // 02.0030 starts on page 1 and ends on page 2; its bidder blank is a dotted line.
    expect(byOz("02.0030").longText).toBe(
      "Überschüssigen Aushub laden, abfahren und einer zugelassenen Deponie zuführen, einschließlich Deponiegebühren.\n" +
        "Deponie (vom Bieter anzugeben):\n[Bieterangabe: …] Zuordnungsklasse Z 1.1 nach LAGA.",
    );
    expect(byOz("02.0030").bidderGaps).toBe(1);
    // 03.0090 has its OZ row on page 2 and its whole long text on page 3.
    expect(byOz("03.0090")).toMatchObject({
      qty: 40,
      unit: "h",
      longText: "Stundenlohnarbeiten nach Anordnung der Bauleitung, Facharbeiter.\nNachweis durch Stundenlohnzettel.",
    });
    // Numbers inside long texts ("Dicke 24 cm", "Höhe bis 2,75 m") are no quantities.
    expect(byOz("03.0040")).toMatchObject({
      qty: 96.5,
      unit: "m3",
      longText: "Wände aus Stahlbeton C25/30, XC1, Dicke 24 cm, Höhe bis 2,75 m.",
    });
    expect(byOz("01.0010").shortText).toBe("Baustelleneinrichtung einrichten und räumen"); // printed over two lines
    expect(parsed.preamble).toBe(
      [
        "Leistungsverzeichnis LV 100 Rohbauarbeiten",
        "Projekt: Neubau Mehrfamilienhaus Lindenweg 7 – Rohbau",
        "Vorbemerkungen",
        "1. Für die Ausführung gelten die VOB Teil B und Teil C in der bei Vertragsschluss gültigen Fassung, insbesondere die ATV DIN 18299, DIN 18300, DIN 18331 und DIN 18330.",
        "2. Die Baustelle ist über die Zufahrt Lindenweg erreichbar. Die Zufahrt ist für Fahrzeuge bis 40 t zugelassen; Lagerflächen stehen auf dem Grundstück in begrenztem Umfang zur Verfügung.",
        "3. Die Mengen sind nach den Ausführungsplänen ermittelt. Mehr- oder Mindermengen bis 10 % berechtigen nicht zu einer Änderung der Einheitspreise.",
      ].join("\n"),
    );
    // Running header, footer ("Seite 2 von 4") and the repeated header row are in no text.
    const allText = parsed.positions.map((p) => `${p.shortText} ${p.longText}`).join(" ");
    expect(allText).not.toMatch(/Seite \d|Architekturbüro|Leistungsbeschreibung|Menge ME|Summe Titel/);
  });

  it("priced classic print: title subtotals from the items, the summary page adds no titles", async () => {
    const parsed = await readRendered("classic-priced.pdf");
    const title = (oz: string) => parsed.positions.find((p) => p.kind === "title" && p.oz === oz) as BoqNode;
    expect(title("03").total).toBe(priceOf("03")?.total);
    expect(parsed.positions.filter((p) => p.kind === "title")).toHaveLength(5);
  });

  it("compact print: quantities from the last line of the text block, OZ without its trailing dot", async () => {
    const parsed = await readRendered("compact.pdf");
    const byOz = (oz: string) => parsed.positions.find((p) => p.oz === oz) as BoqNode;
    expect(byOz("02.0020")).toMatchObject({ oz: "02.0020", qty: 1240.5, unit: "m3", shortText: "Baugrube ausheben, Homogenbereich B1" });
    expect(byOz("02.0050")).toMatchObject({
      qty: 6,
      unit: "Wo",
      longText: source.positions.find((p) => p.oz === "02.0050")?.longText.replace("\n", " "),
    });
    expect(byOz("04.0020").longText).toBe(
      "Wahlposition zu Pos. 04.0010: Mauerwerk aus Planziegeln, Dicke 17,5 cm, Fabrikat (vom Bieter anzugeben):\n[Bieterangabe: …]",
    );
    expect(byOz("04.0030").longText).toBe("Außenmauerwerk aus Porenbeton-Plansteinen PP2-0,35, Dicke 24 cm, Dünnbettmörtel.");
    expect(parsed.preamble).toBe("Leistungsverzeichnis · LV 100 Rohbauarbeiten MFH Lindenweg 7");
  });

  it("landscape print: the keyword column is not part of the text; ligatures are whole words", async () => {
    const parsed = await readRendered("landscape.pdf");
    const byOz = (oz: string) => parsed.positions.find((p) => p.oz === oz) as BoqNode;
    expect(byOz("03.0020").longText).toBe(
      "Bodenplatte aus Stahlbeton C30/37, Expositionsklassen XC2, XF1, Dicke 30 cm, einschließlich Verdichten und Abziehen.\nOberfläche flügelgeglättet.",
    );
    expect(byOz("02.0050").shortText).toBe("Offene Wasserhaltung betreiben");
    expect(
      parsed.positions.some((p) => /Baustelle |Erdbau|Mauerwerk /.test(`${p.longText} `) && p.kind === "item" && p.oz.startsWith("01")),
    ).toBe(false);
  });
});
