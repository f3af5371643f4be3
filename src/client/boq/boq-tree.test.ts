import { describe, expect, it } from "vitest";
import { allSections, buildTreeIndex, rowFor, treeRows } from "./boq-tree";
import type { BoqPosition } from "../../common/types";

let seq = 0;
const pos = (kind: BoqPosition["kind"], level: number, oz: string, shortText: string, longText: string | null = null): BoqPosition => ({
  seq: ++seq,
  kind,
  level,
  oz,
  parentOz: null,
  shortText,
  longText,
  qty: null,
  unit: null,
  unitPrice: null,
  total: null,
  kinds: [kind],
});

// 01 Erdarbeiten (01.01 Aushub: 2 items, 01.02 Verfüllung: 1 item), 02 Beton (1 item, 1 remark).
function lv() {
  seq = 0;
  return [
    pos("title", 0, "01", "Erdarbeiten"),
    pos("title", 1, "01.01", "Aushub"),
    pos("item", 2, "01.01.0010", "Oberboden abtragen", "Oberboden 30 cm abtragen und seitlich lagern"),
    pos("item", 2, "01.01.0020", "Baugrube ausheben", "Boden Klasse 3–5"),
    pos("title", 1, "01.02", "Verfüllung"),
    pos("item", 2, "01.02.0010", "Arbeitsraum verfüllen"),
    pos("title", 0, "02", "Beton"),
    pos("item", 1, "02.0010", "Bodenplatte C30/37", "Beton mit Bewehrung"),
    pos("remark", 1, "", "Hinweis zur Ausführung"),
  ];
}
const ozs = (index: ReturnType<typeof buildTreeIndex>, rows: { index: number }[]) => rows.map((r) => index.positions[r.index].oz);

describe("LV tree rows", () => {
  it("nests by level and gives each row its level, set size and position among its siblings", () => {
    const index = buildTreeIndex(lv());
    expect(index.items).toBe(4);
    const { rows, matchedItems } = treeRows(index, "", new Set());
    expect(matchedItems).toBe(4);
    expect(rows).toHaveLength(9);
    expect(rows.map((r) => [index.positions[r.index].oz, r.level, r.posInSet, r.setSize, r.expanded])).toEqual([
      ["01", 1, 1, 2, true],
      ["01.01", 2, 1, 2, true],
      ["01.01.0010", 3, 1, 2, undefined],
      ["01.01.0020", 3, 2, 2, undefined],
      ["01.02", 2, 2, 2, true],
      ["01.02.0010", 3, 1, 1, undefined],
      ["02", 1, 2, 2, true],
      ["02.0010", 2, 1, 2, undefined],
      ["", 2, 2, 2, undefined],
    ]);
  });

  it("hides the positions of a collapsed title but keeps the title and its siblings", () => {
    const index = buildTreeIndex(lv());
    const { rows } = treeRows(index, "", new Set([1]));
    expect(ozs(index, rows)).toEqual(["01", "02", "02.0010", ""]);
    expect(rows[0]).toMatchObject({ expanded: false, setSize: 2 });
    expect(ozs(index, treeRows(index, "", allSections(index)).rows)).toEqual(["01", "02"]);
  });

  it("finds positions by OZ, short and long text, with the titles above them, regardless of what was collapsed", () => {
    const index = buildTreeIndex(lv());
    const byLongText = treeRows(index, "bewehrung", new Set());
    expect(ozs(index, byLongText.rows)).toEqual(["02", "02.0010"]);
    expect(byLongText.rows[1]).toMatchObject({ level: 2, posInSet: 1, setSize: 1 });
    expect(byLongText.matchedItems).toBe(1);
    expect(ozs(index, treeRows(index, "01.01.0020", new Set()).rows)).toEqual(["01", "01.01", "01.01.0020"]);
    // The search brings its own collapse state; a title collapsed in it hides its hits.
    expect(ozs(index, treeRows(index, "ober", new Set()).rows)).toEqual(["01", "01.01", "01.01.0010"]);
    expect(ozs(index, treeRows(index, "ober", new Set([2])).rows)).toEqual(["01", "01.01"]);
  });

  it("finds an item by the text of its Unterbeschreibung", () => {
    const positions = lv();
    const item = positions.find((p) => p.oz === "02.0010")!;
    item.subDescriptions = [{ no: "1", shortText: "Unterkonstruktion", longText: "Stahlblechprofile, verzinkt", qty: 0, unit: "" }];
    const index = buildTreeIndex(positions);
    expect(ozs(index, treeRows(index, "stahlblech", new Set()).rows)).toEqual(["02", "02.0010"]);
  });

  it("shows all positions of a title whose name matches", () => {
    const index = buildTreeIndex(lv());
    const { rows, matchedItems } = treeRows(index, "Aushub", new Set());
    expect(ozs(index, rows)).toEqual(["01", "01.01", "01.01.0010", "01.01.0020"]);
    expect(matchedItems).toBe(2);
    expect(treeRows(index, "gibt es nicht", new Set()).rows).toEqual([]);
  });

  it("lets the nearest shown title stand in for a hidden row", () => {
    const index = buildTreeIndex(lv());
    const { rows } = treeRows(index, "", new Set([2]));
    const rowBySeq = new Map(rows.map((r, k) => [index.positions[r.index].seq, k]));
    expect(rowFor(index, rowBySeq, 3)).toBe(1); // 01.01.0010 → 01.01
    expect(rowFor(index, rowBySeq, 6)).toBe(3); // 01.02.0010 is shown
    expect(rowFor(index, rowBySeq, null)).toBe(-1);
  });

  it("keeps a flat LV without titles at one level with the full count", () => {
    seq = 0;
    const flat = Array.from({ length: 5000 }, (_, i) => pos("item", 0, String(i + 1).padStart(4, "0"), `Position ${i + 1}`));
    const index = buildTreeIndex(flat);
    const { rows } = treeRows(index, "", new Set());
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toMatchObject({ level: 1, posInSet: 5000, setSize: 5000, expanded: undefined });
  });
});
