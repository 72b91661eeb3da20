-- pg_trgm (trusted since PostgreSQL 13; PGlite loads it as an extension, db/client.ts): trigram indexes for search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_open_created_idx" ON "service_requests" USING btree ("created_at","id") WHERE status in ('new', 'acknowledged', 'scheduled', 'in_progress');--> statement-breakpoint
CREATE INDEX "service_requests_open_customer_idx" ON "service_requests" USING btree ("customer_id") WHERE status in ('new', 'acknowledged', 'scheduled', 'in_progress');--> statement-breakpoint
CREATE INDEX "service_requests_number_c_idx" ON "service_requests" USING btree ("number" collate "C","id");--> statement-breakpoint
CREATE INDEX "service_requests_title_trgm_idx" ON "service_requests" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_number_trgm_idx" ON "service_requests" USING gin ("number" gin_trgm_ops);