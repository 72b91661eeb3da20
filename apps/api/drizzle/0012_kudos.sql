CREATE TABLE "kudos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"sender_id" uuid,
	"recipient_id" uuid,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"photo_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kudos_category_check" CHECK ("kudos"."category" in ('quality', 'friendliness', 'responsiveness', 'above_and_beyond'))
);
--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kudos_customer_idx" ON "kudos" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "kudos_recipient_idx" ON "kudos" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "kudos_sender_idx" ON "kudos" USING btree ("sender_id","created_at");