-- migrate:outside-transaction
-- Sharding readiness, stage 1 of 3 (decision 0097): the unique indexes of the new keys of the
-- tenant tables, built next to the old ones without blocking writes (CONCURRENTLY, so outside a
-- transaction: each statement commits on its own). Primary keys become (organiser_id, id) or
-- (organiser_id, <the old key's columns>), and every unique constraint or index gains
-- organiser_id in front: what Citus needs to distribute the tables by organiser_id. The next
-- migration turns these indexes into the constraints (0098), the last one validates the foreign
-- keys it re-points (0099).
--
-- Every tenant table already has organiser_id NOT NULL, so no column is added or backfilled.
--
-- A build that fails half-way (a deadlock, a cancel) leaves an INVALID index that IF NOT EXISTS
-- would skip and 0098 would refuse: drop it (DROP INDEX CONCURRENTLY) and run the migration again.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activities_cuid_unique_new" ON "activities" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activities_pkey_new" ON "activities" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_categories_pkey_new" ON "activity_categories" ("organiser_id", "activity_id", "category_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_images_pkey_new" ON "activity_images" ("organiser_id", "activity_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_option_prices_cuid_unique_new" ON "activity_option_prices" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_option_prices_pkey_new" ON "activity_option_prices" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_options_cuid_unique_new" ON "activity_options" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_options_pkey_new" ON "activity_options" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_questions_cuid_unique_new" ON "activity_questions" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_questions_pkey_new" ON "activity_questions" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_registration_constraints_cuid_unique_new" ON "activity_registration_constraints" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "activity_registration_constraints_pkey_new" ON "activity_registration_constraints" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "api_keys_cuid_unique_new" ON "api_keys" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "api_keys_keyHash_unique_new" ON "api_keys" ("organiser_id", "key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "api_keys_pkey_new" ON "api_keys" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_billing_configurations_cuid_unique_new" ON "attendance_billing_configurations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_billing_configurations_pkey_new" ON "attendance_billing_configurations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_billing_cycles_cuid_unique_new" ON "attendance_billing_cycles" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_billing_cycles_pkey_new" ON "attendance_billing_cycles" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_charge_items_cuid_unique_new" ON "attendance_charge_items" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_charge_items_pkey_new" ON "attendance_charge_items" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_charges_cuid_unique_new" ON "attendance_charges" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "attendance_charges_pkey_new" ON "attendance_charges" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "audit_logs_cuid_unique_new" ON "audit_logs" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "audit_logs_pkey_new" ON "audit_logs" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availabilities_cuid_unique_new" ON "availabilities" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availabilities_pkey_new" ON "availabilities" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_automatic_cancellations_cuid_unique_new" ON "availability_automatic_cancellations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_automatic_cancellations_pkey_new" ON "availability_automatic_cancellations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_categories_pkey_new" ON "availability_categories" ("organiser_id", "availability_id", "category_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_collaborators_cuid_unique_new" ON "availability_collaborators" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_collaborators_pkey_new" ON "availability_collaborators" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_dates_cuid_unique_new" ON "availability_dates" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "availability_dates_pkey_new" ON "availability_dates" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "badge_lists_cuid_unique_new" ON "badge_lists" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "badge_lists_pkey_new" ON "badge_lists" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "badges_badge_list_id_label_unique_new" ON "badges" ("organiser_id", "badge_list_id", "label");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "badges_cuid_unique_new" ON "badges" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "badges_pkey_new" ON "badges" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_statement_lines_cuid_unique_new" ON "bank_statement_lines" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_statement_lines_pkey_new" ON "bank_statement_lines" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_statements_cuid_unique_new" ON "bank_statements" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_statements_pkey_new" ON "bank_statements" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_transfers_cuid_unique_new" ON "bank_transfers" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_transfers_pkey_new" ON "bank_transfers" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bank_transfers_statement_line_id_unique_new" ON "bank_transfers" ("organiser_id", "statement_line_id") WHERE (cancelled_at IS NULL);--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "blog_article_images_pkey_new" ON "blog_article_images" ("organiser_id", "article_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "blog_articles_cuid_unique_new" ON "blog_articles" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "blog_articles_pkey_new" ON "blog_articles" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_configuration_memberships_pkey_new" ON "booking_configuration_memberships" ("organiser_id", "configuration_id", "membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_configurations_cuid_unique_new" ON "booking_configurations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_configurations_pkey_new" ON "booking_configurations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_dates_cuid_unique_new" ON "booking_dates" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_dates_pkey_new" ON "booking_dates" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_participations_cuid_unique_new" ON "booking_participations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "booking_participations_pkey_new" ON "booking_participations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bookings_cuid_unique_new" ON "bookings" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bookings_pkey_new" ON "bookings" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bundle_activities_pkey_new" ON "bundle_activities" ("organiser_id", "bundle_id", "activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bundle_images_pkey_new" ON "bundle_images" ("organiser_id", "bundle_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bundles_cuid_unique_new" ON "bundles" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "bundles_pkey_new" ON "bundles" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "calendar_periods_cuid_unique_new" ON "calendar_periods" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "calendar_periods_pkey_new" ON "calendar_periods" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "cart_item_dates_pkey_new" ON "cart_item_dates" ("organiser_id", "cart_item_id", "availability_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "cart_items_cuid_unique_new" ON "cart_items" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "cart_items_pkey_new" ON "cart_items" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "carts_cuid_unique_new" ON "carts" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "carts_pkey_new" ON "carts" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "catalog_activities_pkey_new" ON "catalog_activities" ("organiser_id", "catalog_id", "activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "catalogs_cuid_unique_new" ON "catalogs" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "catalogs_pkey_new" ON "catalogs" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "categories_cuid_unique_new" ON "categories" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "categories_pkey_new" ON "categories" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "category_groups_cuid_unique_new" ON "category_groups" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "category_groups_pkey_new" ON "category_groups" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "collaborator_notes_cuid_unique_new" ON "collaborator_notes" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "collaborator_notes_pkey_new" ON "collaborator_notes" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "collaborator_roles_cuid_unique_new" ON "collaborator_roles" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "collaborator_roles_pkey_new" ON "collaborator_roles" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "collaborator_tags_pkey_new" ON "collaborator_tags" ("organiser_id", "member_id", "tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "coupons_cuid_unique_new" ON "coupons" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "coupons_pkey_new" ON "coupons" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "custom_fields_cuid_unique_new" ON "custom_fields" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "custom_fields_pkey_new" ON "custom_fields" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_bundles_cuid_unique_new" ON "customer_bundles" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_bundles_pkey_new" ON "customer_bundles" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_invoices_cuid_unique_new" ON "customer_invoices" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_invoices_pkey_new" ON "customer_invoices" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_memberships_cuid_unique_new" ON "customer_memberships" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_memberships_pkey_new" ON "customer_memberships" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_notes_cuid_unique_new" ON "customer_notes" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_notes_pkey_new" ON "customer_notes" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_sessions_cuid_unique_new" ON "customer_sessions" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_sessions_pkey_new" ON "customer_sessions" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_sessions_token_hash_unique_new" ON "customer_sessions" ("organiser_id", "token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_tags_pkey_new" ON "customer_tags" ("organiser_id", "customer_id", "tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_vouchers_cuid_unique_new" ON "customer_vouchers" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_vouchers_pkey_new" ON "customer_vouchers" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customers_cuid_unique_new" ON "customers" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customers_pkey_new" ON "customers" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_custom_fields_cuid_unique_new" ON "document_custom_fields" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_custom_fields_pkey_new" ON "document_custom_fields" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_elements_cuid_unique_new" ON "document_elements" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_elements_pkey_new" ON "document_elements" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_model_activities_pkey_new" ON "document_model_activities" ("organiser_id", "document_model_id", "activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_models_cuid_unique_new" ON "document_models" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_models_pkey_new" ON "document_models" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_pages_cuid_unique_new" ON "document_pages" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_pages_document_model_id_position_unique_new" ON "document_pages" ("organiser_id", "document_model_id", "position");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "document_pages_pkey_new" ON "document_pages" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "events_cuid_unique_new" ON "events" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "events_pkey_new" ON "events" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "images_cuid_unique_new" ON "images" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "images_pkey_new" ON "images" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "imports_cuid_unique_new" ON "imports" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "imports_pkey_new" ON "imports" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "issued_documents_cuid_unique_new" ON "issued_documents" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "issued_documents_document_model_id_registration_id_unique_new" ON "issued_documents" ("organiser_id", "document_model_id", "registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "issued_documents_pkey_new" ON "issued_documents" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "locations_cuid_unique_new" ON "locations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "locations_pkey_new" ON "locations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "manual_messages_cuid_unique_new" ON "manual_messages" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "manual_messages_pkey_new" ON "manual_messages" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "membership_images_pkey_new" ON "membership_images" ("organiser_id", "membership_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "memberships_cuid_unique_new" ON "memberships" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "memberships_pkey_new" ON "memberships" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "newsletters_cuid_unique_new" ON "newsletters" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "newsletters_pkey_new" ON "newsletters" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notification_rules_cuid_unique_new" ON "notification_rules" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notification_rules_pkey_new" ON "notification_rules" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notification_templates_cuid_unique_new" ON "notification_templates" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notification_templates_pkey_new" ON "notification_templates" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "organiser_collaborators_cuid_unique_new" ON "organiser_collaborators" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "organiser_collaborators_pkey_new" ON "organiser_collaborators" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "page_elements_cuid_unique_new" ON "page_elements" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "page_elements_pkey_new" ON "page_elements" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "page_versions_cuid_unique_new" ON "page_versions" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "page_versions_pkey_new" ON "page_versions" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "pages_cuid_unique_new" ON "pages" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "pages_pkey_new" ON "pages" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "participant_badges_pkey_new" ON "participant_badges" ("organiser_id", "participant_id", "badge_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "participant_tags_pkey_new" ON "participant_tags" ("organiser_id", "participant_id", "tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "participants_cuid_unique_new" ON "participants" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "participants_pkey_new" ON "participants" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "password_reset_tokens_cuid_unique_new" ON "password_reset_tokens" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "password_reset_tokens_pkey_new" ON "password_reset_tokens" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "password_reset_tokens_token_hash_unique_new" ON "password_reset_tokens" ("organiser_id", "token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payment_reminders_cuid_unique_new" ON "payment_reminders" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payment_reminders_pkey_new" ON "payment_reminders" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payments_cuid_unique_new" ON "payments" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payments_pkey_new" ON "payments" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payments_provider_provider_payment_id_unique_new" ON "payments" ("organiser_id", "provider", "provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_cancellations_cuid_unique_new" ON "registration_cancellations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_cancellations_pkey_new" ON "registration_cancellations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_changes_cuid_unique_new" ON "registration_changes" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_changes_pkey_new" ON "registration_changes" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_dates_pkey_new" ON "registration_dates" ("organiser_id", "registration_id", "availability_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_notes_cuid_unique_new" ON "registration_notes" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_notes_pkey_new" ON "registration_notes" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_request_availabilities_pkey_new" ON "registration_request_availabilities" ("organiser_id", "registration_request_id", "availability_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_request_tiers_cuid_unique_new" ON "registration_request_tiers" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_request_tiers_pkey_new" ON "registration_request_tiers" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_requests_cuid_unique_new" ON "registration_requests" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_requests_pkey_new" ON "registration_requests" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_reviews_cuid_unique_new" ON "registration_reviews" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registration_reviews_pkey_new" ON "registration_reviews" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registrations_cuid_unique_new" ON "registrations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "registrations_pkey_new" ON "registrations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_closures_cuid_unique_new" ON "resource_closures" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_closures_pkey_new" ON "resource_closures" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_group_images_pkey_new" ON "resource_group_images" ("organiser_id", "group_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_groups_cuid_unique_new" ON "resource_groups" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_groups_pkey_new" ON "resource_groups" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_images_pkey_new" ON "resource_images" ("organiser_id", "resource_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_reservations_cuid_unique_new" ON "resource_reservations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_reservations_pkey_new" ON "resource_reservations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_slots_cuid_unique_new" ON "resource_slots" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resource_slots_pkey_new" ON "resource_slots" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resources_cuid_unique_new" ON "resources" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "resources_pkey_new" ON "resources" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "review_moderations_cuid_unique_new" ON "review_moderations" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "review_moderations_pkey_new" ON "review_moderations" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "scheduled_notifications_cuid_unique_new" ON "scheduled_notifications" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "scheduled_notifications_pkey_new" ON "scheduled_notifications" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "segments_cuid_unique_new" ON "segments" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "segments_pkey_new" ON "segments" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "tags_cuid_unique_new" ON "tags" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "tags_pkey_new" ON "tags" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "volume_discounts_cuid_unique_new" ON "volume_discounts" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "volume_discounts_pkey_new" ON "volume_discounts" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "voucher_images_pkey_new" ON "voucher_images" ("organiser_id", "voucher_id", "image_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "vouchers_cuid_unique_new" ON "vouchers" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "vouchers_pkey_new" ON "vouchers" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "waiting_list_entries_cuid_unique_new" ON "waiting_list_entries" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "waiting_list_entries_pkey_new" ON "waiting_list_entries" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "wallet_transactions_cuid_unique_new" ON "wallet_transactions" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "wallet_transactions_pkey_new" ON "wallet_transactions" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_attempts_cuid_unique_new" ON "webhook_attempts" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_attempts_pkey_new" ON "webhook_attempts" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_deliveries_cuid_unique_new" ON "webhook_deliveries" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_deliveries_pkey_new" ON "webhook_deliveries" ("organiser_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_endpoints_cuid_unique_new" ON "webhook_endpoints" ("organiser_id", "cuid");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_endpoints_pkey_new" ON "webhook_endpoints" ("organiser_id", "id");
