// State of the LV tree: the search (deferred, so typing stays fluid over 5 000 positions), which
// titles are collapsed (a search starts with its own, all open, so every hit shows), and the
// active row – the one with the keyboard focus, kept when rows are hidden (its title then stands in).
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { allSections, buildTreeIndex, rowFor, treeRows } from "./boq-tree";
import type { BoqPosition } from "../../common/types";

const NONE: ReadonlySet<number> = new Set();

export function useBoqTree(positions: BoqPosition[]) {
  const index = useMemo(() => buildTreeIndex(positions), [positions]);
  const [term, setTerm] = useState("");
  const query = useDeferredValue(term).trim().toLowerCase();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(NONE);
  const [searchCollapsed, setSearchCollapsed] = useState<{ query: string; seqs: ReadonlySet<number> }>({ query: "", seqs: NONE });
  const effective = query ? (searchCollapsed.query === query ? searchCollapsed.seqs : NONE) : collapsed;
  const view = useMemo(() => treeRows(index, query, effective), [index, query, effective]);
  const rowBySeq = useMemo(() => new Map(view.rows.map((r, k) => [index.positions[r.index].seq, k])), [view, index]);
  const [activeSeq, setActiveSeq] = useState<number | null>(null);
  const found = rowFor(index, rowBySeq, activeSeq);
  const activeRow = found >= 0 ? found : view.rows.length ? 0 : -1;

  const updateCollapsed = useCallback(
    (update: (seqs: ReadonlySet<number>) => ReadonlySet<number>) => {
      if (query) setSearchCollapsed((s) => ({ query, seqs: update(s.query === query ? s.seqs : NONE) }));
      else setCollapsed(update);
    },
    [query],
  );
  /** Opens (open=true), closes (false) or toggles the section `seq`. */
  const setOpen = useCallback(
    (seq: number, open?: boolean) =>
      updateCollapsed((seqs) => {
        const next = new Set(seqs);
        const close = open === undefined ? !seqs.has(seq) : !open;
        if (close) next.add(seq);
        else next.delete(seq);
        return next;
      }),
    [updateCollapsed],
  );
  const expandAll = useCallback(() => updateCollapsed(() => NONE), [updateCollapsed]);
  const collapseAll = useCallback(() => updateCollapsed(() => allSections(index)), [updateCollapsed, index]);
  const seqAt = useCallback((row: number) => index.positions[view.rows[row].index].seq, [index, view]);
  /** The row of the parent of `row`, -1 at the top. */
  const parentRow = useCallback(
    (row: number) => {
      const up = index.parent[view.rows[row].index];
      return up >= 0 ? (rowBySeq.get(index.positions[up].seq) ?? -1) : -1;
    },
    [index, view, rowBySeq],
  );

  return {
    index,
    rows: view.rows,
    matchedItems: view.matchedItems,
    term,
    setTerm,
    searching: query !== "",
    activeRow,
    setActiveSeq,
    seqAt,
    parentRow,
    setOpen,
    expandAll,
    collapseAll,
  };
}

export type BoqTreeState = ReturnType<typeof useBoqTree>;
