CREATE TABLE "erased_billing_refs" (
	"ref_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "content_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recording_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_unpurged_idx" ON "calls" USING btree ("created_at") WHERE "calls"."content_purged_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_retention_days_range" CHECK ("users"."retention_days" between 7 and 365);