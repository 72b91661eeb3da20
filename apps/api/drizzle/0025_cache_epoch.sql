CREATE TABLE "cache_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"scope" bigint DEFAULT 0 NOT NULL,
	"reference" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_epoch_one_row" CHECK ("cache_epoch"."id" = 1)
);
--> statement-breakpoint
-- Hand-written below (decision 033; keep when regenerating): the one row, and statement-level
-- triggers that bump an epoch whenever what the API processes cache changes, in the same
-- transaction as the change (seen by every process at its commit).
INSERT INTO "cache_epoch" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "bump_scope_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_epoch" ("id", "scope") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "scope" = "cache_epoch"."scope" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_reference_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_epoch" ("id", "reference") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "reference" = "cache_epoch"."reference" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_scope_epoch" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "region_id", "branch_id", "account_manager_id" ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scope_epoch"();--> statement-breakpoint
CREATE TRIGGER "customer_team_scope_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_team" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scope_epoch"();--> statement-breakpoint
CREATE TRIGGER "customer_users_scope_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_scope_epoch"();--> statement-breakpoint
CREATE TRIGGER "service_request_types_reference_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_request_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_epoch"();--> statement-breakpoint
CREATE TRIGGER "service_request_priorities_reference_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_request_priorities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_epoch"();--> statement-breakpoint
CREATE TRIGGER "branches_reference_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_epoch"();--> statement-breakpoint
CREATE TRIGGER "regions_reference_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_epoch"();
