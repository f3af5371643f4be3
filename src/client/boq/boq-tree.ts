// The LV as a tree (lots and titles with their positions) and the list of rows the virtual tree
// shows: depending on which titles are collapsed and on the search. Pure functions, computed once
// per response (index) and once per search term or collapse (rows) – O(n) for 5 000 positions.
import type { BoqPosition } from "../../common/types";

export interface BoqTreeIndex {
  positions: BoqPosition[];
  /** Index of the parent section, -1 at the top. */
  parent: Int32Array;
  /** Child indexes per position (empty for items). */
  children: number[][];
  roots: number[];
  /** Lower-cased OZ, short and long text per position, for the search. */
  haystack: string[];
  /** Position index per seq. */
  bySeq: Map<number, number>;
  /** Number of item positions (what the LV calls "Positionen"). */
  items: number;
}

export const isSection = (p: BoqPosition) => p.kind === "lot" || p.kind === "title";

/**
 * Parent of each position from its level: the nearest preceding lot/title of a lower level (the
 * reader's levels, not parentOz, so PDF and sheet LVs without OZ hierarchy nest the same way).
 */
export function buildTreeIndex(positions: BoqPosition[]): BoqTreeIndex {
  const n = positions.length;
  const parent = new Int32Array(n).fill(-1);
  const children: number[][] = Array.from({ length: n }, () => []);
  const roots: number[] = [];
  const bySeq = new Map<number, number>();
  const stack: number[] = [];
  let items = 0;
  for (let i = 0; i < n; i++) {
    const p = positions[i];
    bySeq.set(p.seq, i);
    if (p.kind === "item") items++;
    while (stack.length && positions[stack[stack.length - 1]].level >= p.level) stack.pop();
    const up = stack.length ? stack[stack.length - 1] : -1;
    parent[i] = up;
    if (up >= 0) children[up].push(i);
    else roots.push(i);
    if (isSection(p)) stack.push(i);
  }
  const haystack = positions.map((p) =>
    [p.oz, p.shortText, p.longText, ...(p.subDescriptions ?? []).flatMap((s) => [s.shortText, s.longText])]
      .filter(Boolean)
      .join("\n")
      .toLowerCase(),
  );
  return { positions, parent, children, roots, haystack, bySeq, items };
}

export interface TreeRow {
  /** Index into positions. */
  index: number;
  /** aria-level, 1 at the top. */
  level: number;
  /** Among the siblings shown (all of them without a search), even those not rendered. */
  setSize: number;
  posInSet: number;
  /** undefined for rows without children. */
  expanded: boolean | undefined;
}

export interface TreeView {
  rows: TreeRow[];
  /** Item positions that match the search (all items without one). */
  matchedItems: number;
}

/**
 * The rows to show, in document order. With a search term: the positions whose OZ, short or long
 * text contains it, all positions of a matching title, and the titles above them (expanded unless
 * collapsed during this search). `collapsed` holds the seq of collapsed sections.
 */
export function treeRows(index: BoqTreeIndex, term: string, collapsed: ReadonlySet<number>): TreeView {
  const { positions, parent, children, roots, haystack } = index;
  const n = positions.length;
  const t = term.trim().toLowerCase();
  let shown: Uint8Array | null = null;
  let matchedItems = index.items;
  if (t) {
    shown = new Uint8Array(n);
    matchedItems = 0;
    // Forward: own match or inside a matching title (parents come before their children).
    for (let i = 0; i < n; i++) {
      const up = parent[i];
      const inMatchedSection = up >= 0 && shown[up] === 2;
      if (inMatchedSection || haystack[i].includes(t)) {
        shown[i] = isSection(positions[i]) ? 2 : 1;
        if (positions[i].kind === "item") matchedItems++;
      }
    }
    // Backward: the titles above a shown position.
    for (let i = n - 1; i >= 0; i--) if (shown[i] && parent[i] >= 0 && !shown[parent[i]]) shown[parent[i]] = 1;
  }
  const rows: TreeRow[] = [];
  const visit = (list: number[], level: number) => {
    const siblings = shown ? list.filter((i) => shown[i]) : list;
    for (let k = 0; k < siblings.length; k++) {
      const i = siblings[k];
      const kids = children[i];
      const hasKids = shown ? kids.some((c) => shown[c]) : kids.length > 0;
      const expanded = hasKids ? !collapsed.has(positions[i].seq) : undefined;
      rows.push({ index: i, level, setSize: siblings.length, posInSet: k + 1, expanded });
      if (expanded) visit(kids, level + 1);
    }
  };
  visit(roots, 1);
  return { rows, matchedItems };
}

/** The seq of every section with children: "alle zuklappen". */
export function allSections(index: BoqTreeIndex): Set<number> {
  const out = new Set<number>();
  index.positions.forEach((p, i) => {
    if (index.children[i].length) out.add(p.seq);
  });
  return out;
}

/**
 * The row that stands for `seq` when it is hidden (collapsed away or filtered out): its nearest
 * shown ancestor; -1 when none.
 */
export function rowFor(index: BoqTreeIndex, rowBySeq: ReadonlyMap<number, number>, seq: number | null): number {
  if (seq === null) return -1;
  let i = index.bySeq.get(seq) ?? -1;
  while (i >= 0) {
    const row = rowBySeq.get(index.positions[i].seq);
    if (row !== undefined) return row;
    i = index.parent[i];
  }
  return -1;
}
