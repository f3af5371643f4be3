// The positions of the LV as a virtual WAI-ARIA tree: only the rows in view (plus a few and the
// focused one) are in the DOM, so a 5 000-position LV stays light; aria-level/-setsize/-posinset
// tell a screen reader where a row sits in the whole LV. Search over OZ and texts, titles open
// and close (each, or all), keyboard after the tree pattern (tree-keys.ts), visible focus.
import { memo, useCallback, useId, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { AlertTriangle, ChevronRight, ChevronsDownUp, ChevronsUpDown } from "lucide-react";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { SearchInput } from "../components/ui/search-input";
import { cn } from "../lib/utils";
import type { TreeRow } from "./boq-tree";
import { treeKeyAction } from "./tree-keys";
import { POSITION_BADGES } from "./labels";
import type { BoqFinding, BoqPosition } from "../../common/types";
import { useBoqTree } from "./use-boq-tree";

const num = (n: number | null) => (n === null ? "–" : n.toLocaleString("de-DE", { maximumFractionDigits: 3 }));
const count = (n: number) => n.toLocaleString("de-DE");
const badgesOf = (p: BoqPosition) => (p.kind === "item" ? p.kinds.filter((k) => POSITION_BADGES[k]) : []);

export function BoqTree(props: {
  positions: BoqPosition[];
  boqName?: string;
  findingsByOz: Map<string, BoqFinding[]>;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}) {
  const { positions, findingsByOz, selectedSeq, onSelect } = props;
  const tree = useBoqTree(positions);
  const { rows, activeRow, index } = tree;
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const countId = useId();

  // The focused row stays rendered even when scrolled away, so focus never falls out of the tree.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const list = defaultRangeExtractor(range);
      if (activeRow < 0 || activeRow >= range.count || list.includes(activeRow)) return list;
      return [...list, activeRow].sort((a, b) => a - b);
    },
    [activeRow],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // One text line, two with badges; rows are measured once rendered.
    estimateSize: (i) => {
      const p = index.positions[rows[i].index];
      return (badgesOf(p).length ? 50 : 30) + 18 * (p.subDescriptions?.length ?? 0);
    },
    getItemKey: (i) => index.positions[rows[i].index].seq,
    overscan: 6,
    rangeExtractor,
  });

  // After a key moved the focus: bring the row into view and focus it (it is rendered, see above).
  useLayoutEffect(() => {
    if (!focusPending.current || activeRow < 0) return;
    focusPending.current = false;
    virtualizer.scrollToIndex(activeRow, { align: "auto" });
    scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeRow}"]`)?.focus({ preventScroll: true });
  }, [activeRow, rows, virtualizer]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !(e.target as HTMLElement).matches('[role="treeitem"]')) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / 32) - 1);
    const action = treeKeyAction(e.key, rows, activeRow, tree.parentRow, pageRows);
    if (!action) return;
    e.preventDefault();
    const seq = tree.seqAt(action.row);
    if (action.type === "focus") {
      tree.setActiveSeq(seq);
      focusPending.current = true;
    } else if (action.type === "expand" || action.type === "collapse") tree.setOpen(seq, action.type === "expand");
    else onSelect(seq);
  };

  const { setActiveSeq, setOpen } = tree;
  const activate = useCallback(
    (seq: number, toggle: boolean) => {
      setActiveSeq(seq);
      if (toggle) setOpen(seq);
      else onSelect(seq);
    },
    [setActiveSeq, setOpen, onSelect],
  );

  const hasSections = index.children.some((c) => c.length > 0);
  const status = !tree.searching
    ? `${count(index.items)} ${index.items === 1 ? "Position" : "Positionen"}`
    : tree.matchedItems === 0 && rows.length === 0
      ? "Keine Position gefunden."
      : `${count(tree.matchedItems)} von ${count(index.items)} Positionen gefunden`;

  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle className="text-base">Positionen{props.boqName ? ` – ${props.boqName}` : ""}</CardTitle>
        <SearchInput
          value={tree.term}
          onChange={tree.setTerm}
          placeholder="OZ oder Text suchen…"
          label="Positionen durchsuchen"
          className="max-w-none"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={countId} role="status" className="text-xs text-slate-600" data-testid="boq-tree-status">
            {status}
          </p>
          {hasSections ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="ghost" size="sm" onClick={tree.expandAll}>
                <ChevronsUpDown /> Alle aufklappen
              </Button>
              <Button variant="ghost" size="sm" onClick={tree.collapseAll}>
                <ChevronsDownUp /> Alle zuklappen
              </Button>
            </div>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <div
          ref={scrollRef}
          role="tree"
          aria-label="Leistungsverzeichnis"
          aria-describedby={countId}
          hidden={rows.length === 0}
          onKeyDown={onKeyDown}
          className="@container max-h-[32rem] overflow-y-auto text-sm"
          data-testid="boq-tree"
        >
          <div role="none" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              const p = index.positions[row.index];
              return (
                <TreeItem
                  key={v.key}
                  rowIndex={v.index}
                  measure={virtualizer.measureElement}
                  start={v.start}
                  p={p}
                  row={row}
                  active={v.index === activeRow}
                  selected={p.seq === selectedSeq}
                  findings={findingsByOz.get(p.oz ?? "")?.length ?? 0}
                  onActivate={activate}
                />
              );
            })}
          </div>
        </div>
        <p className="mt-2 text-xs text-slate-500">
          Tastatur: ↑ ↓ bewegen, → ← Titel auf- und zuklappen, Pos1/Ende, Eingabe zeigt die Position.
        </p>
      </CardContent>
    </Card>
  );
}

const TreeItem = memo(function TreeItem(props: {
  rowIndex: number;
  measure: (el: Element | null) => void;
  start: number;
  p: BoqPosition;
  row: TreeRow;
  active: boolean;
  selected: boolean;
  findings: number;
  /** toggle: the chevron was clicked (open/close), else the row (select). */
  onActivate: (seq: number, toggle: boolean) => void;
}) {
  const { p, row, findings } = props;
  const section = p.kind === "lot" || p.kind === "title";
  const badges = badgesOf(p);
  return (
    <div
      ref={props.measure}
      data-index={props.rowIndex}
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.expanded}
      // Single selection: only the selected row carries aria-selected (WAI-ARIA tree pattern).
      aria-selected={props.selected || undefined}
      tabIndex={props.active ? 0 : -1}
      onClick={() => props.onActivate(p.seq, false)}
      style={{ transform: `translateY(${props.start}px)`, paddingLeft: `${(row.level - 1) * 1 + 0.25}rem` }}
      className={cn(
        // A narrow tree (a phone, the demo's frame) puts the quantity under the short text, which keeps its width.
        "absolute left-0 top-0 grid w-full cursor-pointer grid-cols-[auto_auto_minmax(0,1fr)_auto] items-start gap-1 rounded py-1 pr-2 text-left outline-none hover:bg-slate-50",
        "@sm:grid-cols-[auto_auto_minmax(0,1fr)_auto_auto]",
        "focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600",
        props.selected && "bg-brand-50 ring-1 ring-inset ring-brand-200",
        section && "font-semibold text-brand-900",
      )}
    >
      {row.expanded === undefined ? (
        <span className="size-5 shrink-0" aria-hidden />
      ) : (
        <span
          aria-hidden
          className="flex size-5 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-200"
          onClick={(e) => {
            e.stopPropagation();
            props.onActivate(p.seq, true);
          }}
        >
          <ChevronRight className={cn("size-4 transition-transform", row.expanded && "rotate-90")} />
        </span>
      )}
      {/* An OZ never wraps ("001.001.001.0"); on a phone the short text gets two lines (rows are measured). */}
      <span className="min-w-[4.5rem] shrink-0 whitespace-nowrap tabular-nums text-slate-600 sm:w-24">{p.oz}</span>
      <span className="min-w-0">
        <span className="line-clamp-2 block [overflow-wrap:anywhere] sm:line-clamp-none sm:truncate">
          {p.shortText || (p.kind === "remark" ? "Hinweistext" : "—")}
        </span>
        {badges.length ? (
          <span className="flex flex-wrap gap-1 pt-0.5">
            {badges.map((k) => (
              <Badge key={k} className="border-slate-200 bg-slate-50 px-1.5 py-0 text-[10px] font-medium text-slate-600">
                {POSITION_BADGES[k]}
              </Badge>
            ))}
          </span>
        ) : null}
        {/* Unterbeschreibungen (GAEB SubDescr) under their item, with their own number. */}
        {p.subDescriptions?.map((sub) => (
          <span key={sub.no} className="block truncate pt-0.5 text-xs text-slate-500" data-testid="boq-tree-subdescription">
            {p.oz}/{sub.no} {sub.shortText}
            {sub.qty ? ` · ${num(sub.qty)} ${sub.unit}` : ""}
          </span>
        ))}
      </span>
      {p.kind === "item" ? (
        <span className="col-start-3 row-start-2 whitespace-nowrap text-xs tabular-nums text-slate-600 @sm:col-start-auto @sm:row-start-auto @sm:text-right">
          {num(p.qty)} {p.unit}
        </span>
      ) : null}
      {findings ? (
        <span title={`${findings} Befund(e)`} className="shrink-0 text-amber-700">
          <AlertTriangle className="size-4" aria-hidden />
          <span className="sr-only">{findings === 1 ? "1 Befund" : `${findings} Befunde`}</span>
        </span>
      ) : null}
    </div>
  );
});
