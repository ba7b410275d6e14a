-- The delivery log (a platform table kept on the coordinator of a Citus cluster, decision 0097)
-- keeps its customer and message by hand as plain ids, like its rule and newsletter: Citus refuses
-- a foreign key from a local table to a distributed one. Dropping a constraint only changes the
-- catalogue.
ALTER TABLE "messages" DROP CONSTRAINT "messages_customer_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_manual_message_fk";
