CREATE TABLE "customer_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"self_registration_enabled" boolean DEFAULT false NOT NULL,
	"registration_code" text,
	"board_members_manage_portal" boolean DEFAULT false NOT NULL,
	"notification_roles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"color" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_sq_m" double precision NOT NULL,
	"notes" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_settings" ADD CONSTRAINT "customer_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_zones" ADD CONSTRAINT "customer_zones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_zones" ADD CONSTRAINT "customer_zones_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_settings_registration_code_key" ON "customer_settings" USING btree ("registration_code");--> statement-breakpoint
CREATE INDEX "customer_zones_customer_idx" ON "customer_zones" USING btree ("customer_id","name");--> statement-breakpoint
-- Backfill: existing links get the user's customer-side roles (docs/decisions/007-per-customer-roles.md).
UPDATE "customer_users" AS cu SET "roles" = ARRAY(SELECT r FROM unnest(u."roles") AS r WHERE r IN ('Property Manager', 'Board Member', 'Resident', 'Tenant/Resident', 'Tenant/Resident - Neighborhood', 'Landscape Committee')) FROM "users" AS u WHERE u."id" = cu."user_id";
