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

/** A reading the super admin should look at (GET /api/admin/readings). */
export const readingIssueSchema = z.object({
  jobId: z.number().int(),
  /** failed: gave up after its attempts; stalled: its worker stopped renewing the lease; waiting: due for long. */
  state: z.enum(["failed", "stalled", "waiting"]),
  projectId: z.number().int(),
  projectName: z.string(),
  companyName: z.string().nullable(),
  fileName: z.string().nullable(),
  attempts: z.number().int(),
  takeovers: z.number().int(),
  lastError: z.string().nullable(),
  /** Since when it is in this state (ISO). */
  since: z.string(),
});
export type ReadingIssue = z.infer<typeof readingIssueSchema>;

export const readingIssuesSchema = z.object({
  queue: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    stalled: z.number().int(),
    failed: z.number().int(),
    oldestWaitingSeconds: z.number().int(),
  }),
  readings: z.array(readingIssueSchema),
});
export type ReadingIssues = z.infer<typeof readingIssuesSchema>;

export const READING_ISSUE_LABELS: Record<ReadingIssue["state"], string> = {
  failed: "Fehlgeschlagen",
  stalled: "Hängt",
  waiting: "Wartet lange",
};
