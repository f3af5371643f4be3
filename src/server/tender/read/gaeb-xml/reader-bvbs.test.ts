// The BVBS/GAEB check files (Prüfdateien GAEB DA XML 3.3, AVA X81/X84/X86 and Bauausführung
// X83/X84) read with their stated totals to the cent. The files are published by BVBS for
// implementers but are not ours to redistribute, so they are not in the repository: the test reads
// them from GAEB_PUBLIC_DIR (default tmp/gaeb-public, git-ignored) and is skipped, saying so,
// where they are missing. Origin and checksums: src/server/tender/fixtures/public/README.md.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ParsedTender } from "../../types";
import { mergePrices } from "../merge-prices";
import { readGaebXml } from "./reader";

const DIR = resolve(process.env.GAEB_PUBLIC_DIR ?? resolve(import.meta.dirname, "../../../../../tmp/gaeb-public"));
const AVA = "BVBS_Pruefdatei GAEB DA XML 3.3 - AVA - V 11 06 2021";
const FILES = {
  avaX81: `${AVA}.X81`,
  avaX84: `${AVA}.X84`,
  avaX86: `${AVA}.X86`,
  bauX83: "Pruefdatei GAEB DA XML 3.3 - Bauausfuehrung - V 04 04 2024.x83",
  bauX84: "BVBS_Pruefdatei GAEB DA XML 3.3 - Bauausfuehrung - V 11 06 2021.x84",
};
const missing = Object.values(FILES).filter((f) => !existsSync(join(DIR, f)));
if (missing.length) console.warn(`BVBS-Prüfdateien übersprungen: in ${DIR} fehlen ${missing.join(", ")} (GAEB_PUBLIC_DIR)`);
const read = (name: string) => readGaebXml(readFileSync(join(DIR, name)));
const items = (t: ParsedTender) => t.positions.filter((p) => p.kind === "item");

/** Every lot/title with Totals in the file has the total the file states (after discount or lump sum). */
function expectSectionsAsStated(t: ParsedTender) {
  const sections = t.positions.filter((p) => p.section);
  expect(sections.length).toBeGreaterThan(0);
  for (const c of sections) {
    const s = c.section!;
    expect(c.total, `Abschnitt ${c.oz}`).toBe(s.lumpSum ?? s.statedAfterDiscount ?? s.stated);
  }
}

describe.skipIf(missing.length > 0)("BVBS Prüfdateien GAEB DA XML 3.3", () => {
  it("AVA X86 (Auftragserteilung): 68 items, 1 421 003 968.15 € as stated, every section as stated", () => {
    const t = read(FILES.avaX86);
    expect(t.phase).toBe(86);
    expect(items(t)).toHaveLength(68);
    expect(t.totals).toMatchObject({ total: 1421003968.15, stated: 1421003968.15 });
    expect(t.warnings.some((w) => w.includes("weicht"))).toBe(false);
    expectSectionsAsStated(t);
    // 1.10.40 is the alternative section of group 100: summed for itself, not counted in 1.10.
    expect(t.positions.find((p) => p.oz === "1.10.40")).toMatchObject({ total: 1212, flags: { alternative: { group: "100", serial: 1 } } });
    expect(t.positions.find((p) => p.oz === "1.20")).toMatchObject({ total: 20000, section: { lumpSum: 20000, subtotal: 23705.51 } });
    // The Trennwand's Unterbeschreibungen: Unterkonstruktion, Dämmschicht, Beplankung.
    expect(t.positions.find((p) => p.oz === "1.10.15.10")?.subDescriptions?.map((s) => s.shortText)).toEqual([
      "Unterkonstruktion verz.Stahlblech",
      "Dämmschicht mineralisch '40'",
      "Beplankung,beids. GKF 12,5 mm",
    ]);
  });

  it("AVA X81 (Leistungsbeschreibung): 68 items without prices, alternative section and sub-descriptions", () => {
    const t = read(FILES.avaX81);
    expect(t.phase).toBe(81);
    expect(items(t)).toHaveLength(68);
    expect(t.totals.total).toBeNull();
    expect(t.positions.find((p) => p.oz === "1.10.40")?.flags.alternative).toEqual({ group: "100", serial: 1 });
    expect(t.positions.find((p) => p.oz === "1.10.15.10")?.subDescriptions).toHaveLength(3);
  });

  it("AVA X84 (Angebotsabgabe) is price-only despite its bidder fields; with the X81: 74 of 74 prices, 1 421 003 968.15 €", () => {
    const prices = read(FILES.avaX84);
    expect(prices.priceOnly).toBe(true);
    const merged = mergePrices(read(FILES.avaX81), prices, FILES.avaX81);
    expect(merged.warnings).toEqual([
      `Die Preise dieser Angebotsdatei wurden in das LV „${FILES.avaX81}“ übernommen: 74 von 74 Positionen.`,
    ]);
    expect(merged.totals).toMatchObject({ total: 1421003968.15, stated: 1421003968.15 });
    expectSectionsAsStated(merged);
  });

  it("Bauausführung X83: 27 items; its X84 is price-only and merged gives the stated 2 000 000.00 €", () => {
    const lv = read(FILES.bauX83);
    expect(lv.phase).toBe(83);
    expect(items(lv)).toHaveLength(27);
    expect(items(lv).filter((p) => p.subDescriptions?.length)).toHaveLength(1);
    const prices = read(FILES.bauX84);
    expect(prices.priceOnly).toBe(true);
    const merged = mergePrices(lv, prices, FILES.bauX83);
    expect(merged.totals).toMatchObject({ total: 2000000, stated: 2000000 });
    expect(merged.warnings.some((w) => w.includes("weicht") || w.includes("fehlen"))).toBe(false);
    expectSectionsAsStated(merged);
  });
});
