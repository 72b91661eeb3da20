CREATE TABLE "orange_report_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orange_report_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visibility" text DEFAULT 'staff' NOT NULL,
	"author_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"from_status" text,
	"to_status" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orange_report_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "orange_report_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text DEFAULT 'finding' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orange_report_recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"names" jsonb NOT NULL,
	"category" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" double precision NOT NULL,
	"unit_price_cents" integer,
	"line_total_cents" integer,
	"note" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orange_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"author_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"found_on" date NOT NULL,
	"category" text,
	"urgency" text,
	"findings" text DEFAULT '' NOT NULL,
	"zone_id" uuid,
	"latitude" double precision,
	"longitude" double precision,
	"location_text" text DEFAULT '' NOT NULL,
	"service_request_id" uuid,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"total_incomplete" boolean DEFAULT false NOT NULL,
	"reviewer_id" uuid,
	"return_comment" text,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_id" uuid,
	"proposal_requested_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orange_report_events" ADD CONSTRAINT "orange_report_events_report_id_orange_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."orange_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_report_events" ADD CONSTRAINT "orange_report_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_report_photos" ADD CONSTRAINT "orange_report_photos_report_id_orange_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."orange_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_report_photos" ADD CONSTRAINT "orange_report_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_report_recommendations" ADD CONSTRAINT "orange_report_recommendations_report_id_orange_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."orange_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_report_recommendations" ADD CONSTRAINT "orange_report_recommendations_service_id_orange_report_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."orange_report_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_reports" ADD CONSTRAINT "orange_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_reports" ADD CONSTRAINT "orange_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_reports" ADD CONSTRAINT "orange_reports_zone_id_customer_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."customer_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_reports" ADD CONSTRAINT "orange_reports_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_reports" ADD CONSTRAINT "orange_reports_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orange_reports" ADD CONSTRAINT "orange_reports_acknowledged_by_id_users_id_fk" FOREIGN KEY ("acknowledged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orange_report_events_report_idx" ON "orange_report_events" USING btree ("report_id","seq");--> statement-breakpoint
CREATE INDEX "orange_report_photos_report_idx" ON "orange_report_photos" USING btree ("report_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "orange_report_photos_file_key" ON "orange_report_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "orange_report_recommendations_report_idx" ON "orange_report_recommendations" USING btree ("report_id","sort_order");--> statement-breakpoint
CREATE INDEX "orange_report_recommendations_service_idx" ON "orange_report_recommendations" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orange_reports_number_key" ON "orange_reports" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orange_reports_customer_created_idx" ON "orange_reports" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orange_reports_author_idx" ON "orange_reports" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "orange_reports_pending_idx" ON "orange_reports" USING btree ("submitted_at") WHERE status = 'submitted';--> statement-breakpoint
CREATE INDEX "orange_reports_status_idx" ON "orange_reports" USING btree ("status");