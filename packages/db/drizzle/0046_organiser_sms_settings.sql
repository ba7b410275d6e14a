ALTER TABLE "organisers" ADD COLUMN "sms_sender_name" text;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "sms_credentials_encrypted" text;