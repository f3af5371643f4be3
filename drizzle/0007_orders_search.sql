-- The orders page searches the description too (GET /api/projects?q=…&view=orders). Like 0004:
-- only where pg_trgm is available; without it the search still works (a scan).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "projects_description_trgm_idx" ON "projects" USING gin ("description" gin_trgm_ops);
  END IF;
END
$$;
