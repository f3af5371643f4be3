-- The expert review of the automatic pre-check (issue 27): one row per reviewed or added finding
-- of a project, keyed by the finding's stable id so a new reading of the LV keeps the decisions
-- of findings that are still there; rule_id makes the per-rule confirmation rate one GROUP BY.
CREATE TABLE IF NOT EXISTS "finding_reviews" (
  "id" serial PRIMARY KEY NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
  "finding_id" text NOT NULL,
  "rule_id" text NOT NULL,
  "own" boolean DEFAULT false NOT NULL,
  "decision" text NOT NULL,
  "reason" text,
  "remark" text,
  "oz" text,
  "title" text,
  "why" text,
  "severity" text,
  "potential_eur" double precision,
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "finding_reviews_project_finding_uq" ON "finding_reviews" ("project_id", "finding_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finding_reviews_rule_idx" ON "finding_reviews" ("rule_id");
--> statement-breakpoint
-- "Passwort vergessen?": single-use links; only the sha256 of the token is stored.
CREATE TABLE IF NOT EXISTS "password_resets" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "password_resets_token_hash_uq" ON "password_resets" ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_resets_user_idx" ON "password_resets" ("user_id");
