-- Decision 031: a request's first-response and resolution times in business hours (decision 006:
-- Monday–Friday 08:00–17:00 on the branch's wall clock, summed per local day) are stored on the row
-- by a trigger whenever filing, acknowledgement or completion times change, so the performance
-- report takes medians of a column instead of computing a generate_series per row. Hand-written
-- below the generated ALTERs (keep the function, backfill and trigger when regenerating).
ALTER TABLE "service_requests" ADD COLUMN "first_response_hours" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "resolution_hours" double precision;--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_hours_between(start_at timestamptz, end_at timestamptz, zone text) RETURNS double precision
LANGUAGE sql STABLE AS $$
  select case when start_at is null or end_at is null or zone is null then null else (
    select (coalesce(sum(greatest(0, extract(epoch from least(end_at at time zone zone, d + interval '17 hours') - greatest(start_at at time zone zone, d + interval '8 hours')))), 0) / 3600.0)::double precision
      from generate_series(date_trunc('day', start_at at time zone zone), end_at at time zone zone, interval '1 day') as d
     where extract(isodow from d) < 6) end
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_requests_business_hours() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.acknowledged_at IS DISTINCT FROM OLD.acknowledged_at
     OR NEW.completed_at IS DISTINCT FROM OLD.completed_at OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    IF NEW.acknowledged_at IS NULL AND NEW.completed_at IS NULL THEN
      NEW.first_response_hours := NULL;
      NEW.resolution_hours := NULL;
    ELSE
      SELECT b.time_zone INTO zone FROM customers c JOIN branches b ON b.id = c.branch_id WHERE c.id = NEW.customer_id;
      NEW.first_response_hours := business_hours_between(NEW.created_at, NEW.acknowledged_at, zone);
      NEW.resolution_hours := business_hours_between(NEW.created_at, NEW.completed_at, zone);
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "service_requests" r
   SET "first_response_hours" = business_hours_between(r.created_at, r.acknowledged_at, b.time_zone),
       "resolution_hours" = business_hours_between(r.created_at, r.completed_at, b.time_zone)
  FROM "customers" c JOIN "branches" b ON b.id = c.branch_id
 WHERE c.id = r.customer_id AND (r.acknowledged_at IS NOT NULL OR r.completed_at IS NOT NULL);--> statement-breakpoint
CREATE TRIGGER service_requests_business_hours BEFORE INSERT OR UPDATE ON "service_requests"
  FOR EACH ROW EXECUTE FUNCTION service_requests_business_hours();--> statement-breakpoint
CREATE INDEX "service_requests_report_filed_idx" ON "service_requests" USING btree ("created_at","customer_id","first_response_hours");--> statement-breakpoint
CREATE INDEX "service_requests_report_completed_idx" ON "service_requests" USING btree ("completed_at","customer_id","resolution_due_at","resolution_hours","reopen_count");--> statement-breakpoint
CREATE INDEX "service_requests_open_due_idx" ON "service_requests" USING btree ("resolution_due_at") WHERE status in ('new', 'acknowledged', 'scheduled', 'in_progress');
