// The reading queue as the super admin's screen sees it: the figures, the readings that hang or
// failed, and starting one again.
import { sql } from "drizzle-orm";
import type { ReadingIssues } from "../../common/schemas/boq-queue";
import { rows, type Db } from "../db/client";
import { requeueJob } from "../jobs/queue";
import { BOQ_QUEUE } from "./worker";

/** A due reading that waits longer than this is listed. */
const LONG_WAIT_S = 600;

interface IssueRow {
  job_id: string | number;
  state: "failed" | "stalled" | "waiting";
  project_id: number;
  project_name: string | null;
  company_name: string | null;
  file_name: string | null;
  attempts: number;
  takeovers: number;
  last_error: string | null;
  since: Date | string;
}

export async function readingIssues(db: Db): Promise<ReadingIssues> {
  const [q] = await rows<{ queued: number; running: number; stalled: number; failed: number; oldest: number | null }>(
    db,
    sql`select
          count(*) filter (where status = 'pending')::int as queued,
          count(*) filter (where status = 'running' and locked_until >= now())::int as running,
          count(*) filter (where status = 'running' and locked_until < now())::int as stalled,
          count(*) filter (where status = 'failed')::int as failed,
          extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now()))::float8 as oldest
        from jobs where queue = ${BOQ_QUEUE} and status in ('pending', 'running', 'failed')`,
  );
  const found = await rows<IssueRow>(
    db,
    sql`select j.id as job_id, s.state, p.id as project_id, p.name as project_name, c.name as company_name, f.file_name,
               j.attempts, j.takeovers, j.last_error, s.since
        from jobs j
        cross join lateral (select
          case when j.status = 'failed' then 'failed' when j.status = 'running' then 'stalled' else 'waiting' end as state,
          case when j.status = 'failed' then coalesce(j.finished_at, j.created_at) when j.status = 'running' then j.locked_until else j.run_at end as since) s
        join projects p on p.id = (j.payload->>'projectId')::int
        left join companies c on c.id = p.company_id
        left join project_files f on f.id = (j.payload->>'fileId')::int
        where j.queue = ${BOQ_QUEUE}
          and (j.status = 'failed'
            or (j.status = 'running' and j.locked_until < now())
            or (j.status = 'pending' and j.run_at < now() - ${LONG_WAIT_S} * interval '1 second'))
        order by s.since desc
        limit 100`,
  );
  return {
    queue: { queued: q.queued, running: q.running, stalled: q.stalled, failed: q.failed, oldestWaitingSeconds: Math.floor(q.oldest ?? 0) },
    readings: found.map((r) => ({
      jobId: Number(r.job_id),
      state: r.state,
      projectId: r.project_id,
      projectName: r.project_name ?? "",
      companyName: r.company_name,
      fileName: r.file_name,
      attempts: r.attempts,
      takeovers: r.takeovers,
      lastError: r.last_error,
      since: new Date(r.since).toISOString(),
    })),
  };
}

/** A reading job with the file and project it is for; null when there is none. */
export async function readingJob(db: Db, jobId: number) {
  const [job] = await rows<{ file_id: number | null; project_id: number | null; status: string }>(
    db,
    sql`select (payload->>'fileId')::int as file_id, (payload->>'projectId')::int as project_id, status from jobs where id = ${jobId} and queue = ${BOQ_QUEUE}`,
  );
  return job ?? null;
}

/** Queues the job again and shows its file as "wird gelesen"; false when it runs or waits already. */
export async function requeueReading(db: Db, jobId: number, fileId: number | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await requeueJob(tx, jobId))) return false;
    // The LV tab shows "wird gelesen" again instead of the earlier failure.
    if (fileId !== null)
      await tx.execute(sql`update boq_analyses set status = 'pending', error = null, updated_at = now() where file_id = ${fileId}`);
    return true;
  });
}
