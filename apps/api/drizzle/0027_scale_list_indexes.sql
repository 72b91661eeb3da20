CREATE INDEX "documents_updated_idx" ON "documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "invoices_issue_idx" ON "invoices" USING btree ("issue_date","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_open_issue_idx" ON "invoices" USING btree ("issue_date","created_at","id") WHERE status in ('issued', 'partly_paid');--> statement-breakpoint
CREATE INDEX "orange_reports_created_idx" ON "orange_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "plans_start_name_idx" ON "plans" USING btree ("start_date" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "proposals_updated_idx" ON "proposals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "proposals_open_idx" ON "proposals" USING btree ("customer_id") WHERE status in ('sent', 'viewed', 'pending_approval');