-- Sharding readiness, stage 2 of 3 (decision 0097): the indexes of 0097 become the primary keys
-- and unique constraints (`USING INDEX`: nothing is rebuilt or scanned), the old single-column
-- keys and the old unique (organiser_id, id) go, and the foreign keys that leaned on them are
-- added again, unchanged, on the new keys. They are added NOT VALID (no scan of the referencing
-- table while it is locked); 0099 validates them under a weaker lock. New rows are checked at
-- once either way.
--
-- The delivery log's references to a customer and a message by hand become composite too, and
-- `on delete set null` names the one column to clear, so that a deleted customer leaves the
-- message's organiser in place (PostgreSQL 15 or later).
--
-- Every statement here only changes the catalogue, but each takes an exclusive lock on its table
-- until the migration commits (one transaction, so that no foreign key is missing in between):
-- run it when no long transaction is open; `npm run migrate`'s lock timeout makes it fail fast,
-- and roll back whole, instead of queueing the traffic behind it.
ALTER TABLE "activity_categories" DROP CONSTRAINT "activity_categories_activity_fk";--> statement-breakpoint
ALTER TABLE "activity_categories" DROP CONSTRAINT "activity_categories_category_fk";--> statement-breakpoint
ALTER TABLE "activity_images" DROP CONSTRAINT "activity_images_activity_fk";--> statement-breakpoint
ALTER TABLE "activity_images" DROP CONSTRAINT "activity_images_image_fk";--> statement-breakpoint
ALTER TABLE "activity_option_prices" DROP CONSTRAINT "activity_option_prices_option_fk";--> statement-breakpoint
ALTER TABLE "activity_options" DROP CONSTRAINT "activity_options_activity_fk";--> statement-breakpoint
ALTER TABLE "activity_questions" DROP CONSTRAINT "activity_questions_activity_fk";--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" DROP CONSTRAINT "activity_registration_constraints_activity_fk";--> statement-breakpoint
ALTER TABLE "attendance_billing_configurations" DROP CONSTRAINT "attendance_billing_configurations_activity_fk";--> statement-breakpoint
ALTER TABLE "attendance_billing_cycles" DROP CONSTRAINT "attendance_billing_cycles_configuration_fk";--> statement-breakpoint
ALTER TABLE "attendance_charge_items" DROP CONSTRAINT "attendance_charge_items_availability_date_fk";--> statement-breakpoint
ALTER TABLE "attendance_charge_items" DROP CONSTRAINT "attendance_charge_items_charge_fk";--> statement-breakpoint
ALTER TABLE "attendance_charge_items" DROP CONSTRAINT "attendance_charge_items_registration_fk";--> statement-breakpoint
ALTER TABLE "attendance_charges" DROP CONSTRAINT "attendance_charges_billing_cycle_fk";--> statement-breakpoint
ALTER TABLE "attendance_charges" DROP CONSTRAINT "attendance_charges_customer_fk";--> statement-breakpoint
ALTER TABLE "availabilities" DROP CONSTRAINT "availabilities_activity_fk";--> statement-breakpoint
ALTER TABLE "availabilities" DROP CONSTRAINT "availabilities_location_fk";--> statement-breakpoint
ALTER TABLE "availabilities" DROP CONSTRAINT "availabilities_resource_fk";--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" DROP CONSTRAINT "availability_automatic_cancellations_availability_fk";--> statement-breakpoint
ALTER TABLE "availability_categories" DROP CONSTRAINT "availability_categories_availability_fk";--> statement-breakpoint
ALTER TABLE "availability_categories" DROP CONSTRAINT "availability_categories_category_fk";--> statement-breakpoint
ALTER TABLE "availability_collaborators" DROP CONSTRAINT "availability_collaborators_availability_fk";--> statement-breakpoint
ALTER TABLE "availability_collaborators" DROP CONSTRAINT "availability_collaborators_member_fk";--> statement-breakpoint
ALTER TABLE "availability_dates" DROP CONSTRAINT "availability_dates_availability_fk";--> statement-breakpoint
ALTER TABLE "badges" DROP CONSTRAINT "badges_badge_list_fk";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_statement_fk";--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_attendance_charge_fk";--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_booking_participation_fk";--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_cart_fk";--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_statement_line_fk";--> statement-breakpoint
ALTER TABLE "blog_article_images" DROP CONSTRAINT "blog_article_images_article_fk";--> statement-breakpoint
ALTER TABLE "blog_article_images" DROP CONSTRAINT "blog_article_images_image_fk";--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" DROP CONSTRAINT "booking_configuration_memberships_configuration_fk";--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" DROP CONSTRAINT "booking_configuration_memberships_membership_fk";--> statement-breakpoint
ALTER TABLE "booking_dates" DROP CONSTRAINT "booking_dates_booking_fk";--> statement-breakpoint
ALTER TABLE "booking_participations" DROP CONSTRAINT "booking_participations_booking_fk";--> statement-breakpoint
ALTER TABLE "booking_participations" DROP CONSTRAINT "booking_participations_customer_fk";--> statement-breakpoint
ALTER TABLE "booking_participations" DROP CONSTRAINT "booking_participations_participant_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_cart_item_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_resource_fk";--> statement-breakpoint
ALTER TABLE "bundle_activities" DROP CONSTRAINT "bundle_activities_activity_fk";--> statement-breakpoint
ALTER TABLE "bundle_activities" DROP CONSTRAINT "bundle_activities_bundle_fk";--> statement-breakpoint
ALTER TABLE "bundle_images" DROP CONSTRAINT "bundle_images_bundle_fk";--> statement-breakpoint
ALTER TABLE "bundle_images" DROP CONSTRAINT "bundle_images_image_fk";--> statement-breakpoint
ALTER TABLE "cart_item_dates" DROP CONSTRAINT "cart_item_dates_availability_date_fk";--> statement-breakpoint
ALTER TABLE "cart_item_dates" DROP CONSTRAINT "cart_item_dates_cart_item_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_availability_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_bundle_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cart_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_membership_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_participant_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_voucher_fk";--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_coupon_fk";--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_customer_fk";--> statement-breakpoint
ALTER TABLE "catalog_activities" DROP CONSTRAINT "catalog_activities_activity_fk";--> statement-breakpoint
ALTER TABLE "catalog_activities" DROP CONSTRAINT "catalog_activities_catalog_fk";--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_group_fk";--> statement-breakpoint
ALTER TABLE "collaborator_notes" DROP CONSTRAINT "collaborator_notes_member_fk";--> statement-breakpoint
ALTER TABLE "collaborator_tags" DROP CONSTRAINT "collaborator_tags_member_fk";--> statement-breakpoint
ALTER TABLE "collaborator_tags" DROP CONSTRAINT "collaborator_tags_tag_fk";--> statement-breakpoint
ALTER TABLE "customer_billing_details" DROP CONSTRAINT "customer_billing_details_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_bundle_fk";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_cart_fk";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_cart_item_fk";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_customer_voucher_fk";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_participant_fk";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_attendance_charge_fk";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_booking_participation_fk";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_cart_fk";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_credited_invoice_fk";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_registration_request_fk";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_cart_fk";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_cart_item_fk";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_membership_fk";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_participant_fk";--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_sessions" DROP CONSTRAINT "customer_sessions_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_tags" DROP CONSTRAINT "customer_tags_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_tags" DROP CONSTRAINT "customer_tags_tag_fk";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_cart_fk";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_cart_item_fk";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_customer_fk";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_participant_fk";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_recipient_fk";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_voucher_fk";--> statement-breakpoint
ALTER TABLE "document_custom_fields" DROP CONSTRAINT "document_custom_fields_document_model_fk";--> statement-breakpoint
ALTER TABLE "document_elements" DROP CONSTRAINT "document_elements_custom_field_fk";--> statement-breakpoint
ALTER TABLE "document_elements" DROP CONSTRAINT "document_elements_document_page_fk";--> statement-breakpoint
ALTER TABLE "document_model_activities" DROP CONSTRAINT "document_model_activities_activity_fk";--> statement-breakpoint
ALTER TABLE "document_model_activities" DROP CONSTRAINT "document_model_activities_document_model_fk";--> statement-breakpoint
ALTER TABLE "document_pages" DROP CONSTRAINT "document_pages_document_model_fk";--> statement-breakpoint
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_document_model_fk";--> statement-breakpoint
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_registration_fk";--> statement-breakpoint
ALTER TABLE "manual_messages" DROP CONSTRAINT "manual_messages_availability_date_fk";--> statement-breakpoint
ALTER TABLE "manual_messages" DROP CONSTRAINT "manual_messages_availability_fk";--> statement-breakpoint
ALTER TABLE "manual_messages" DROP CONSTRAINT "manual_messages_customer_fk";--> statement-breakpoint
ALTER TABLE "membership_images" DROP CONSTRAINT "membership_images_image_fk";--> statement-breakpoint
ALTER TABLE "membership_images" DROP CONSTRAINT "membership_images_membership_fk";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_manual_message_id_manual_messages_id_fk";--> statement-breakpoint
ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_segment_fk";--> statement-breakpoint
ALTER TABLE "organiser_collaborators" DROP CONSTRAINT "organiser_collaborators_role_fk";--> statement-breakpoint
ALTER TABLE "page_elements" DROP CONSTRAINT "page_elements_page_fk";--> statement-breakpoint
ALTER TABLE "page_elements" DROP CONSTRAINT "page_elements_parent_fk";--> statement-breakpoint
ALTER TABLE "page_versions" DROP CONSTRAINT "page_versions_page_fk";--> statement-breakpoint
ALTER TABLE "participant_badges" DROP CONSTRAINT "participant_badges_badge_fk";--> statement-breakpoint
ALTER TABLE "participant_badges" DROP CONSTRAINT "participant_badges_participant_fk";--> statement-breakpoint
ALTER TABLE "participant_tags" DROP CONSTRAINT "participant_tags_participant_fk";--> statement-breakpoint
ALTER TABLE "participant_tags" DROP CONSTRAINT "participant_tags_tag_fk";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_customer_fk";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_customer_fk";--> statement-breakpoint
ALTER TABLE "payment_reminders" DROP CONSTRAINT "payment_reminders_customer_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_attendance_charge_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_participation_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_cart_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_registration_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_registration_request_fk";--> statement-breakpoint
ALTER TABLE "peppol_transmissions" DROP CONSTRAINT "peppol_transmissions_invoice_fk";--> statement-breakpoint
ALTER TABLE "registration_cancellations" DROP CONSTRAINT "registration_cancellations_customer_fk";--> statement-breakpoint
ALTER TABLE "registration_cancellations" DROP CONSTRAINT "registration_cancellations_registration_fk";--> statement-breakpoint
ALTER TABLE "registration_changes" DROP CONSTRAINT "registration_changes_customer_fk";--> statement-breakpoint
ALTER TABLE "registration_changes" DROP CONSTRAINT "registration_changes_registration_fk";--> statement-breakpoint
ALTER TABLE "registration_dates" DROP CONSTRAINT "registration_dates_availability_date_fk";--> statement-breakpoint
ALTER TABLE "registration_dates" DROP CONSTRAINT "registration_dates_registration_fk";--> statement-breakpoint
ALTER TABLE "registration_notes" DROP CONSTRAINT "registration_notes_registration_fk";--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" DROP CONSTRAINT "registration_request_availabilities_availability_fk";--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" DROP CONSTRAINT "registration_request_availabilities_request_fk";--> statement-breakpoint
ALTER TABLE "registration_request_tiers" DROP CONSTRAINT "registration_request_tiers_activity_fk";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_activity_fk";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_cart_fk";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_cart_item_fk";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_customer_fk";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_participant_fk";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_tier_fk";--> statement-breakpoint
ALTER TABLE "registration_reviews" DROP CONSTRAINT "registration_reviews_customer_fk";--> statement-breakpoint
ALTER TABLE "registration_reviews" DROP CONSTRAINT "registration_reviews_registration_fk";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_availability_fk";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_bundle_fk";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_cart_fk";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_cart_item_fk";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_customer_fk";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_participant_fk";--> statement-breakpoint
ALTER TABLE "resource_closures" DROP CONSTRAINT "resource_closures_resource_fk";--> statement-breakpoint
ALTER TABLE "resource_group_images" DROP CONSTRAINT "resource_group_images_group_fk";--> statement-breakpoint
ALTER TABLE "resource_group_images" DROP CONSTRAINT "resource_group_images_image_fk";--> statement-breakpoint
ALTER TABLE "resource_groups" DROP CONSTRAINT "resource_groups_location_fk";--> statement-breakpoint
ALTER TABLE "resource_images" DROP CONSTRAINT "resource_images_image_fk";--> statement-breakpoint
ALTER TABLE "resource_images" DROP CONSTRAINT "resource_images_resource_fk";--> statement-breakpoint
ALTER TABLE "resource_reservations" DROP CONSTRAINT "resource_reservations_booking_date_fk";--> statement-breakpoint
ALTER TABLE "resource_reservations" DROP CONSTRAINT "resource_reservations_cart_item_fk";--> statement-breakpoint
ALTER TABLE "resource_reservations" DROP CONSTRAINT "resource_reservations_resource_fk";--> statement-breakpoint
ALTER TABLE "resource_slots" DROP CONSTRAINT "resource_slots_resource_fk";--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_booking_configuration_fk";--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_group_fk";--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_location_fk";--> statement-breakpoint
ALTER TABLE "review_moderations" DROP CONSTRAINT "review_moderations_review_fk";--> statement-breakpoint
ALTER TABLE "scheduled_notifications" DROP CONSTRAINT "scheduled_notifications_rule_fk";--> statement-breakpoint
ALTER TABLE "voucher_images" DROP CONSTRAINT "voucher_images_image_fk";--> statement-breakpoint
ALTER TABLE "voucher_images" DROP CONSTRAINT "voucher_images_voucher_fk";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_bundle_fk";--> statement-breakpoint
ALTER TABLE "waiting_list_entries" DROP CONSTRAINT "waiting_list_entries_availability_fk";--> statement-breakpoint
ALTER TABLE "waiting_list_entries" DROP CONSTRAINT "waiting_list_entries_customer_fk";--> statement-breakpoint
ALTER TABLE "waiting_list_entries" DROP CONSTRAINT "waiting_list_entries_participant_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_attendance_charge_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_booking_participation_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_cart_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_customer_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_customer_voucher_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_registration_fk";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_registration_request_fk";--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_fk";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_cuid_unique", ADD CONSTRAINT "activities_cuid_unique" UNIQUE USING INDEX "activities_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_pkey", DROP CONSTRAINT "activities_organiser_id_id_unique", ADD CONSTRAINT "activities_pkey" PRIMARY KEY USING INDEX "activities_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_categories" DROP CONSTRAINT "activity_categories_activity_id_category_id_pk", ADD CONSTRAINT "activity_categories_pkey" PRIMARY KEY USING INDEX "activity_categories_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_images" DROP CONSTRAINT "activity_images_activity_id_image_id_pk", ADD CONSTRAINT "activity_images_pkey" PRIMARY KEY USING INDEX "activity_images_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_option_prices" DROP CONSTRAINT "activity_option_prices_cuid_unique", ADD CONSTRAINT "activity_option_prices_cuid_unique" UNIQUE USING INDEX "activity_option_prices_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "activity_option_prices" DROP CONSTRAINT "activity_option_prices_pkey", DROP CONSTRAINT "activity_option_prices_organiser_id_id_unique", ADD CONSTRAINT "activity_option_prices_pkey" PRIMARY KEY USING INDEX "activity_option_prices_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_options" DROP CONSTRAINT "activity_options_cuid_unique", ADD CONSTRAINT "activity_options_cuid_unique" UNIQUE USING INDEX "activity_options_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "activity_options" DROP CONSTRAINT "activity_options_pkey", DROP CONSTRAINT "activity_options_organiser_id_id_unique", ADD CONSTRAINT "activity_options_pkey" PRIMARY KEY USING INDEX "activity_options_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_questions" DROP CONSTRAINT "activity_questions_cuid_unique", ADD CONSTRAINT "activity_questions_cuid_unique" UNIQUE USING INDEX "activity_questions_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "activity_questions" DROP CONSTRAINT "activity_questions_pkey", DROP CONSTRAINT "activity_questions_organiser_id_id_unique", ADD CONSTRAINT "activity_questions_pkey" PRIMARY KEY USING INDEX "activity_questions_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" DROP CONSTRAINT "activity_registration_constraints_cuid_unique", ADD CONSTRAINT "activity_registration_constraints_cuid_unique" UNIQUE USING INDEX "activity_registration_constraints_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" DROP CONSTRAINT "activity_registration_constraints_pkey", DROP CONSTRAINT "activity_registration_constraints_organiser_id_id_unique", ADD CONSTRAINT "activity_registration_constraints_pkey" PRIMARY KEY USING INDEX "activity_registration_constraints_pkey_new";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_cuid_unique", ADD CONSTRAINT "api_keys_cuid_unique" UNIQUE USING INDEX "api_keys_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_keyHash_unique", ADD CONSTRAINT "api_keys_keyHash_unique" UNIQUE USING INDEX "api_keys_keyHash_unique_new";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey", DROP CONSTRAINT "api_keys_organiser_id_id_unique", ADD CONSTRAINT "api_keys_pkey" PRIMARY KEY USING INDEX "api_keys_pkey_new";--> statement-breakpoint
ALTER TABLE "attendance_billing_configurations" DROP CONSTRAINT "attendance_billing_configurations_cuid_unique", ADD CONSTRAINT "attendance_billing_configurations_cuid_unique" UNIQUE USING INDEX "attendance_billing_configurations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "attendance_billing_configurations" DROP CONSTRAINT "attendance_billing_configurations_pkey", DROP CONSTRAINT "attendance_billing_configurations_organiser_id_id_unique", ADD CONSTRAINT "attendance_billing_configurations_pkey" PRIMARY KEY USING INDEX "attendance_billing_configurations_pkey_new";--> statement-breakpoint
ALTER TABLE "attendance_billing_cycles" DROP CONSTRAINT "attendance_billing_cycles_cuid_unique", ADD CONSTRAINT "attendance_billing_cycles_cuid_unique" UNIQUE USING INDEX "attendance_billing_cycles_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "attendance_billing_cycles" DROP CONSTRAINT "attendance_billing_cycles_pkey", DROP CONSTRAINT "attendance_billing_cycles_organiser_id_id_unique", ADD CONSTRAINT "attendance_billing_cycles_pkey" PRIMARY KEY USING INDEX "attendance_billing_cycles_pkey_new";--> statement-breakpoint
ALTER TABLE "attendance_charge_items" DROP CONSTRAINT "attendance_charge_items_cuid_unique", ADD CONSTRAINT "attendance_charge_items_cuid_unique" UNIQUE USING INDEX "attendance_charge_items_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "attendance_charge_items" DROP CONSTRAINT "attendance_charge_items_pkey", DROP CONSTRAINT "attendance_charge_items_organiser_id_id_unique", ADD CONSTRAINT "attendance_charge_items_pkey" PRIMARY KEY USING INDEX "attendance_charge_items_pkey_new";--> statement-breakpoint
ALTER TABLE "attendance_charges" DROP CONSTRAINT "attendance_charges_cuid_unique", ADD CONSTRAINT "attendance_charges_cuid_unique" UNIQUE USING INDEX "attendance_charges_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "attendance_charges" DROP CONSTRAINT "attendance_charges_pkey", DROP CONSTRAINT "attendance_charges_organiser_id_id_unique", ADD CONSTRAINT "attendance_charges_pkey" PRIMARY KEY USING INDEX "attendance_charges_pkey_new";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_cuid_unique", ADD CONSTRAINT "audit_logs_cuid_unique" UNIQUE USING INDEX "audit_logs_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_pkey", DROP CONSTRAINT "audit_logs_organiser_id_id_unique", ADD CONSTRAINT "audit_logs_pkey" PRIMARY KEY USING INDEX "audit_logs_pkey_new";--> statement-breakpoint
ALTER TABLE "availabilities" DROP CONSTRAINT "availabilities_cuid_unique", ADD CONSTRAINT "availabilities_cuid_unique" UNIQUE USING INDEX "availabilities_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "availabilities" DROP CONSTRAINT "availabilities_pkey", DROP CONSTRAINT "availabilities_organiser_id_id_unique", ADD CONSTRAINT "availabilities_pkey" PRIMARY KEY USING INDEX "availabilities_pkey_new";--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" DROP CONSTRAINT "availability_automatic_cancellations_cuid_unique", ADD CONSTRAINT "availability_automatic_cancellations_cuid_unique" UNIQUE USING INDEX "availability_automatic_cancellations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" DROP CONSTRAINT "availability_automatic_cancellations_pkey", DROP CONSTRAINT "availability_automatic_cancellations_organiser_id_id_unique", ADD CONSTRAINT "availability_automatic_cancellations_pkey" PRIMARY KEY USING INDEX "availability_automatic_cancellations_pkey_new";--> statement-breakpoint
ALTER TABLE "availability_categories" DROP CONSTRAINT "availability_categories_availability_id_category_id_pk", ADD CONSTRAINT "availability_categories_pkey" PRIMARY KEY USING INDEX "availability_categories_pkey_new";--> statement-breakpoint
ALTER TABLE "availability_collaborators" DROP CONSTRAINT "availability_collaborators_cuid_unique", ADD CONSTRAINT "availability_collaborators_cuid_unique" UNIQUE USING INDEX "availability_collaborators_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "availability_collaborators" DROP CONSTRAINT "availability_collaborators_pkey", DROP CONSTRAINT "availability_collaborators_organiser_id_id_unique", ADD CONSTRAINT "availability_collaborators_pkey" PRIMARY KEY USING INDEX "availability_collaborators_pkey_new";--> statement-breakpoint
ALTER TABLE "availability_dates" DROP CONSTRAINT "availability_dates_cuid_unique", ADD CONSTRAINT "availability_dates_cuid_unique" UNIQUE USING INDEX "availability_dates_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "availability_dates" DROP CONSTRAINT "availability_dates_pkey", DROP CONSTRAINT "availability_dates_organiser_id_id_unique", ADD CONSTRAINT "availability_dates_pkey" PRIMARY KEY USING INDEX "availability_dates_pkey_new";--> statement-breakpoint
ALTER TABLE "badge_lists" DROP CONSTRAINT "badge_lists_cuid_unique", ADD CONSTRAINT "badge_lists_cuid_unique" UNIQUE USING INDEX "badge_lists_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "badge_lists" DROP CONSTRAINT "badge_lists_pkey", DROP CONSTRAINT "badge_lists_organiser_id_id_unique", ADD CONSTRAINT "badge_lists_pkey" PRIMARY KEY USING INDEX "badge_lists_pkey_new";--> statement-breakpoint
ALTER TABLE "badges" DROP CONSTRAINT "badges_badge_list_id_label_unique", ADD CONSTRAINT "badges_badge_list_id_label_unique" UNIQUE USING INDEX "badges_badge_list_id_label_unique_new";--> statement-breakpoint
ALTER TABLE "badges" DROP CONSTRAINT "badges_cuid_unique", ADD CONSTRAINT "badges_cuid_unique" UNIQUE USING INDEX "badges_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "badges" DROP CONSTRAINT "badges_pkey", DROP CONSTRAINT "badges_organiser_id_id_unique", ADD CONSTRAINT "badges_pkey" PRIMARY KEY USING INDEX "badges_pkey_new";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_cuid_unique", ADD CONSTRAINT "bank_statement_lines_cuid_unique" UNIQUE USING INDEX "bank_statement_lines_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_pkey", DROP CONSTRAINT "bank_statement_lines_organiser_id_id_unique", ADD CONSTRAINT "bank_statement_lines_pkey" PRIMARY KEY USING INDEX "bank_statement_lines_pkey_new";--> statement-breakpoint
ALTER TABLE "bank_statements" DROP CONSTRAINT "bank_statements_cuid_unique", ADD CONSTRAINT "bank_statements_cuid_unique" UNIQUE USING INDEX "bank_statements_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "bank_statements" DROP CONSTRAINT "bank_statements_pkey", DROP CONSTRAINT "bank_statements_organiser_id_id_unique", ADD CONSTRAINT "bank_statements_pkey" PRIMARY KEY USING INDEX "bank_statements_pkey_new";--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_cuid_unique", ADD CONSTRAINT "bank_transfers_cuid_unique" UNIQUE USING INDEX "bank_transfers_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_pkey", DROP CONSTRAINT "bank_transfers_organiser_id_id_unique", ADD CONSTRAINT "bank_transfers_pkey" PRIMARY KEY USING INDEX "bank_transfers_pkey_new";--> statement-breakpoint
DROP INDEX "bank_transfers_statement_line_id_unique";--> statement-breakpoint
ALTER INDEX "bank_transfers_statement_line_id_unique_new" RENAME TO "bank_transfers_statement_line_id_unique";--> statement-breakpoint
ALTER TABLE "blog_article_images" DROP CONSTRAINT "blog_article_images_article_id_image_id_pk", ADD CONSTRAINT "blog_article_images_pkey" PRIMARY KEY USING INDEX "blog_article_images_pkey_new";--> statement-breakpoint
ALTER TABLE "blog_articles" DROP CONSTRAINT "blog_articles_cuid_unique", ADD CONSTRAINT "blog_articles_cuid_unique" UNIQUE USING INDEX "blog_articles_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "blog_articles" DROP CONSTRAINT "blog_articles_pkey", DROP CONSTRAINT "blog_articles_organiser_id_id_unique", ADD CONSTRAINT "blog_articles_pkey" PRIMARY KEY USING INDEX "blog_articles_pkey_new";--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" DROP CONSTRAINT "booking_configuration_memberships_configuration_id_membership_i", ADD CONSTRAINT "booking_configuration_memberships_pkey" PRIMARY KEY USING INDEX "booking_configuration_memberships_pkey_new";--> statement-breakpoint
ALTER TABLE "booking_configurations" DROP CONSTRAINT "booking_configurations_cuid_unique", ADD CONSTRAINT "booking_configurations_cuid_unique" UNIQUE USING INDEX "booking_configurations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "booking_configurations" DROP CONSTRAINT "booking_configurations_pkey", DROP CONSTRAINT "booking_configurations_organiser_id_id_unique", ADD CONSTRAINT "booking_configurations_pkey" PRIMARY KEY USING INDEX "booking_configurations_pkey_new";--> statement-breakpoint
ALTER TABLE "booking_dates" DROP CONSTRAINT "booking_dates_cuid_unique", ADD CONSTRAINT "booking_dates_cuid_unique" UNIQUE USING INDEX "booking_dates_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "booking_dates" DROP CONSTRAINT "booking_dates_pkey", DROP CONSTRAINT "booking_dates_organiser_id_id_unique", ADD CONSTRAINT "booking_dates_pkey" PRIMARY KEY USING INDEX "booking_dates_pkey_new";--> statement-breakpoint
ALTER TABLE "booking_participations" DROP CONSTRAINT "booking_participations_cuid_unique", ADD CONSTRAINT "booking_participations_cuid_unique" UNIQUE USING INDEX "booking_participations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "booking_participations" DROP CONSTRAINT "booking_participations_pkey", DROP CONSTRAINT "booking_participations_organiser_id_id_unique", ADD CONSTRAINT "booking_participations_pkey" PRIMARY KEY USING INDEX "booking_participations_pkey_new";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_cuid_unique", ADD CONSTRAINT "bookings_cuid_unique" UNIQUE USING INDEX "bookings_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pkey", DROP CONSTRAINT "bookings_organiser_id_id_unique", ADD CONSTRAINT "bookings_pkey" PRIMARY KEY USING INDEX "bookings_pkey_new";--> statement-breakpoint
ALTER TABLE "bundle_activities" DROP CONSTRAINT "bundle_activities_bundle_id_activity_id_pk", ADD CONSTRAINT "bundle_activities_pkey" PRIMARY KEY USING INDEX "bundle_activities_pkey_new";--> statement-breakpoint
ALTER TABLE "bundle_images" DROP CONSTRAINT "bundle_images_bundle_id_image_id_pk", ADD CONSTRAINT "bundle_images_pkey" PRIMARY KEY USING INDEX "bundle_images_pkey_new";--> statement-breakpoint
ALTER TABLE "bundles" DROP CONSTRAINT "bundles_cuid_unique", ADD CONSTRAINT "bundles_cuid_unique" UNIQUE USING INDEX "bundles_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "bundles" DROP CONSTRAINT "bundles_pkey", DROP CONSTRAINT "bundles_organiser_id_id_unique", ADD CONSTRAINT "bundles_pkey" PRIMARY KEY USING INDEX "bundles_pkey_new";--> statement-breakpoint
ALTER TABLE "calendar_periods" DROP CONSTRAINT "calendar_periods_cuid_unique", ADD CONSTRAINT "calendar_periods_cuid_unique" UNIQUE USING INDEX "calendar_periods_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "calendar_periods" DROP CONSTRAINT "calendar_periods_pkey", DROP CONSTRAINT "calendar_periods_organiser_id_id_unique", ADD CONSTRAINT "calendar_periods_pkey" PRIMARY KEY USING INDEX "calendar_periods_pkey_new";--> statement-breakpoint
ALTER TABLE "cart_item_dates" DROP CONSTRAINT "cart_item_dates_cart_item_id_availability_date_id_pk", ADD CONSTRAINT "cart_item_dates_pkey" PRIMARY KEY USING INDEX "cart_item_dates_pkey_new";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cuid_unique", ADD CONSTRAINT "cart_items_cuid_unique" UNIQUE USING INDEX "cart_items_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_pkey", DROP CONSTRAINT "cart_items_organiser_id_id_unique", ADD CONSTRAINT "cart_items_pkey" PRIMARY KEY USING INDEX "cart_items_pkey_new";--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_cuid_unique", ADD CONSTRAINT "carts_cuid_unique" UNIQUE USING INDEX "carts_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_pkey", DROP CONSTRAINT "carts_organiser_id_id_unique", ADD CONSTRAINT "carts_pkey" PRIMARY KEY USING INDEX "carts_pkey_new";--> statement-breakpoint
ALTER TABLE "catalog_activities" DROP CONSTRAINT "catalog_activities_catalog_id_activity_id_pk", ADD CONSTRAINT "catalog_activities_pkey" PRIMARY KEY USING INDEX "catalog_activities_pkey_new";--> statement-breakpoint
ALTER TABLE "catalogs" DROP CONSTRAINT "catalogs_cuid_unique", ADD CONSTRAINT "catalogs_cuid_unique" UNIQUE USING INDEX "catalogs_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "catalogs" DROP CONSTRAINT "catalogs_pkey", DROP CONSTRAINT "catalogs_organiser_id_id_unique", ADD CONSTRAINT "catalogs_pkey" PRIMARY KEY USING INDEX "catalogs_pkey_new";--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_cuid_unique", ADD CONSTRAINT "categories_cuid_unique" UNIQUE USING INDEX "categories_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_pkey", DROP CONSTRAINT "categories_organiser_id_id_unique", ADD CONSTRAINT "categories_pkey" PRIMARY KEY USING INDEX "categories_pkey_new";--> statement-breakpoint
ALTER TABLE "category_groups" DROP CONSTRAINT "category_groups_cuid_unique", ADD CONSTRAINT "category_groups_cuid_unique" UNIQUE USING INDEX "category_groups_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "category_groups" DROP CONSTRAINT "category_groups_pkey", DROP CONSTRAINT "category_groups_organiser_id_id_unique", ADD CONSTRAINT "category_groups_pkey" PRIMARY KEY USING INDEX "category_groups_pkey_new";--> statement-breakpoint
ALTER TABLE "collaborator_notes" DROP CONSTRAINT "collaborator_notes_cuid_unique", ADD CONSTRAINT "collaborator_notes_cuid_unique" UNIQUE USING INDEX "collaborator_notes_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "collaborator_notes" DROP CONSTRAINT "collaborator_notes_pkey", DROP CONSTRAINT "collaborator_notes_organiser_id_id_unique", ADD CONSTRAINT "collaborator_notes_pkey" PRIMARY KEY USING INDEX "collaborator_notes_pkey_new";--> statement-breakpoint
ALTER TABLE "collaborator_roles" DROP CONSTRAINT "collaborator_roles_cuid_unique", ADD CONSTRAINT "collaborator_roles_cuid_unique" UNIQUE USING INDEX "collaborator_roles_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "collaborator_roles" DROP CONSTRAINT "collaborator_roles_pkey", DROP CONSTRAINT "collaborator_roles_organiser_id_id_unique", ADD CONSTRAINT "collaborator_roles_pkey" PRIMARY KEY USING INDEX "collaborator_roles_pkey_new";--> statement-breakpoint
ALTER TABLE "collaborator_tags" DROP CONSTRAINT "collaborator_tags_member_id_tag_id_pk", ADD CONSTRAINT "collaborator_tags_pkey" PRIMARY KEY USING INDEX "collaborator_tags_pkey_new";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_cuid_unique", ADD CONSTRAINT "coupons_cuid_unique" UNIQUE USING INDEX "coupons_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_pkey", DROP CONSTRAINT "coupons_organiser_id_id_unique", ADD CONSTRAINT "coupons_pkey" PRIMARY KEY USING INDEX "coupons_pkey_new";--> statement-breakpoint
ALTER TABLE "custom_fields" DROP CONSTRAINT "custom_fields_cuid_unique", ADD CONSTRAINT "custom_fields_cuid_unique" UNIQUE USING INDEX "custom_fields_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "custom_fields" DROP CONSTRAINT "custom_fields_pkey", DROP CONSTRAINT "custom_fields_organiser_id_id_unique", ADD CONSTRAINT "custom_fields_pkey" PRIMARY KEY USING INDEX "custom_fields_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_cuid_unique", ADD CONSTRAINT "customer_bundles_cuid_unique" UNIQUE USING INDEX "customer_bundles_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customer_bundles" DROP CONSTRAINT "customer_bundles_pkey", DROP CONSTRAINT "customer_bundles_organiser_id_id_unique", ADD CONSTRAINT "customer_bundles_pkey" PRIMARY KEY USING INDEX "customer_bundles_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_cuid_unique", ADD CONSTRAINT "customer_invoices_cuid_unique" UNIQUE USING INDEX "customer_invoices_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_pkey", DROP CONSTRAINT "customer_invoices_organiser_id_id_unique", ADD CONSTRAINT "customer_invoices_pkey" PRIMARY KEY USING INDEX "customer_invoices_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_cuid_unique", ADD CONSTRAINT "customer_memberships_cuid_unique" UNIQUE USING INDEX "customer_memberships_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customer_memberships" DROP CONSTRAINT "customer_memberships_pkey", DROP CONSTRAINT "customer_memberships_organiser_id_id_unique", ADD CONSTRAINT "customer_memberships_pkey" PRIMARY KEY USING INDEX "customer_memberships_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_cuid_unique", ADD CONSTRAINT "customer_notes_cuid_unique" UNIQUE USING INDEX "customer_notes_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_pkey", DROP CONSTRAINT "customer_notes_organiser_id_id_unique", ADD CONSTRAINT "customer_notes_pkey" PRIMARY KEY USING INDEX "customer_notes_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_sessions" DROP CONSTRAINT "customer_sessions_cuid_unique", ADD CONSTRAINT "customer_sessions_cuid_unique" UNIQUE USING INDEX "customer_sessions_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customer_sessions" DROP CONSTRAINT "customer_sessions_pkey", DROP CONSTRAINT "customer_sessions_organiser_id_id_unique", ADD CONSTRAINT "customer_sessions_pkey" PRIMARY KEY USING INDEX "customer_sessions_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_sessions" DROP CONSTRAINT "customer_sessions_token_hash_unique", ADD CONSTRAINT "customer_sessions_token_hash_unique" UNIQUE USING INDEX "customer_sessions_token_hash_unique_new";--> statement-breakpoint
ALTER TABLE "customer_tags" DROP CONSTRAINT "customer_tags_customer_id_tag_id_pk", ADD CONSTRAINT "customer_tags_pkey" PRIMARY KEY USING INDEX "customer_tags_pkey_new";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_cuid_unique", ADD CONSTRAINT "customer_vouchers_cuid_unique" UNIQUE USING INDEX "customer_vouchers_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customer_vouchers" DROP CONSTRAINT "customer_vouchers_pkey", DROP CONSTRAINT "customer_vouchers_organiser_id_id_unique", ADD CONSTRAINT "customer_vouchers_pkey" PRIMARY KEY USING INDEX "customer_vouchers_pkey_new";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_cuid_unique", ADD CONSTRAINT "customers_cuid_unique" UNIQUE USING INDEX "customers_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey", DROP CONSTRAINT "customers_organiser_id_id_unique", ADD CONSTRAINT "customers_pkey" PRIMARY KEY USING INDEX "customers_pkey_new";--> statement-breakpoint
ALTER TABLE "document_custom_fields" DROP CONSTRAINT "document_custom_fields_cuid_unique", ADD CONSTRAINT "document_custom_fields_cuid_unique" UNIQUE USING INDEX "document_custom_fields_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "document_custom_fields" DROP CONSTRAINT "document_custom_fields_pkey", DROP CONSTRAINT "document_custom_fields_organiser_id_id_unique", ADD CONSTRAINT "document_custom_fields_pkey" PRIMARY KEY USING INDEX "document_custom_fields_pkey_new";--> statement-breakpoint
ALTER TABLE "document_elements" DROP CONSTRAINT "document_elements_cuid_unique", ADD CONSTRAINT "document_elements_cuid_unique" UNIQUE USING INDEX "document_elements_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "document_elements" DROP CONSTRAINT "document_elements_pkey", DROP CONSTRAINT "document_elements_organiser_id_id_unique", ADD CONSTRAINT "document_elements_pkey" PRIMARY KEY USING INDEX "document_elements_pkey_new";--> statement-breakpoint
ALTER TABLE "document_model_activities" DROP CONSTRAINT "document_model_activities_document_model_id_activity_id_pk", ADD CONSTRAINT "document_model_activities_pkey" PRIMARY KEY USING INDEX "document_model_activities_pkey_new";--> statement-breakpoint
ALTER TABLE "document_models" DROP CONSTRAINT "document_models_cuid_unique", ADD CONSTRAINT "document_models_cuid_unique" UNIQUE USING INDEX "document_models_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "document_models" DROP CONSTRAINT "document_models_pkey", DROP CONSTRAINT "document_models_organiser_id_id_unique", ADD CONSTRAINT "document_models_pkey" PRIMARY KEY USING INDEX "document_models_pkey_new";--> statement-breakpoint
ALTER TABLE "document_pages" DROP CONSTRAINT "document_pages_cuid_unique", ADD CONSTRAINT "document_pages_cuid_unique" UNIQUE USING INDEX "document_pages_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "document_pages" DROP CONSTRAINT "document_pages_document_model_id_position_unique", ADD CONSTRAINT "document_pages_document_model_id_position_unique" UNIQUE USING INDEX "document_pages_document_model_id_position_unique_new";--> statement-breakpoint
ALTER TABLE "document_pages" DROP CONSTRAINT "document_pages_pkey", DROP CONSTRAINT "document_pages_organiser_id_id_unique", ADD CONSTRAINT "document_pages_pkey" PRIMARY KEY USING INDEX "document_pages_pkey_new";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_cuid_unique", ADD CONSTRAINT "events_cuid_unique" UNIQUE USING INDEX "events_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_pkey", DROP CONSTRAINT "events_organiser_id_id_unique", ADD CONSTRAINT "events_pkey" PRIMARY KEY USING INDEX "events_pkey_new";--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_cuid_unique", ADD CONSTRAINT "images_cuid_unique" UNIQUE USING INDEX "images_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_pkey", DROP CONSTRAINT "images_organiser_id_id_unique", ADD CONSTRAINT "images_pkey" PRIMARY KEY USING INDEX "images_pkey_new";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_cuid_unique", ADD CONSTRAINT "imports_cuid_unique" UNIQUE USING INDEX "imports_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_pkey", DROP CONSTRAINT "imports_organiser_id_id_unique", ADD CONSTRAINT "imports_pkey" PRIMARY KEY USING INDEX "imports_pkey_new";--> statement-breakpoint
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_cuid_unique", ADD CONSTRAINT "issued_documents_cuid_unique" UNIQUE USING INDEX "issued_documents_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_document_model_id_registration_id_unique", ADD CONSTRAINT "issued_documents_document_model_id_registration_id_unique" UNIQUE USING INDEX "issued_documents_document_model_id_registration_id_unique_new";--> statement-breakpoint
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_pkey", DROP CONSTRAINT "issued_documents_organiser_id_id_unique", ADD CONSTRAINT "issued_documents_pkey" PRIMARY KEY USING INDEX "issued_documents_pkey_new";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_cuid_unique", ADD CONSTRAINT "locations_cuid_unique" UNIQUE USING INDEX "locations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_pkey", DROP CONSTRAINT "locations_organiser_id_id_unique", ADD CONSTRAINT "locations_pkey" PRIMARY KEY USING INDEX "locations_pkey_new";--> statement-breakpoint
ALTER TABLE "manual_messages" DROP CONSTRAINT "manual_messages_cuid_unique", ADD CONSTRAINT "manual_messages_cuid_unique" UNIQUE USING INDEX "manual_messages_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "manual_messages" DROP CONSTRAINT "manual_messages_pkey", DROP CONSTRAINT "manual_messages_organiser_id_id_unique", ADD CONSTRAINT "manual_messages_pkey" PRIMARY KEY USING INDEX "manual_messages_pkey_new";--> statement-breakpoint
ALTER TABLE "membership_images" DROP CONSTRAINT "membership_images_membership_id_image_id_pk", ADD CONSTRAINT "membership_images_pkey" PRIMARY KEY USING INDEX "membership_images_pkey_new";--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_cuid_unique", ADD CONSTRAINT "memberships_cuid_unique" UNIQUE USING INDEX "memberships_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_pkey", DROP CONSTRAINT "memberships_organiser_id_id_unique", ADD CONSTRAINT "memberships_pkey" PRIMARY KEY USING INDEX "memberships_pkey_new";--> statement-breakpoint
ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_cuid_unique", ADD CONSTRAINT "newsletters_cuid_unique" UNIQUE USING INDEX "newsletters_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_pkey", DROP CONSTRAINT "newsletters_organiser_id_id_unique", ADD CONSTRAINT "newsletters_pkey" PRIMARY KEY USING INDEX "newsletters_pkey_new";--> statement-breakpoint
ALTER TABLE "notification_rules" DROP CONSTRAINT "notification_rules_cuid_unique", ADD CONSTRAINT "notification_rules_cuid_unique" UNIQUE USING INDEX "notification_rules_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "notification_rules" DROP CONSTRAINT "notification_rules_pkey", DROP CONSTRAINT "notification_rules_organiser_id_id_unique", ADD CONSTRAINT "notification_rules_pkey" PRIMARY KEY USING INDEX "notification_rules_pkey_new";--> statement-breakpoint
ALTER TABLE "notification_templates" DROP CONSTRAINT "notification_templates_cuid_unique", ADD CONSTRAINT "notification_templates_cuid_unique" UNIQUE USING INDEX "notification_templates_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "notification_templates" DROP CONSTRAINT "notification_templates_pkey", DROP CONSTRAINT "notification_templates_organiser_id_id_unique", ADD CONSTRAINT "notification_templates_pkey" PRIMARY KEY USING INDEX "notification_templates_pkey_new";--> statement-breakpoint
ALTER TABLE "organiser_collaborators" DROP CONSTRAINT "organiser_collaborators_cuid_unique", ADD CONSTRAINT "organiser_collaborators_cuid_unique" UNIQUE USING INDEX "organiser_collaborators_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "organiser_collaborators" DROP CONSTRAINT "organiser_collaborators_pkey", DROP CONSTRAINT "organiser_collaborators_organiser_id_id_unique", ADD CONSTRAINT "organiser_collaborators_pkey" PRIMARY KEY USING INDEX "organiser_collaborators_pkey_new";--> statement-breakpoint
ALTER TABLE "page_elements" DROP CONSTRAINT "page_elements_cuid_unique", ADD CONSTRAINT "page_elements_cuid_unique" UNIQUE USING INDEX "page_elements_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "page_elements" DROP CONSTRAINT "page_elements_pkey", DROP CONSTRAINT "page_elements_organiser_id_id_unique", ADD CONSTRAINT "page_elements_pkey" PRIMARY KEY USING INDEX "page_elements_pkey_new";--> statement-breakpoint
ALTER TABLE "page_versions" DROP CONSTRAINT "page_versions_cuid_unique", ADD CONSTRAINT "page_versions_cuid_unique" UNIQUE USING INDEX "page_versions_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "page_versions" DROP CONSTRAINT "page_versions_pkey", DROP CONSTRAINT "page_versions_organiser_id_id_unique", ADD CONSTRAINT "page_versions_pkey" PRIMARY KEY USING INDEX "page_versions_pkey_new";--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_cuid_unique", ADD CONSTRAINT "pages_cuid_unique" UNIQUE USING INDEX "pages_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_pkey", DROP CONSTRAINT "pages_organiser_id_id_unique", ADD CONSTRAINT "pages_pkey" PRIMARY KEY USING INDEX "pages_pkey_new";--> statement-breakpoint
ALTER TABLE "participant_badges" DROP CONSTRAINT "participant_badges_participant_id_badge_id_pk", ADD CONSTRAINT "participant_badges_pkey" PRIMARY KEY USING INDEX "participant_badges_pkey_new";--> statement-breakpoint
ALTER TABLE "participant_tags" DROP CONSTRAINT "participant_tags_participant_id_tag_id_pk", ADD CONSTRAINT "participant_tags_pkey" PRIMARY KEY USING INDEX "participant_tags_pkey_new";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_cuid_unique", ADD CONSTRAINT "participants_cuid_unique" UNIQUE USING INDEX "participants_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_pkey", DROP CONSTRAINT "participants_organiser_id_id_unique", ADD CONSTRAINT "participants_pkey" PRIMARY KEY USING INDEX "participants_pkey_new";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_cuid_unique", ADD CONSTRAINT "password_reset_tokens_cuid_unique" UNIQUE USING INDEX "password_reset_tokens_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_pkey", DROP CONSTRAINT "password_reset_tokens_organiser_id_id_unique", ADD CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY USING INDEX "password_reset_tokens_pkey_new";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_token_hash_unique", ADD CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE USING INDEX "password_reset_tokens_token_hash_unique_new";--> statement-breakpoint
ALTER TABLE "payment_reminders" DROP CONSTRAINT "payment_reminders_cuid_unique", ADD CONSTRAINT "payment_reminders_cuid_unique" UNIQUE USING INDEX "payment_reminders_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "payment_reminders" DROP CONSTRAINT "payment_reminders_pkey", DROP CONSTRAINT "payment_reminders_organiser_id_id_unique", ADD CONSTRAINT "payment_reminders_pkey" PRIMARY KEY USING INDEX "payment_reminders_pkey_new";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_cuid_unique", ADD CONSTRAINT "payments_cuid_unique" UNIQUE USING INDEX "payments_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey", DROP CONSTRAINT "payments_organiser_id_id_unique", ADD CONSTRAINT "payments_pkey" PRIMARY KEY USING INDEX "payments_pkey_new";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_provider_payment_id_unique", ADD CONSTRAINT "payments_provider_provider_payment_id_unique" UNIQUE USING INDEX "payments_provider_provider_payment_id_unique_new";--> statement-breakpoint
ALTER TABLE "registration_cancellations" DROP CONSTRAINT "registration_cancellations_cuid_unique", ADD CONSTRAINT "registration_cancellations_cuid_unique" UNIQUE USING INDEX "registration_cancellations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registration_cancellations" DROP CONSTRAINT "registration_cancellations_pkey", DROP CONSTRAINT "registration_cancellations_organiser_id_id_unique", ADD CONSTRAINT "registration_cancellations_pkey" PRIMARY KEY USING INDEX "registration_cancellations_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_changes" DROP CONSTRAINT "registration_changes_cuid_unique", ADD CONSTRAINT "registration_changes_cuid_unique" UNIQUE USING INDEX "registration_changes_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registration_changes" DROP CONSTRAINT "registration_changes_pkey", DROP CONSTRAINT "registration_changes_organiser_id_id_unique", ADD CONSTRAINT "registration_changes_pkey" PRIMARY KEY USING INDEX "registration_changes_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_dates" DROP CONSTRAINT "registration_dates_registration_id_availability_date_id_pk", ADD CONSTRAINT "registration_dates_pkey" PRIMARY KEY USING INDEX "registration_dates_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_notes" DROP CONSTRAINT "registration_notes_cuid_unique", ADD CONSTRAINT "registration_notes_cuid_unique" UNIQUE USING INDEX "registration_notes_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registration_notes" DROP CONSTRAINT "registration_notes_pkey", DROP CONSTRAINT "registration_notes_organiser_id_id_unique", ADD CONSTRAINT "registration_notes_pkey" PRIMARY KEY USING INDEX "registration_notes_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" DROP CONSTRAINT "registration_request_availabilities_registration_request_id_ava", ADD CONSTRAINT "registration_request_availabilities_pkey" PRIMARY KEY USING INDEX "registration_request_availabilities_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_request_tiers" DROP CONSTRAINT "registration_request_tiers_cuid_unique", ADD CONSTRAINT "registration_request_tiers_cuid_unique" UNIQUE USING INDEX "registration_request_tiers_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registration_request_tiers" DROP CONSTRAINT "registration_request_tiers_pkey", DROP CONSTRAINT "registration_request_tiers_organiser_id_id_unique", ADD CONSTRAINT "registration_request_tiers_pkey" PRIMARY KEY USING INDEX "registration_request_tiers_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_cuid_unique", ADD CONSTRAINT "registration_requests_cuid_unique" UNIQUE USING INDEX "registration_requests_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registration_requests" DROP CONSTRAINT "registration_requests_pkey", DROP CONSTRAINT "registration_requests_organiser_id_id_unique", ADD CONSTRAINT "registration_requests_pkey" PRIMARY KEY USING INDEX "registration_requests_pkey_new";--> statement-breakpoint
ALTER TABLE "registration_reviews" DROP CONSTRAINT "registration_reviews_cuid_unique", ADD CONSTRAINT "registration_reviews_cuid_unique" UNIQUE USING INDEX "registration_reviews_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registration_reviews" DROP CONSTRAINT "registration_reviews_pkey", DROP CONSTRAINT "registration_reviews_organiser_id_id_unique", ADD CONSTRAINT "registration_reviews_pkey" PRIMARY KEY USING INDEX "registration_reviews_pkey_new";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_cuid_unique", ADD CONSTRAINT "registrations_cuid_unique" UNIQUE USING INDEX "registrations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_pkey", DROP CONSTRAINT "registrations_organiser_id_id_unique", ADD CONSTRAINT "registrations_pkey" PRIMARY KEY USING INDEX "registrations_pkey_new";--> statement-breakpoint
ALTER TABLE "resource_closures" DROP CONSTRAINT "resource_closures_cuid_unique", ADD CONSTRAINT "resource_closures_cuid_unique" UNIQUE USING INDEX "resource_closures_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "resource_closures" DROP CONSTRAINT "resource_closures_pkey", DROP CONSTRAINT "resource_closures_organiser_id_id_unique", ADD CONSTRAINT "resource_closures_pkey" PRIMARY KEY USING INDEX "resource_closures_pkey_new";--> statement-breakpoint
ALTER TABLE "resource_group_images" DROP CONSTRAINT "resource_group_images_group_id_image_id_pk", ADD CONSTRAINT "resource_group_images_pkey" PRIMARY KEY USING INDEX "resource_group_images_pkey_new";--> statement-breakpoint
ALTER TABLE "resource_groups" DROP CONSTRAINT "resource_groups_cuid_unique", ADD CONSTRAINT "resource_groups_cuid_unique" UNIQUE USING INDEX "resource_groups_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "resource_groups" DROP CONSTRAINT "resource_groups_pkey", DROP CONSTRAINT "resource_groups_organiser_id_id_unique", ADD CONSTRAINT "resource_groups_pkey" PRIMARY KEY USING INDEX "resource_groups_pkey_new";--> statement-breakpoint
ALTER TABLE "resource_images" DROP CONSTRAINT "resource_images_resource_id_image_id_pk", ADD CONSTRAINT "resource_images_pkey" PRIMARY KEY USING INDEX "resource_images_pkey_new";--> statement-breakpoint
ALTER TABLE "resource_reservations" DROP CONSTRAINT "resource_reservations_cuid_unique", ADD CONSTRAINT "resource_reservations_cuid_unique" UNIQUE USING INDEX "resource_reservations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "resource_reservations" DROP CONSTRAINT "resource_reservations_pkey", DROP CONSTRAINT "resource_reservations_organiser_id_id_unique", ADD CONSTRAINT "resource_reservations_pkey" PRIMARY KEY USING INDEX "resource_reservations_pkey_new";--> statement-breakpoint
ALTER TABLE "resource_slots" DROP CONSTRAINT "resource_slots_cuid_unique", ADD CONSTRAINT "resource_slots_cuid_unique" UNIQUE USING INDEX "resource_slots_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "resource_slots" DROP CONSTRAINT "resource_slots_pkey", DROP CONSTRAINT "resource_slots_organiser_id_id_unique", ADD CONSTRAINT "resource_slots_pkey" PRIMARY KEY USING INDEX "resource_slots_pkey_new";--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_cuid_unique", ADD CONSTRAINT "resources_cuid_unique" UNIQUE USING INDEX "resources_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_pkey", DROP CONSTRAINT "resources_organiser_id_id_unique", ADD CONSTRAINT "resources_pkey" PRIMARY KEY USING INDEX "resources_pkey_new";--> statement-breakpoint
ALTER TABLE "review_moderations" DROP CONSTRAINT "review_moderations_cuid_unique", ADD CONSTRAINT "review_moderations_cuid_unique" UNIQUE USING INDEX "review_moderations_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "review_moderations" DROP CONSTRAINT "review_moderations_pkey", DROP CONSTRAINT "review_moderations_organiser_id_id_unique", ADD CONSTRAINT "review_moderations_pkey" PRIMARY KEY USING INDEX "review_moderations_pkey_new";--> statement-breakpoint
ALTER TABLE "scheduled_notifications" DROP CONSTRAINT "scheduled_notifications_cuid_unique", ADD CONSTRAINT "scheduled_notifications_cuid_unique" UNIQUE USING INDEX "scheduled_notifications_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "scheduled_notifications" DROP CONSTRAINT "scheduled_notifications_pkey", DROP CONSTRAINT "scheduled_notifications_organiser_id_id_unique", ADD CONSTRAINT "scheduled_notifications_pkey" PRIMARY KEY USING INDEX "scheduled_notifications_pkey_new";--> statement-breakpoint
ALTER TABLE "segments" DROP CONSTRAINT "segments_cuid_unique", ADD CONSTRAINT "segments_cuid_unique" UNIQUE USING INDEX "segments_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "segments" DROP CONSTRAINT "segments_pkey", DROP CONSTRAINT "segments_organiser_id_id_unique", ADD CONSTRAINT "segments_pkey" PRIMARY KEY USING INDEX "segments_pkey_new";--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_cuid_unique", ADD CONSTRAINT "tags_cuid_unique" UNIQUE USING INDEX "tags_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_pkey", DROP CONSTRAINT "tags_organiser_id_id_unique", ADD CONSTRAINT "tags_pkey" PRIMARY KEY USING INDEX "tags_pkey_new";--> statement-breakpoint
ALTER TABLE "volume_discounts" DROP CONSTRAINT "volume_discounts_cuid_unique", ADD CONSTRAINT "volume_discounts_cuid_unique" UNIQUE USING INDEX "volume_discounts_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "volume_discounts" DROP CONSTRAINT "volume_discounts_pkey", DROP CONSTRAINT "volume_discounts_organiser_id_id_unique", ADD CONSTRAINT "volume_discounts_pkey" PRIMARY KEY USING INDEX "volume_discounts_pkey_new";--> statement-breakpoint
ALTER TABLE "voucher_images" DROP CONSTRAINT "voucher_images_voucher_id_image_id_pk", ADD CONSTRAINT "voucher_images_pkey" PRIMARY KEY USING INDEX "voucher_images_pkey_new";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_cuid_unique", ADD CONSTRAINT "vouchers_cuid_unique" UNIQUE USING INDEX "vouchers_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_pkey", DROP CONSTRAINT "vouchers_organiser_id_id_unique", ADD CONSTRAINT "vouchers_pkey" PRIMARY KEY USING INDEX "vouchers_pkey_new";--> statement-breakpoint
ALTER TABLE "waiting_list_entries" DROP CONSTRAINT "waiting_list_entries_cuid_unique", ADD CONSTRAINT "waiting_list_entries_cuid_unique" UNIQUE USING INDEX "waiting_list_entries_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "waiting_list_entries" DROP CONSTRAINT "waiting_list_entries_pkey", DROP CONSTRAINT "waiting_list_entries_organiser_id_id_unique", ADD CONSTRAINT "waiting_list_entries_pkey" PRIMARY KEY USING INDEX "waiting_list_entries_pkey_new";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_cuid_unique", ADD CONSTRAINT "wallet_transactions_cuid_unique" UNIQUE USING INDEX "wallet_transactions_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_pkey", DROP CONSTRAINT "wallet_transactions_organiser_id_id_unique", ADD CONSTRAINT "wallet_transactions_pkey" PRIMARY KEY USING INDEX "wallet_transactions_pkey_new";--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_cuid_unique", ADD CONSTRAINT "webhook_attempts_cuid_unique" UNIQUE USING INDEX "webhook_attempts_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey", DROP CONSTRAINT "webhook_attempts_organiser_id_id_unique", ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY USING INDEX "webhook_attempts_pkey_new";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_cuid_unique", ADD CONSTRAINT "webhook_deliveries_cuid_unique" UNIQUE USING INDEX "webhook_deliveries_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey", DROP CONSTRAINT "webhook_deliveries_organiser_id_id_unique", ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY USING INDEX "webhook_deliveries_pkey_new";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_cuid_unique", ADD CONSTRAINT "webhook_endpoints_cuid_unique" UNIQUE USING INDEX "webhook_endpoints_cuid_unique_new";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey", DROP CONSTRAINT "webhook_endpoints_organiser_id_id_unique", ADD CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY USING INDEX "webhook_endpoints_pkey_new";--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_category_fk" FOREIGN KEY (organiser_id, category_id) REFERENCES categories(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_option_prices" ADD CONSTRAINT "activity_option_prices_option_fk" FOREIGN KEY (organiser_id, option_id) REFERENCES activity_options(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_options" ADD CONSTRAINT "activity_options_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_questions" ADD CONSTRAINT "activity_questions_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" ADD CONSTRAINT "activity_registration_constraints_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_billing_configurations" ADD CONSTRAINT "attendance_billing_configurations_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_billing_cycles" ADD CONSTRAINT "attendance_billing_cycles_configuration_fk" FOREIGN KEY (organiser_id, configuration_id) REFERENCES attendance_billing_configurations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_availability_date_fk" FOREIGN KEY (organiser_id, availability_date_id) REFERENCES availability_dates(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_charge_fk" FOREIGN KEY (organiser_id, attendance_charge_id) REFERENCES attendance_charges(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_charges" ADD CONSTRAINT "attendance_charges_billing_cycle_fk" FOREIGN KEY (organiser_id, billing_cycle_id) REFERENCES attendance_billing_cycles(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "attendance_charges" ADD CONSTRAINT "attendance_charges_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_location_fk" FOREIGN KEY (organiser_id, location_id) REFERENCES locations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_resource_fk" FOREIGN KEY (organiser_id, resource_id) REFERENCES resources(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" ADD CONSTRAINT "availability_automatic_cancellations_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "availability_categories" ADD CONSTRAINT "availability_categories_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "availability_categories" ADD CONSTRAINT "availability_categories_category_fk" FOREIGN KEY (organiser_id, category_id) REFERENCES categories(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "availability_collaborators" ADD CONSTRAINT "availability_collaborators_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "availability_collaborators" ADD CONSTRAINT "availability_collaborators_member_fk" FOREIGN KEY (organiser_id, organiser_collaborator_id) REFERENCES organiser_collaborators(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "availability_dates" ADD CONSTRAINT "availability_dates_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_badge_list_fk" FOREIGN KEY (organiser_id, badge_list_id) REFERENCES badge_lists(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_fk" FOREIGN KEY (organiser_id, statement_id) REFERENCES bank_statements(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_attendance_charge_fk" FOREIGN KEY (organiser_id, attendance_charge_id) REFERENCES attendance_charges(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_booking_participation_fk" FOREIGN KEY (organiser_id, booking_participation_id) REFERENCES booking_participations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_statement_line_fk" FOREIGN KEY (organiser_id, statement_line_id) REFERENCES bank_statement_lines(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "blog_article_images" ADD CONSTRAINT "blog_article_images_article_fk" FOREIGN KEY (organiser_id, article_id) REFERENCES blog_articles(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "blog_article_images" ADD CONSTRAINT "blog_article_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" ADD CONSTRAINT "booking_configuration_memberships_configuration_fk" FOREIGN KEY (organiser_id, configuration_id) REFERENCES booking_configurations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" ADD CONSTRAINT "booking_configuration_memberships_membership_fk" FOREIGN KEY (organiser_id, membership_id) REFERENCES memberships(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "booking_dates" ADD CONSTRAINT "booking_dates_booking_fk" FOREIGN KEY (organiser_id, booking_id) REFERENCES bookings(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_booking_fk" FOREIGN KEY (organiser_id, booking_id) REFERENCES bookings(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resource_fk" FOREIGN KEY (organiser_id, resource_id) REFERENCES resources(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "bundle_activities" ADD CONSTRAINT "bundle_activities_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "bundle_activities" ADD CONSTRAINT "bundle_activities_bundle_fk" FOREIGN KEY (organiser_id, bundle_id) REFERENCES bundles(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "bundle_images" ADD CONSTRAINT "bundle_images_bundle_fk" FOREIGN KEY (organiser_id, bundle_id) REFERENCES bundles(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "bundle_images" ADD CONSTRAINT "bundle_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_item_dates" ADD CONSTRAINT "cart_item_dates_availability_date_fk" FOREIGN KEY (organiser_id, availability_date_id) REFERENCES availability_dates(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_item_dates" ADD CONSTRAINT "cart_item_dates_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_bundle_fk" FOREIGN KEY (organiser_id, bundle_id) REFERENCES bundles(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_membership_fk" FOREIGN KEY (organiser_id, membership_id) REFERENCES memberships(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_voucher_fk" FOREIGN KEY (organiser_id, voucher_id) REFERENCES vouchers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_coupon_fk" FOREIGN KEY (organiser_id, coupon_id) REFERENCES coupons(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "catalog_activities" ADD CONSTRAINT "catalog_activities_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "catalog_activities" ADD CONSTRAINT "catalog_activities_catalog_fk" FOREIGN KEY (organiser_id, catalog_id) REFERENCES catalogs(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_fk" FOREIGN KEY (organiser_id, group_id) REFERENCES category_groups(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "collaborator_notes" ADD CONSTRAINT "collaborator_notes_member_fk" FOREIGN KEY (organiser_id, member_id) REFERENCES organiser_collaborators(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "collaborator_tags" ADD CONSTRAINT "collaborator_tags_member_fk" FOREIGN KEY (organiser_id, member_id) REFERENCES organiser_collaborators(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "collaborator_tags" ADD CONSTRAINT "collaborator_tags_tag_fk" FOREIGN KEY (organiser_id, tag_id) REFERENCES tags(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_billing_details" ADD CONSTRAINT "customer_billing_details_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_bundle_fk" FOREIGN KEY (organiser_id, bundle_id) REFERENCES bundles(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_customer_voucher_fk" FOREIGN KEY (organiser_id, customer_voucher_id) REFERENCES customer_vouchers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_attendance_charge_fk" FOREIGN KEY (organiser_id, attendance_charge_id) REFERENCES attendance_charges(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_booking_participation_fk" FOREIGN KEY (organiser_id, booking_participation_id) REFERENCES booking_participations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_credited_invoice_fk" FOREIGN KEY (organiser_id, credited_invoice_id) REFERENCES customer_invoices(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_registration_request_fk" FOREIGN KEY (organiser_id, registration_request_id) REFERENCES registration_requests(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_membership_fk" FOREIGN KEY (organiser_id, membership_id) REFERENCES memberships(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_tag_fk" FOREIGN KEY (organiser_id, tag_id) REFERENCES tags(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_recipient_fk" FOREIGN KEY (organiser_id, recipient_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_voucher_fk" FOREIGN KEY (organiser_id, voucher_id) REFERENCES vouchers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "document_custom_fields" ADD CONSTRAINT "document_custom_fields_document_model_fk" FOREIGN KEY (organiser_id, document_model_id) REFERENCES document_models(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "document_elements" ADD CONSTRAINT "document_elements_custom_field_fk" FOREIGN KEY (organiser_id, custom_field_id) REFERENCES document_custom_fields(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "document_elements" ADD CONSTRAINT "document_elements_document_page_fk" FOREIGN KEY (organiser_id, document_page_id) REFERENCES document_pages(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "document_model_activities" ADD CONSTRAINT "document_model_activities_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "document_model_activities" ADD CONSTRAINT "document_model_activities_document_model_fk" FOREIGN KEY (organiser_id, document_model_id) REFERENCES document_models(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_document_model_fk" FOREIGN KEY (organiser_id, document_model_id) REFERENCES document_models(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_document_model_fk" FOREIGN KEY (organiser_id, document_model_id) REFERENCES document_models(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_availability_date_fk" FOREIGN KEY (organiser_id, availability_date_id) REFERENCES availability_dates(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "membership_images" ADD CONSTRAINT "membership_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "membership_images" ADD CONSTRAINT "membership_images_membership_fk" FOREIGN KEY (organiser_id, membership_id) REFERENCES memberships(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_fk" FOREIGN KEY ("organiser_id", "customer_id") REFERENCES "customers"("organiser_id", "id") ON DELETE SET NULL ("customer_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_manual_message_fk" FOREIGN KEY ("organiser_id", "manual_message_id") REFERENCES "manual_messages"("organiser_id", "id") ON DELETE SET NULL ("manual_message_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_segment_fk" FOREIGN KEY (organiser_id, segment_id) REFERENCES segments(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "organiser_collaborators" ADD CONSTRAINT "organiser_collaborators_role_fk" FOREIGN KEY (organiser_id, role_id) REFERENCES collaborator_roles(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_page_fk" FOREIGN KEY (organiser_id, page_id) REFERENCES pages(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_parent_fk" FOREIGN KEY (organiser_id, parent_id) REFERENCES page_elements(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_fk" FOREIGN KEY (organiser_id, page_id) REFERENCES pages(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "participant_badges" ADD CONSTRAINT "participant_badges_badge_fk" FOREIGN KEY (organiser_id, badge_id) REFERENCES badges(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "participant_badges" ADD CONSTRAINT "participant_badges_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "participant_tags" ADD CONSTRAINT "participant_tags_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "participant_tags" ADD CONSTRAINT "participant_tags_tag_fk" FOREIGN KEY (organiser_id, tag_id) REFERENCES tags(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attendance_charge_fk" FOREIGN KEY (organiser_id, attendance_charge_id) REFERENCES attendance_charges(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_participation_fk" FOREIGN KEY (organiser_id, booking_participation_id) REFERENCES booking_participations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_request_fk" FOREIGN KEY (organiser_id, registration_request_id) REFERENCES registration_requests(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "peppol_transmissions" ADD CONSTRAINT "peppol_transmissions_invoice_fk" FOREIGN KEY (organiser_id, invoice_id) REFERENCES customer_invoices(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_availability_date_fk" FOREIGN KEY (organiser_id, availability_date_id) REFERENCES availability_dates(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_notes" ADD CONSTRAINT "registration_notes_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" ADD CONSTRAINT "registration_request_availabilities_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" ADD CONSTRAINT "registration_request_availabilities_request_fk" FOREIGN KEY (organiser_id, registration_request_id) REFERENCES registration_requests(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_request_tiers" ADD CONSTRAINT "registration_request_tiers_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_activity_fk" FOREIGN KEY (organiser_id, activity_id) REFERENCES activities(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_tier_fk" FOREIGN KEY (organiser_id, tier_id) REFERENCES registration_request_tiers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_bundle_fk" FOREIGN KEY (organiser_id, bundle_id) REFERENCES customer_bundles(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_closures" ADD CONSTRAINT "resource_closures_resource_fk" FOREIGN KEY (organiser_id, resource_id) REFERENCES resources(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_group_images" ADD CONSTRAINT "resource_group_images_group_fk" FOREIGN KEY (organiser_id, group_id) REFERENCES resource_groups(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_group_images" ADD CONSTRAINT "resource_group_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_location_fk" FOREIGN KEY (organiser_id, location_id) REFERENCES locations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_images" ADD CONSTRAINT "resource_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_images" ADD CONSTRAINT "resource_images_resource_fk" FOREIGN KEY (organiser_id, resource_id) REFERENCES resources(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_booking_date_fk" FOREIGN KEY (organiser_id, booking_date_id) REFERENCES booking_dates(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_cart_item_fk" FOREIGN KEY (organiser_id, cart_item_id) REFERENCES cart_items(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_resource_fk" FOREIGN KEY (organiser_id, resource_id) REFERENCES resources(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resource_slots" ADD CONSTRAINT "resource_slots_resource_fk" FOREIGN KEY (organiser_id, resource_id) REFERENCES resources(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_booking_configuration_fk" FOREIGN KEY (organiser_id, booking_configuration_id) REFERENCES booking_configurations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_group_fk" FOREIGN KEY (organiser_id, group_id) REFERENCES resource_groups(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_location_fk" FOREIGN KEY (organiser_id, location_id) REFERENCES locations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "review_moderations" ADD CONSTRAINT "review_moderations_review_fk" FOREIGN KEY (organiser_id, review_id) REFERENCES registration_reviews(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "scheduled_notifications" ADD CONSTRAINT "scheduled_notifications_rule_fk" FOREIGN KEY (organiser_id, rule_id) REFERENCES notification_rules(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "voucher_images" ADD CONSTRAINT "voucher_images_image_fk" FOREIGN KEY (organiser_id, image_id) REFERENCES images(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "voucher_images" ADD CONSTRAINT "voucher_images_voucher_fk" FOREIGN KEY (organiser_id, voucher_id) REFERENCES vouchers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_bundle_fk" FOREIGN KEY (organiser_id, bundle_id) REFERENCES bundles(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_availability_fk" FOREIGN KEY (organiser_id, availability_id) REFERENCES availabilities(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_participant_fk" FOREIGN KEY (organiser_id, participant_id) REFERENCES participants(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_attendance_charge_fk" FOREIGN KEY (organiser_id, attendance_charge_id) REFERENCES attendance_charges(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_booking_participation_fk" FOREIGN KEY (organiser_id, booking_participation_id) REFERENCES booking_participations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_cart_fk" FOREIGN KEY (organiser_id, cart_id) REFERENCES carts(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_customer_fk" FOREIGN KEY (organiser_id, customer_id) REFERENCES customers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_customer_voucher_fk" FOREIGN KEY (organiser_id, customer_voucher_id) REFERENCES customer_vouchers(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_registration_fk" FOREIGN KEY (organiser_id, registration_id) REFERENCES registrations(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_registration_request_fk" FOREIGN KEY (organiser_id, registration_request_id) REFERENCES registration_requests(organiser_id, id) NOT VALID;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY (organiser_id, delivery_id) REFERENCES webhook_deliveries(organiser_id, id) ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY (organiser_id, endpoint_id) REFERENCES webhook_endpoints(organiser_id, id) ON DELETE CASCADE NOT VALID;
