// The end of a paged list: how many rows match (the server's total) and how many are shown, a
// button for the next page, and a sentinel that loads it when the end scrolls into view.
import { useEffect, useRef } from "react";
import { Loader2 } from "lucide-react";
import { cn } from "../../lib/utils";
import { Button } from "./button";

/** What LoadMore needs of a paged list (usePagedList's result). */
export interface PagedListState {
  total: number | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface LoadMoreProps {
  /** Rows on screen (after any client-side grouping). */
  shown: number;
  list: PagedListState;
  /** The counted thing, singular and plural: ["Auftrag", "Aufträge"]. */
  noun: readonly [string, string];
  label?: string;
  className?: string;
  testId?: string;
}

/** "250 Benutzer, 50 angezeigt" while pages are missing; "250 Benutzer" when all are shown. */
export const countText = (shown: number, total: number, [one, many]: readonly [string, string]) =>
  `${total} ${total === 1 ? one : many}${shown < total ? `, ${shown} angezeigt` : ""}`;

export function LoadMore({ shown, list, noun, label = "Mehr laden", className, testId = "list-more" }: LoadMoreProps) {
  const { total, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useRef<HTMLDivElement>(null);
  // A new observer after every page: its first report tells whether the end is still in view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, shown]);

  if (total === undefined || total === 0) return null;
  return (
    <div ref={sentinel} className={cn("flex flex-wrap items-center justify-between gap-3 pt-2", className)} data-testid={testId}>
      <p className="text-sm tabular-nums text-slate-600" data-testid="list-count" data-total={total} aria-live="polite">
        {countText(shown, total, noun)}
      </p>
      {hasNextPage ? (
        <Button variant="outline" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? <Loader2 className="animate-spin" /> : null}
          {label}
        </Button>
      ) : null}
    </div>
  );
}
