// Shared between server and client: where a file's reading stands in the queue (field `queue` of
// GET /api/projects/:id/boq while the analysis is pending) and the sentence the LV tab shows.
import { z } from "zod";

export const readingQueueSchema = z.object({
  /** The file is being read now. */
  reading: z.boolean(),
  /** Files read before this one (in progress included). */
  filesAhead: z.number().int().min(0),
  /** Seconds until this file is read, from the recent readings' average; null without history. */
  estimateSeconds: z.number().int().min(0).nullable(),
});
export type ReadingQueue = z.infer<typeof readingQueueSchema>;

export const READING_TEXT = "Das Leistungsverzeichnis wird gelesen… Das dauert meist nur wenige Sekunden.";

const files = (n: number) => (n === 1 ? "1 Datei" : `${n} Dateien`);

function duration(seconds: number): string {
  if (seconds < 60) return "weniger als eine Minute";
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? "etwa eine Minute" : `etwa ${minutes} Minuten`;
}

/** "Das Leistungsverzeichnis wird gelesen – noch 2 Dateien vor Ihrer (etwa 3 Minuten)." */
export function readingQueueText(q: ReadingQueue): string {
  if (q.reading || q.filesAhead === 0) return READING_TEXT;
  const eta = q.estimateSeconds === null ? "" : ` (${duration(q.estimateSeconds)})`;
  return `Das Leistungsverzeichnis wird gelesen – noch ${files(q.filesAhead)} vor Ihrer${eta}.`;
}
