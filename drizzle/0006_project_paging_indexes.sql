-- Paged project lists in index order (issue 16): every sort of GET /api/projects?limit=… reads
-- the first offset+limit entries of one index and stops, with the id as tie-breaker in the index
-- itself (before, the newest-first pages sorted all of a company's rows: 42 ms at 10 000
-- projects). The super admin's list (no company filter) gets the same for both sorts.
DROP INDEX IF EXISTS "projects_company_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "projects_created_idx";--> statement-breakpoint
CREATE INDEX "projects_company_created_idx" ON "projects" USING btree ("company_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name","id");
