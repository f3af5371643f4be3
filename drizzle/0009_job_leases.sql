-- Job leases renewed by heartbeats, a claim token that fences a stale worker's writes, a group per
-- job (the company) for fair turns, a dedupe key for one open reading per file, and finish times
-- for the queue estimate.
ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lock_token" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "group_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "takeovers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "locked_until" = "locked_at" + interval '5 minutes' WHERE "status" = 'running';--> statement-breakpoint
UPDATE "jobs" SET "dedupe_key" = 'file:' || ("payload"->>'fileId') WHERE "queue" = 'boq.analyse' AND "payload" ? 'fileId';--> statement-breakpoint
UPDATE "jobs" j SET "group_key" = coalesce('company:' || p."company_id"::text, 'company:none')
  FROM "projects" p WHERE j."queue" = 'boq.analyse' AND p."id" = (j."payload"->>'projectId')::int;--> statement-breakpoint
-- Older duplicates of one file's waiting reading: keep the newest, so the unique index holds.
UPDATE "jobs" j SET "status" = 'done', "finished_at" = now(), "last_error" = 'superseded'
  WHERE j."status" = 'pending' AND j."dedupe_key" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "jobs" k WHERE k."queue" = j."queue" AND k."dedupe_key" = j."dedupe_key" AND k."status" = 'pending' AND k."id" > j."id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_dedupe_uq" ON "jobs" USING btree ("queue","dedupe_key") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_group_claimed_idx" ON "jobs" USING btree ("queue","group_key","locked_at");--> statement-breakpoint
CREATE INDEX "jobs_open_dedupe_idx" ON "jobs" USING btree ("dedupe_key") WHERE "status" IN ('pending', 'running');
