import { describe, expect, it } from "vitest";
import type { TreeRow } from "./boq-tree";
import { treeKeyAction } from "./tree-keys";

// 0: title (open) › 1: item, 2: item; 3: title (closed); 4: item at the top.
const rows: TreeRow[] = [
  { index: 0, level: 1, setSize: 3, posInSet: 1, expanded: true },
  { index: 1, level: 2, setSize: 2, posInSet: 1, expanded: undefined },
  { index: 2, level: 2, setSize: 2, posInSet: 2, expanded: undefined },
  { index: 3, level: 1, setSize: 3, posInSet: 2, expanded: false },
  { index: 4, level: 1, setSize: 3, posInSet: 3, expanded: undefined },
];
const parentRow = (row: number) => (row === 1 || row === 2 ? 0 : -1);
const act = (key: string, active: number) => treeKeyAction(key, rows, active, parentRow, 2);

describe("LV tree keyboard", () => {
  it("moves up and down, to the first and last row and by pages, within the rows", () => {
    expect(act("ArrowDown", 1)).toEqual({ type: "focus", row: 2 });
    expect(act("ArrowDown", 4)).toEqual({ type: "focus", row: 4 });
    expect(act("ArrowUp", 0)).toEqual({ type: "focus", row: 0 });
    expect(act("ArrowDown", -1)).toEqual({ type: "focus", row: 0 });
    expect(act("Home", 3)).toEqual({ type: "focus", row: 0 });
    expect(act("End", 0)).toEqual({ type: "focus", row: 4 });
    expect(act("PageDown", 1)).toEqual({ type: "focus", row: 3 });
    expect(act("PageUp", 1)).toEqual({ type: "focus", row: 0 });
  });

  it("opens a closed title with Right and goes into an open one; Left closes it or goes to the parent", () => {
    expect(act("ArrowRight", 3)).toEqual({ type: "expand", row: 3 });
    expect(act("ArrowRight", 0)).toEqual({ type: "focus", row: 1 });
    expect(act("ArrowRight", 4)).toEqual({ type: "focus", row: 4 });
    expect(act("ArrowLeft", 0)).toEqual({ type: "collapse", row: 0 });
    expect(act("ArrowLeft", 2)).toEqual({ type: "focus", row: 0 });
    expect(act("ArrowLeft", 3)).toEqual({ type: "focus", row: 3 });
  });

  it("selects with Enter and Space and leaves other keys alone", () => {
    expect(act("Enter", 2)).toEqual({ type: "select", row: 2 });
    expect(act(" ", 4)).toEqual({ type: "select", row: 4 });
    expect(act("a", 1)).toBeNull();
    expect(act("Tab", 1)).toBeNull();
    expect(treeKeyAction("ArrowDown", [], -1, parentRow)).toBeNull();
  });
});
