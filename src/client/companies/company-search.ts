// The company picker's search: the server's companies matching the typed text (debounced), the
// options it lists (with "no company" first when offered and nothing is typed), and the sentence
// its status line reads out.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CompanyDto } from "../../common/types";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { getListPage } from "../lib/api";
import { pagedListKey, pagedListUrl, SEARCH_DEBOUNCE_MS } from "../lib/use-paged-list";

export const COMPANY_PICKER_LIMIT = 20;
const SORT = "name";

export interface CompanyOption {
  id: number | null;
  label: string;
}

/** `typed`: the search text as typed, null while the input shows the selection. */
export function useCompanySearch({ open, typed, noneLabel }: { open: boolean; typed: string | null; noneLabel?: string }) {
  const term = useDebouncedValue((typed ?? "").trim(), SEARCH_DEBOUNCE_MS);
  const request = { limit: COMPANY_PICKER_LIMIT, q: term, sort: SORT };
  const search = useQuery({
    queryKey: pagedListKey("/api/companies", request),
    queryFn: ({ signal }) => getListPage<CompanyDto>(pagedListUrl("/api/companies", request), { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const rows = search.data?.items ?? [];
  const stale = search.isPlaceholderData || term !== (typed ?? "").trim();
  const options: CompanyOption[] = [
    ...(noneLabel && term === "" ? [{ id: null, label: noneLabel }] : []),
    ...rows.map((c) => ({ id: c.id, label: c.name })),
  ];
  return {
    term,
    /** Changes with every answer of the server (the options are new then). */
    answer: search.data,
    options,
    /** The listed options belong to an earlier text while the new answer is on its way. */
    stale,
    status: open
      ? searchStatus({ isError: search.isError, isPending: search.isPending, stale, found: rows.length, total: search.data?.total })
      : "",
  };
}

/** The status line under an open list (read out by screen readers). */
export function searchStatus(s: {
  isError: boolean;
  isPending: boolean;
  stale: boolean;
  found: number;
  total: number | undefined;
}): string {
  if (s.isError) return "Unternehmen konnten nicht geladen werden";
  if (s.isPending || s.stale) return "Unternehmen werden gesucht...";
  if (s.found === 0) return "Keine Unternehmen gefunden";
  if (s.total !== undefined && s.total > s.found) return `${s.found} von ${s.total} Unternehmen – Suchbegriff eingeben, um einzugrenzen`;
  return `${s.found} Unternehmen gefunden`;
}
