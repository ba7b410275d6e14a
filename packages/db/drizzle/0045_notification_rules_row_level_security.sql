-- Row-level security for notification_rules and scheduled_notifications (0044): the same
-- statements as in 0001_row_level_security.sql, whose header explains them. The notifications
-- poller (apps/server/src/jobs/notifications-worker.ts) looks for every organiser's due
-- messages on the application's own connection (the tables' owner, the migrating user), as the
-- events relay does (0038): that user gets a second policy on scheduled_notifications;
-- booking_app is not a member of it, so tenant work never does.
GRANT SELECT, INSERT, UPDATE, DELETE ON "notification_rules" TO booking_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "scheduled_notifications" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "notification_rules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "notification_rules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_rules" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "scheduled_notifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "scheduled_notifications" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "scheduled_notifications" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY "scheduled_notifications_poller" ON "scheduled_notifications" FOR SELECT TO %I USING (true)', current_user);
END
$$;
--> statement-breakpoint
-- The default rule of platform-and-account.md §9 for every organiser that exists (new ones get
-- theirs at sign-up): the cart confirmation (default template `cart-confirmation`) to the
-- customer, right after cart.processed. The application makes the same row
-- (apps/server/src/modules/notifications/rules-defaults.ts).
INSERT INTO "notification_rules" ("cuid", "organiser_id", "name", "trigger", "channels",
  "recipient_type", "requirements", "attachments", "is_default", "template_key")
SELECT 'r' || substr(md5(random()::text || o.id::text), 1, 23), o.id,
  CASE o.language WHEN 'en' THEN 'Cart confirmation' ELSE 'Confirmation de commande' END,
  'cart.processed', ARRAY['EMAIL'], 'CUSTOMER',
  '{"activity_ids":[],"category_ids":[],"payment":null,"participant_age_min":null,"participant_age_max":null}'::jsonb,
  '{"ics":false,"documents":false}'::jsonb, true, 'cart-confirmation'
FROM "organisers" o
ON CONFLICT DO NOTHING;
