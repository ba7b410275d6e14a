-- The request that wrote an event, for the logs of its consumers (decision 0106). A nullable
-- column without a default only changes the catalogue.
ALTER TABLE "events" ADD COLUMN "request_id" text;