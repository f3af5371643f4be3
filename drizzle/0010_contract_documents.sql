-- Contract documents beside the LV (issue 23): project_files rows of kind 'contract'. Several
-- are current at once; removing one sets withdrawn_at (the bytes stay, like earlier versions).
ALTER TABLE "project_files" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_kind_ck" CHECK ("kind" in ('input', 'output', 'contract'));--> statement-breakpoint
CREATE INDEX "project_files_contract_idx" ON "project_files" USING btree ("project_id","id") WHERE "kind" = 'contract' and "withdrawn_at" is null;
