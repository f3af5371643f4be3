// A large but realistic GAEB DA XML 3.3 X83 for the LV-tab browser test and the benchmark:
// `lots` titles × `titlesPerLot` sub-titles × `itemsPerTitle` items (default 10 × 10 × 50 =
// 5 000 positions), each with quantity, unit, short and long text; every 97th item is a
// provisional item (Bedarfsposition) and every 89th a key item, so the tree shows badges, and
// every 50th includes "aller Nebenleistungen", so the pre-check has findings on positions.
import { category, gaebXml, item, itemlist } from "../../src/server/tender/testing/build-gaeb";

export interface LargeX83Options {
  lots?: number;
  titlesPerLot?: number;
  itemsPerTitle?: number;
}

export interface LargeX83 {
  buffer: Buffer<ArrayBuffer>;
  /** Item positions (without titles). */
  items: number;
  /** Titles of both levels. */
  titles: number;
  /** OZ of the first and the last item, e.g. "01.01.0010" and "10.10.0500". */
  firstOz: string;
  lastOz: string;
  /** Short text of the last item (unique in the LV). */
  lastShortText: string;
  lots: number;
  titlesPerLot: number;
  itemsPerTitle: number;
}

const WORKS = [
  "Innenputz Wand",
  "Estrich schwimmend",
  "Mauerwerk KS",
  "Fliesenbelag Boden",
  "Trockenbauwand",
  "Anstrich Dispersion",
  "Bewehrung BSt 500",
  "Schalung Wand",
];
const UNITS = ["m2", "m3", "m", "St", "t"];

const pad = (n: number, width: number) => String(n).padStart(width, "0");

export function largeX83(options: LargeX83Options = {}): LargeX83 {
  const { lots = 10, titlesPerLot = 10, itemsPerTitle = 50 } = options;
  const blocks: string[] = [];
  let n = 0;
  let lastShortText = "";
  for (let l = 1; l <= lots; l++) {
    const subs: string[] = [];
    for (let t = 1; t <= titlesPerLot; t++) {
      const list: string[] = [];
      for (let i = 1; i <= itemsPerTitle; i++) {
        n++;
        const work = WORKS[n % WORKS.length];
        const short = `${work} Nr. ${n}`;
        lastShortText = short;
        const extra = n % 97 === 0 ? "<Provis>WithoutTotal</Provis>" : n % 89 === 0 ? "<KeyIt>Yes</KeyIt>" : "";
        list.push(
          item({
            rno: pad(i * 10, 4),
            qty: `${(n % 400) + 1}.250`,
            unit: UNITS[n % UNITS.length],
            short,
            long: `${work} nach DIN 18350 und Herstellerangaben herstellen, Position ${l}.${t}.${i}, Untergrund prüfen, Anschlüsse an angrenzende Bauteile sauber ausbilden${n % 50 === 0 ? ", einschließlich aller Nebenleistungen" : ""}.`,
            extra,
          }),
        );
      }
      subs.push(category(pad(t, 2), `Abschnitt ${l}.${t}`, itemlist(...list)));
    }
    blocks.push(category(pad(l, 2), `Bauabschnitt ${l}`, subs.join("")));
  }
  const buffer = Buffer.from(gaebXml({ body: blocks.join(""), breakdown: ["BoQLevel", "BoQLevel", "Item"] }), "utf8");
  return {
    buffer,
    items: n,
    titles: lots + lots * titlesPerLot,
    firstOz: `01.01.${pad(10, 4)}`,
    lastOz: `${pad(lots, 2)}.${pad(titlesPerLot, 2)}.${pad(itemsPerTitle * 10, 4)}`,
    lastShortText,
    lots,
    titlesPerLot,
    itemsPerTitle,
  };
}
