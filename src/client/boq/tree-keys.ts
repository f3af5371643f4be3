// Keyboard use of the LV tree after the WAI-ARIA tree pattern: Up/Down move, Right opens a title
// or goes to its first child, Left closes it or goes to the parent, Home/End, Page Up/Down,
// Enter/Space select. Pure, so the pattern is tested without a browser.
import type { TreeRow } from "./boq-tree";

export type TreeKeyAction =
  { type: "focus"; row: number } | { type: "expand"; row: number } | { type: "collapse"; row: number } | { type: "select"; row: number };

/**
 * What `key` does on row `active` (-1: none yet). `parentRow(row)` is the row of its parent (-1 at
 * the top); `page` the number of rows a Page Up/Down moves. null: the key is not the tree's.
 */
export function treeKeyAction(
  key: string,
  rows: readonly TreeRow[],
  active: number,
  parentRow: (row: number) => number,
  page = 10,
): TreeKeyAction | null {
  const last = rows.length - 1;
  if (last < 0) return null;
  const at = Math.min(Math.max(active, 0), last);
  const focus = (row: number): TreeKeyAction => ({ type: "focus", row: Math.min(Math.max(row, 0), last) });
  const row = rows[at];
  switch (key) {
    case "ArrowDown":
      return focus(active < 0 ? 0 : at + 1);
    case "ArrowUp":
      return focus(active < 0 ? 0 : at - 1);
    case "Home":
      return focus(0);
    case "End":
      return focus(last);
    case "PageDown":
      return focus(at + page);
    case "PageUp":
      return focus(at - page);
    case "ArrowRight":
      if (row.expanded === false) return { type: "expand", row: at };
      if (row.expanded === true) return focus(at + 1);
      return focus(at);
    case "ArrowLeft": {
      if (row.expanded === true) return { type: "collapse", row: at };
      const up = parentRow(at);
      return focus(up >= 0 ? up : at);
    }
    case "Enter":
    case " ":
      return { type: "select", row: at };
    default:
      return null;
  }
}
