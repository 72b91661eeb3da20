ALTER TABLE "service_requests" ADD COLUMN "scheduled_from" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "scheduled_to" text;