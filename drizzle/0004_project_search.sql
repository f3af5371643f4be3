-- Paged project lists (GET /api/projects?limit=…&q=…&sort=…): name sort within a company and the
-- search box's ILIKE '%…%' on name, cost_center and contact_person through pg_trgm GIN indexes.
-- The extension is created when the role may do so; without it the search still works (a scan
-- of the company's rows), so a database without pg_trgm does not stop the migration.
CREATE INDEX "projects_company_name_idx" ON "projects" USING btree ("company_id","name","id");--> statement-breakpoint
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm not available: project search runs without trigram indexes';
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "projects_cost_center_trgm_idx" ON "projects" USING gin ("cost_center" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "projects_contact_person_trgm_idx" ON "projects" USING gin ("contact_person" gin_trgm_ops);
  END IF;
END
$$;
