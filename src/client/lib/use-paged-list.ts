// One list screen's data read page by page from the server (GET path?limit&offset&q&sort plus
// the screen's filters; the rows are the route's array, the total comes in X-Total-Count). The
// search text is debounced and sent as `q`; the rows on screen stay while the next ones load.
import { useMemo } from "react";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { getListPage } from "./api";

export const SEARCH_DEBOUNCE_MS = 250;

/** The screen's filters besides q and sort; empty values are left out of the URL. */
export type ListFilters = Record<string, string | number | boolean | null | undefined>;

export interface PageRequest {
  limit: number;
  offset?: number;
  q?: string;
  sort?: string;
  filters?: ListFilters;
}

/** path?limit=…[&offset=…][&q=…][&sort=…][&filter=…] — offset 0 and an empty q are left out. */
export function pagedListUrl(path: string, { limit, offset, q, sort, filters }: PageRequest): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (offset) search.set("offset", String(offset));
  if (q?.trim()) search.set("q", q.trim());
  if (sort) search.set("sort", sort);
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  return `${path}?${search}`;
}

/**
 * The query key starts with the route, so invalidating [path] after a change refreshes every
 * page and search of that list (and the unpaged reads of the same route).
 */
export const pagedListKey = (path: string, variant: Omit<PageRequest, "offset">) => [path, "page", variant] as const;

export interface PagedListOptions<T> {
  /** The list route, e.g. "/api/users". */
  path: string;
  pageSize: number;
  /** The search box's text as typed; debounced here before it becomes `q`. */
  search?: string;
  sort?: string;
  filters?: ListFilters;
  enabled?: boolean;
  /** Rows can shift between pages when rows are added meanwhile; each key is shown once (pass a stable function). */
  rowKey?: (row: T) => string | number;
  debounceMs?: number;
  /** Overrides the app's 5 minutes, e.g. 0 for figures that change all the time. */
  staleTime?: number;
}

const byId = (row: unknown) => (row as { id: number }).id;

/** Key, reader and paging of one list variant: shared by the hook and by prefetches (the same cache entry). */
export function pagedListQuery<T>(path: string, { limit, q = "", sort, filters }: Omit<PageRequest, "offset">) {
  return infiniteQueryOptions({
    queryKey: pagedListKey(path, { limit, q, sort, filters }),
    queryFn: ({ pageParam, signal }) => getListPage<T>(pagedListUrl(path, { limit, offset: pageParam, q, sort, filters }), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: { items: T[]; total: number }, pages: { items: T[]; total: number }[]) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

export function usePagedList<T>({
  path,
  pageSize,
  search = "",
  sort,
  filters,
  enabled = true,
  rowKey = byId,
  debounceMs = SEARCH_DEBOUNCE_MS,
  staleTime,
}: PagedListOptions<T>) {
  const term = useDebouncedValue(search.trim(), debounceMs);
  const query = useInfiniteQuery({
    ...pagedListQuery<T>(path, { limit: pageSize, q: term, sort, filters }),
    placeholderData: keepPreviousData,
    enabled,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
  const { data } = query;
  const rows = useMemo(() => {
    const seen = new Set<string | number>();
    return (data?.pages ?? [])
      .flatMap((p) => p.items)
      .filter((row) => {
        const key = rowKey(row);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }, [data, rowKey]);
  const pages = data?.pages ?? [];
  return {
    rows,
    /** Matching rows on the server (the newest page's X-Total-Count); undefined before the first answer. */
    total: pages.length ? pages[pages.length - 1].total : undefined,
    /** The search text the shown rows answer (debounced). */
    term,
    /** A search is typed or active: empty states say "nothing found" rather than "nothing yet". */
    searching: term !== "" || search.trim() !== "",
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    /** The rows belong to the previous search or filter while the new ones load. */
    isPlaceholderData: query.isPlaceholderData,
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/**
 * The number of rows matching `filters` on the server (a one-row page, its X-Total-Count), for
 * counters over the whole list, e.g. the registration links per status.
 */
export function useListTotal(path: string, filters: ListFilters = {}, enabled = true) {
  return useQuery({
    queryKey: [path, "total", filters] as const,
    queryFn: async ({ signal }) => (await getListPage<unknown>(pagedListUrl(path, { limit: 1, filters }), { signal })).total,
    enabled,
  });
}
