-- Paged lists of issue 16 (users, companies, registration links, inquiries, chatbot conversations,
-- ledger): btree indexes for the sorts and scopes (ties by id), and pg_trgm GIN indexes for the
-- search boxes' ILIKE '%…%' on the fields each screen searches. As in 0004 the trigram indexes are
-- created only when pg_trgm is there (0004 creates it when the role may); without it the search
-- still works, by scanning.
DROP INDEX "chatbot_conversations_user_idx";--> statement-breakpoint
DROP INDEX "users_company_idx";--> statement-breakpoint
DROP INDEX "membership_requests_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
CREATE INDEX "membership_requests_created_id_idx" ON "membership_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_conversations_user_updated_idx" ON "chatbot_conversations" USING btree ("user_id","chatbot_type","updated_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_conversations_user_created_idx" ON "chatbot_conversations" USING btree ("user_id","chatbot_type","created_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_ledger_month_company_idx" ON "chatbot_request_ledger" USING btree ("month","company_id");--> statement-breakpoint
CREATE INDEX "companies_name_id_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "registration_links_email_id_idx" ON "registration_links" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "registration_links_created_id_idx" ON "registration_links" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "registration_links_expires_id_idx" ON "registration_links" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "users_username_id_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm not available: list search runs without trigram indexes';
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "chatbot_conversations_title_trgm_idx" ON "chatbot_conversations" USING gin ("title" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "companies_address_trgm_idx" ON "companies" USING gin ("address" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "companies_contact_email_trgm_idx" ON "companies" USING gin ("contact_email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "companies_contact_phone_trgm_idx" ON "companies" USING gin ("contact_phone" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "contact_messages_company_trgm_idx" ON "contact_messages" USING gin ("company" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "membership_requests_firmenname_trgm_idx" ON "membership_requests" USING gin ("firmenname" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "membership_requests_ansprechpartner_trgm_idx" ON "membership_requests" USING gin ("ansprechpartner" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "membership_requests_email_trgm_idx" ON "membership_requests" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "membership_requests_ort_trgm_idx" ON "membership_requests" USING gin ("ort" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "registration_links_email_trgm_idx" ON "registration_links" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);
  END IF;
END
$$;
