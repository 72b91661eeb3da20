-- Hand-written: carries the sent-email record of the old per-request mailer into the outbox.
-- Sent and logged emails were delivered; failed ones had no retry, so they count as dead. A
-- 'pending' row belonged to a process that stopped mid-send (it may or may not have gone out):
-- it is kept as dead rather than sent a second time.
INSERT INTO "outbox" ("topic", "payload", "status", "attempts", "available_at", "last_error", "created_at", "delivered_at")
SELECT
  'email',
  jsonb_strip_nulls(jsonb_build_object('to', "to_address", 'subject', "subject", 'text', "text_body", 'html', "html_body", 'kind', "kind")),
  CASE WHEN "status" IN ('sent', 'logged') THEN 'delivered' ELSE 'dead' END,
  1,
  "created_at",
  CASE
    WHEN "status" = 'failed' THEN "error"
    WHEN "status" NOT IN ('sent', 'logged') THEN 'interrupted before the outbox existed'
  END,
  "created_at",
  CASE WHEN "status" IN ('sent', 'logged') THEN coalesce("sent_at", "created_at") END
FROM "email_outbox";
