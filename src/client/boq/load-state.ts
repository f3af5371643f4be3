// What the LV tab shows before the tree. "wird gelesen" only while the server says the analysis
// job still runs; fetching – also when the cache still holds a "pending" answer from an earlier
// visit of the tab (the LV may have been read long since) – is "wird geladen".
import type { BoqResponse } from "./types";

export const BOQ_TEXTS = {
  fetching: "Leistungsverzeichnis wird geladen…",
  reading: "Das Leistungsverzeichnis wird gelesen… Das dauert meist nur wenige Sekunden.",
  missing: "Für dieses Projekt liegt kein auswertbares Leistungsverzeichnis vor.",
} as const;

export type BoqLoadState =
  | { kind: "fetching" }
  | { kind: "missing" }
  | { kind: "reading" }
  | { kind: "unreadable"; data: BoqResponse }
  | { kind: "done"; data: BoqResponse };

export interface BoqQueryState {
  data: BoqResponse | undefined;
  isError: boolean;
  /** The data was fetched while this tab was shown (not taken from the cache of an earlier visit). */
  isFetchedAfterMount: boolean;
}

export function boqLoadState(q: BoqQueryState): BoqLoadState {
  const { data } = q;
  if (!data) return q.isError ? { kind: "missing" } : { kind: "fetching" };
  if (data.status === "pending") {
    if (q.isError) return { kind: "missing" };
    return q.isFetchedAfterMount ? { kind: "reading" } : { kind: "fetching" };
  }
  if (data.status === "done") return { kind: "done", data };
  return { kind: "unreadable", data };
}

/** A "pending" answer is never fresh: the tab asks again when it is shown. */
export const boqStaleTime = (data: BoqResponse | undefined, fallbackMs: number) => (data?.status === "pending" ? 0 : fallbackMs);
