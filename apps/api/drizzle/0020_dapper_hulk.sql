CREATE TABLE "content_audience_customers" (
	"content_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "content_audience_customers_content_id_customer_id_pk" PRIMARY KEY("content_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'announcement' NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"image_file_id" uuid,
	"audience_type" text DEFAULT 'all' NOT NULL,
	"region_id" uuid,
	"branch_id" uuid,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_kind_check" CHECK ("content_items"."kind" in ('announcement', 'article')),
	CONSTRAINT "content_items_category_check" CHECK ("content_items"."category" in ('general', 'seasonal_tip', 'holiday_schedule', 'storm_update')),
	CONSTRAINT "content_items_audience_check" CHECK ("content_items"."audience_type" in ('all', 'region', 'branch', 'customers')),
	CONSTRAINT "content_items_status_check" CHECK ("content_items"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "content_opens" (
	"content_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_opens_content_id_user_id_pk" PRIMARY KEY("content_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "content_audience_customers" ADD CONSTRAINT "content_audience_customers_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_audience_customers" ADD CONSTRAINT "content_audience_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opens" ADD CONSTRAINT "content_opens_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_opens" ADD CONSTRAINT "content_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_audience_customers_customer_idx" ON "content_audience_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "content_items_status_idx" ON "content_items" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "content_items_updated_idx" ON "content_items" USING btree ("updated_at");