CREATE TABLE "appointment_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appointment_id" uuid,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_changes_known" CHECK ("appointment_changes"."kind" in ('booked', 'rescheduled', 'cancelled') and "appointment_changes"."source" in ('phone', 'dashboard', 'text', 'link'))
);
--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD CONSTRAINT "appointment_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD CONSTRAINT "appointment_changes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_changes_user_idx" ON "appointment_changes" USING btree ("user_id","created_at");--> statement-breakpoint
-- The bookings made before this log, by their source; earlier moves and cancellations were not recorded.
INSERT INTO "appointment_changes" ("user_id", "appointment_id", "kind", "source", "created_at")
  SELECT "user_id", "id", 'booked', "source", "created_at" FROM "appointments";
