DROP INDEX "customers_name_id_idx";--> statement-breakpoint
DROP INDEX "service_requests_customer_created_idx";--> statement-breakpoint
CREATE INDEX "customers_name_sort_idx" ON "customers" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "service_requests_customer_created_idx" ON "service_requests" USING btree ("customer_id","created_at","id");