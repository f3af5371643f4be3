// Where a file's reading stands in the queue, for the LV tab ("noch 2 Dateien vor Ihrer"). The
// queue takes groups (companies) in turns (jobs/queue.ts), so the files before one are: the
// readings in progress, the own company's earlier files, and of every other company at most one
// file per turn the own company still has to wait.
import { sql } from "drizzle-orm";
import type { ReadingQueue } from "../../common/schemas/boq-queue";
import type { Db } from "../db/client";
import { rows } from "../db/client";

const QUEUE = "boq.analyse";
/** Readings averaged for the estimate. */
const RECENT = 20;

export async function readingQueuePosition(db: Db, fileId: number): Promise<ReadingQueue | null> {
  const [job] = await rows<{ id: string | number; status: string; group_key: string; live: boolean }>(
    db,
    sql`select id, status, group_key, (status = 'running' and locked_until >= now()) as live from jobs
        where queue = ${QUEUE} and dedupe_key = ${`file:${fileId}`} and status in ('pending', 'running')
        order by id desc limit 1`,
  );
  if (!job) return null;
  const [stats] = await rows<{ running: number; avg_s: number | null }>(
    db,
    sql`select
          (select count(*)::int from jobs where queue = ${QUEUE} and status = 'running' and locked_until >= now()) as running,
          (select avg(extract(epoch from (finished_at - locked_at)))::float8 from (
             select finished_at, locked_at from jobs where queue = ${QUEUE} and status = 'done' and finished_at is not null and locked_at is not null
             order by finished_at desc limit ${RECENT}) recent) as avg_s`,
  );
  const perFile = stats.avg_s ?? null;
  if (job.live) return { reading: true, filesAhead: 0, estimateSeconds: perFile === null ? null : Math.ceil(perFile) };
  // Earlier due files of the own group, then per other group at most (own + 1) files.
  const [own] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs
        where queue = ${QUEUE} and status = 'pending' and run_at <= now() and group_key = ${job.group_key} and id < ${job.id}`,
  );
  // Groups before the own one in the current turn (served longer ago, or never and queued
  // earlier — the claim's order) read one file more.
  const [others] = await rows<{ n: number | null }>(
    db,
    sql`with g as (
          select d.group_key, min(d.id) as first_id, count(*) as n,
            (select max(s.locked_at) from jobs s where s.queue = ${QUEUE} and s.group_key = d.group_key) as served
          from jobs d where d.queue = ${QUEUE} and d.status = 'pending' and d.run_at <= now() group by d.group_key
        ),
        mine as (
          select min(id) as first_id, (select max(s.locked_at) from jobs s where s.queue = ${QUEUE} and s.group_key = ${job.group_key}) as served
          from jobs where queue = ${QUEUE} and status = 'pending' and group_key = ${job.group_key}
        )
        select sum(least(g.n, ${own.n} + case
            when g.served is null and mine.served is not null then 1
            when g.served is not null and mine.served is null then 0
            when g.served is distinct from mine.served then (case when g.served < mine.served then 1 else 0 end)
            when g.first_id < mine.first_id then 1 else 0 end))::int as n
        from g, mine where g.group_key <> ${job.group_key}`,
  );
  // A taken-over reading (status running, lease run out) counts like a waiting one.
  const filesAhead = stats.running + own.n + (others.n ?? 0);
  const readers = Math.max(1, stats.running);
  const estimateSeconds = perFile === null ? null : Math.ceil(((filesAhead + 1) * perFile) / readers);
  return { reading: false, filesAhead, estimateSeconds };
}
