// What the LV tab shows before the tree. "wird gelesen" only while the server says the analysis
// job still runs; fetching – also when the cache still holds a "pending" answer from an earlier
// visit of the tab (the LV may have been read long since) – is "wird geladen".
import { READING_TEXT, readingQueueText } from "../../common/schemas/boq-queue";
import type { BoqView } from "../../common/types";

export const BOQ_TEXTS = {
  fetching: "Leistungsverzeichnis wird geladen…",
  reading: READING_TEXT,
  missing: "Für dieses Projekt liegt kein auswertbares Leistungsverzeichnis vor.",
} as const;

export type BoqLoadState =
  | { kind: "fetching" }
  | { kind: "missing" }
  | { kind: "reading"; label: string }
  | { kind: "unreadable"; data: BoqView }
  | { kind: "done"; data: BoqView };

export interface BoqQueryState {
  data: BoqView | undefined;
  isError: boolean;
  /** The data was fetched while this tab was shown (not taken from the cache of an earlier visit). */
  isFetchedAfterMount: boolean;
}

export function boqLoadState(q: BoqQueryState): BoqLoadState {
  const { data } = q;
  if (!data) return q.isError ? { kind: "missing" } : { kind: "fetching" };
  if (data.status === "pending") {
    if (q.isError) return { kind: "missing" };
    // With its place in the queue ("noch 2 Dateien vor Ihrer") when the server sends it.
    return q.isFetchedAfterMount
      ? { kind: "reading", label: data.queue ? readingQueueText(data.queue) : BOQ_TEXTS.reading }
      : { kind: "fetching" };
  }
  if (data.status === "done") return { kind: "done", data };
  return { kind: "unreadable", data };
}

/** A "pending" answer is never fresh: the tab asks again when it is shown. */
export const boqStaleTime = (data: BoqView | undefined, fallbackMs: number) => (data?.status === "pending" ? 0 : fallbackMs);
