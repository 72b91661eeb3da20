CREATE TABLE "orange_report_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"names" jsonb NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orange_report_services_price_check" CHECK ("orange_report_services"."unit_price_cents" is null or "orange_report_services"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orange_report_services_name_key" ON "orange_report_services" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "orange_report_services_category_idx" ON "orange_report_services" USING btree ("category","sort_order");