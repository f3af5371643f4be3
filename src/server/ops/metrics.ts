// Prometheus metrics of one app instance: a registry of its own (tests build many apps in one
// process, so nothing goes into prom-client's global registry), HTTP request durations by route
// pattern, and the product's figures. Served by GET /metrics (ops/routes.ts).
import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../db/client";
import { rows } from "../db/client";
import { HttpError } from "../http/errors";
import type { Disk } from "./disk";

/** The route label of requests no route matched (never the raw URL: unbounded and user-chosen). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * Job states shown as a gauge; "done" jobs are history, counted by the duration histogram.
 * "stalled": running, but its lease ran out (the worker died or lost the database) — taken over
 * at the next claim.
 */
const JOB_STATES = ["queued", "running", "stalled", "failed"] as const;
type JobState = (typeof JOB_STATES)[number];

/** How long a scrape waits for the job counts before it answers with the last ones. */
const JOB_COUNT_TIMEOUT_MS = 2000;

export type ChatbotSource = "llm" | "knowledge-base";
export type TokenUse = "chatbot" | "analysis";
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<"route" | "method" | "status">;
  private readonly jobDuration: Histogram<"queue" | "outcome">;
  private readonly chatbotAnswers: Counter<"source">;
  private readonly chatbotRefusals: Counter;
  private readonly modelTokens: Counter<"use" | "kind">;
  private readonly uploadFiles: Counter<"route">;
  private readonly uploadBytes: Counter<"route">;
  private readonly jobTakeovers: Counter<"queue">;

  constructor(opts: { db: Db; disk?: Disk; processMetrics: boolean }) {
    const registers = [this.registry];
    // Default process metrics start a GC observer and an event-loop monitor: only when scraped.
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: "bauklar_http_request_duration_seconds",
      help: "Time from request to response, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.jobDuration = new Histogram({
      name: "bauklar_job_duration_seconds",
      help: "Run time of background jobs (tender analysis), by queue and outcome (done/failed)",
      labelNames: ["queue", "outcome"],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
    const db = opts.db;
    // One query per scrape serves both job gauges (a scrape calls their collect() in the same
    // turn); the database away: the last known figures.
    let last: JobSnapshot = { counts: new Map(), oldest: new Map() };
    let pending: Promise<JobSnapshot> | null = null;
    const snapshot = () =>
      (pending ??= countJobs(db)
        .catch(() => last)
        .then((s) => (last = s))
        .finally(() => (pending = null)));
    new Gauge({
      name: "bauklar_jobs",
      help: "Background jobs in the database by queue and state (queued/running/stalled/failed), shared by all instances",
      labelNames: ["queue", "state"],
      registers,
      async collect() {
        const { counts } = await snapshot();
        this.reset();
        for (const [key, n] of counts) {
          const [queue, state] = key.split("\u0000");
          this.set({ queue, state }, n);
        }
      },
    });
    new Gauge({
      name: "bauklar_job_oldest_waiting_seconds",
      help: "Age of the oldest due job waiting to be taken, by queue (0 when none waits)",
      labelNames: ["queue"],
      registers,
      async collect() {
        const { oldest } = await snapshot();
        this.reset();
        for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
      },
    });
    const disk = opts.disk;
    if (disk && disk.dir !== null) {
      new Gauge({
        name: "bauklar_data_dir_free_bytes",
        help: "Free bytes in the data directory (PGlite)",
        registers,
        async collect() {
          await disk.refresh();
          this.set(disk.freeBytes ?? 0);
        },
      });
      new Gauge({
        name: "bauklar_disk_low",
        help: "1 while the data directory has less free space than DISK_MIN_FREE_MB (uploads are refused with 507)",
        registers,
        collect() {
          this.set(disk.low ? 1 : 0);
        },
      });
    }
    this.chatbotAnswers = new Counter({
      name: "bauklar_chatbot_answers_total",
      help: "Chatbot answers by source: knowledge-base (composed from articles) or llm (the model)",
      labelNames: ["source"],
      registers,
    });
    this.chatbotRefusals = new Counter({
      name: "bauklar_chatbot_quota_refusals_total",
      help: "Chatbot requests refused because the company has no chatbot package (or the user no company)",
      registers,
    });
    this.modelTokens = new Counter({
      name: "bauklar_model_tokens_total",
      help: "Model tokens used, by use (chatbot/analysis) and kind (prompt/completion)",
      labelNames: ["use", "kind"],
      registers,
    });
    this.uploadFiles = new Counter({
      name: "bauklar_uploads_total",
      help: "Files uploaded, by route pattern",
      labelNames: ["route"],
      registers,
    });
    this.uploadBytes = new Counter({
      name: "bauklar_upload_bytes_total",
      help: "Bytes of uploaded files, by route pattern",
      labelNames: ["route"],
      registers,
    });
    this.jobTakeovers = new Counter({
      name: "bauklar_job_takeovers_total",
      help: "Jobs this instance took over from a worker whose lease ran out (crash, hang, lost database) or released at start (PGlite)",
      labelNames: ["queue"],
      registers,
    });
    this.jobTakeovers.inc({ queue: "boq.analyse" }, 0);
    // Series that exist before the first event, so dashboards show 0 instead of "no data".
    for (const source of ["llm", "knowledge-base"]) this.chatbotAnswers.inc({ source }, 0);
    for (const use of ["chatbot", "analysis"]) for (const kind of ["prompt", "completion"]) this.modelTokens.inc({ use, kind }, 0);
  }

  httpRequest(route: string | undefined, method: string, status: number, seconds: number) {
    this.httpDuration.observe({ route: route ? route : UNMATCHED_ROUTE, method, status: String(status) }, seconds);
  }

  /** Runs a job and records its duration with the outcome; the job's error is passed on. */
  async timeJob<T>(queue: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobDuration.startTimer({ queue });
    try {
      const result = await run();
      end({ outcome: "done" });
      return result;
    } catch (err) {
      end({ outcome: "failed" });
      throw err;
    }
  }

  jobTakenOver(queue: string) {
    this.jobTakeovers.inc({ queue });
  }

  chatbotAnswer(source: ChatbotSource) {
    this.chatbotAnswers.inc({ source });
  }

  /** Counts the 403 of a missing chatbot package; other errors pass uncounted. Rethrows. */
  chatbotRefused(err: unknown): never {
    if (err instanceof HttpError && err.status === 403) this.chatbotRefusals.inc();
    throw err;
  }

  tokens(use: TokenUse, usage: TokenUsage | TokenUsage[]) {
    for (const u of [usage].flat()) {
      if (u.promptTokens > 0) this.modelTokens.inc({ use, kind: "prompt" }, u.promptTokens);
      if (u.completionTokens > 0) this.modelTokens.inc({ use, kind: "completion" }, u.completionTokens);
    }
  }

  upload(route: string | undefined, files: { size: number }[]) {
    for (const f of files) {
      this.uploadFiles.inc({ route: route ?? UNMATCHED_ROUTE });
      this.uploadBytes.inc({ route: route ?? UNMATCHED_ROUTE }, f.size);
    }
  }
}

interface JobSnapshot {
  counts: Map<string, number>;
  oldest: Map<string, number>;
}

async function countJobs(db: Db): Promise<JobSnapshot> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("job count timed out")), JOB_COUNT_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([
      rows<{ queue: string; state: JobState; n: number | string; oldest: number | string | null }>(
        db,
        sql`select queue,
              case when status = 'pending' then 'queued' when status = 'running' and locked_until < now() then 'stalled' else status end as state,
              count(*)::int as n,
              extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now()))::float8 as oldest
            from jobs where status in ('pending', 'running', 'failed') group by 1, 2`,
      ),
      timeout,
    ]);
    const counts = new Map<string, number>();
    const oldest = new Map<string, number>();
    // Every queue seen gets all states (0 included), so a drained queue shows 0, not a gap.
    for (const queue of new Set(["boq.analyse", ...found.map((r) => r.queue)])) {
      for (const state of JOB_STATES) counts.set(`${queue}\u0000${state}`, 0);
      oldest.set(queue, 0);
    }
    for (const r of found) {
      counts.set(`${r.queue}\u0000${r.state}`, Number(r.n));
      if (r.oldest !== null) oldest.set(r.queue, Math.max(oldest.get(r.queue) ?? 0, Number(r.oldest)));
    }
    return { counts, oldest };
  } finally {
    clearTimeout(timer);
  }
}
