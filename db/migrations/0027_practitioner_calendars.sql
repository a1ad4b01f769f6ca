-- One calendar connection per practitioner. A practice's existing connection, and its sandbox calendar's events, are its
-- first practitioner's (the owner, made with the account), so a practice of one keeps its calendar as it was.
ALTER TABLE "calendar_connections" DROP CONSTRAINT "calendar_connections_provider_known";--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "practitioner_id" uuid;--> statement-breakpoint
UPDATE "calendar_connections" c SET "practitioner_id" = (
  SELECT p."id" FROM "practitioners" p WHERE p."user_id" = c."user_id" ORDER BY p."removed_at" NULLS FIRST, p."position", p."created_at" LIMIT 1
);--> statement-breakpoint
DELETE FROM "calendar_connections" WHERE "practitioner_id" IS NULL;--> statement-breakpoint
-- The sandbox stood in for Google: its connections are Google's, served by the twin.
UPDATE "calendar_connections" SET "provider" = 'google' WHERE "provider" = 'sandbox';--> statement-breakpoint
ALTER TABLE "calendar_connections" DROP CONSTRAINT "calendar_connections_pkey";--> statement-breakpoint
ALTER TABLE "calendar_connections" ALTER COLUMN "practitioner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD PRIMARY KEY ("practitioner_id");--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "practitioner_id" uuid;--> statement-breakpoint
UPDATE "calendar_events" e SET "practitioner_id" = (
  SELECT p."id" FROM "practitioners" p WHERE p."user_id" = e."user_id" ORDER BY p."removed_at" NULLS FIRST, p."position", p."created_at" LIMIT 1
);--> statement-breakpoint
DELETE FROM "calendar_events" WHERE "practitioner_id" IS NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ALTER COLUMN "practitioner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_user_id_event_id_pk";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_practitioner_id_event_id_pk" PRIMARY KEY("practitioner_id","event_id");--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_practitioner_fk" FOREIGN KEY ("practitioner_id","user_id") REFERENCES "public"."practitioners"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_practitioner_fk" FOREIGN KEY ("practitioner_id","user_id") REFERENCES "public"."practitioners"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_user_idx" ON "calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_events_practitioner_starts_idx" ON "calendar_events" USING btree ("practitioner_id","starts_at");--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_provider_known" CHECK ("calendar_connections"."provider" in ('google', 'microsoft', 'caldav'));
