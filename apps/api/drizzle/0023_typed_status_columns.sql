-- Typed status and kind columns (docs/decisions/030-endpoint-contract-and-typed-data.md).
-- First convert what older code or hand edits may have left: spelling variants and retired values
-- map to their current value; then every CHECK below validates the rest (the migration stops on a
-- value it cannot place, rather than guessing).
UPDATE "customers" SET "type" = lower(trim("type")) WHERE "type" <> lower(trim("type"));--> statement-breakpoint
UPDATE "customers" SET "status" = lower(trim("status")) WHERE "status" <> lower(trim("status"));--> statement-breakpoint
UPDATE "customer_users" SET "status" = 'pending_approval' WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "customer_users" SET "status" = 'active' WHERE "status" = 'invited';--> statement-breakpoint
UPDATE "files" SET "kind" = 'file' WHERE "kind" = 'document';--> statement-breakpoint
UPDATE "customer_zones" SET "kind" = lower(trim("kind")) WHERE "kind" <> lower(trim("kind"));--> statement-breakpoint
ALTER TABLE "customer_team" ADD CONSTRAINT "customer_team_role_check" CHECK ("customer_team"."team_role" in ('Account Manager', 'Crew Leader', 'Business Development', 'Irrigation Technician', 'Enhancements Manager', 'Other'));--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_status_check" CHECK ("customer_users"."status" in ('active', 'pending_approval', 'requested', 'disabled'));--> statement-breakpoint
ALTER TABLE "customer_zones" ADD CONSTRAINT "customer_zones_kind_check" CHECK ("customer_zones"."kind" in ('turf', 'bed', 'irrigation_zone', 'no_touch', 'other'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_type_check" CHECK ("customers"."type" in ('hoa', 'commercial', 'multifamily', 'municipal', 'retail', 'other'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('prospect', 'active', 'inactive'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('photo', 'file'));--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_state_check" CHECK ("idempotency_keys"."state" in ('running', 'committed', 'done'));--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_kind_check" CHECK ("service_request_events"."kind" in ('comment', 'internal_note', 'status_change', 'assignment', 'priority_change', 'schedule_change'));--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_visibility_check" CHECK ("service_request_events"."visibility" in ('all', 'staff'));--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_from_status_check" CHECK ("service_request_events"."from_status" in ('new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_to_status_check" CHECK ("service_request_events"."to_status" in ('new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "service_request_priorities" ADD CONSTRAINT "service_request_priorities_clock_check" CHECK ("service_request_priorities"."clock" in ('business', 'calendar'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_preferred_contact_check" CHECK ("service_requests"."preferred_contact" in ('email', 'phone', 'text', 'none'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_visibility_check" CHECK ("documents"."visibility" in ('staff', 'customer'));--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('check', 'ach', 'wire', 'card', 'cash', 'other'));--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_status_check" CHECK ("invoice_payments"."status" in ('succeeded', 'pending', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('itemized', 'uploaded'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'issued', 'partly_paid', 'paid', 'void'));--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_link_type_check" CHECK ("message_threads"."link_type" in ('service_request', 'orange_report', 'plan', 'proposal'));--> statement-breakpoint
ALTER TABLE "proposal_approval_rounds" ADD CONSTRAINT "proposal_approval_rounds_status_check" CHECK ("proposal_approval_rounds"."status" in ('open', 'approved', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('draft', 'sent', 'viewed', 'pending_approval', 'accepted', 'declined', 'rejected', 'expired', 'withdrawn'));