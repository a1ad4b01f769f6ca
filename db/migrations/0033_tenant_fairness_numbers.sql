ALTER TABLE "users" ADD COLUMN "served_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_pages" ADD COLUMN "abuse_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "secret_enc" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_served_countries_form" CHECK (cardinality("users"."served_countries") <= 20 and array_to_string("users"."served_countries", ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$');--> statement-breakpoint
-- One-time codes texted before codes were sealed: masked where they were kept readable (they expired long ago).
UPDATE "notifications" SET "body" = regexp_replace("body", '\m\d{6}\M', '••••••', 'g') WHERE "dedupe_key" LIKE 'verification:%';