CREATE TABLE "call_opt_outs" (
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_opt_outs_user_id_phone_pk" PRIMARY KEY("user_id","phone")
);
--> statement-breakpoint
CREATE TABLE "reminder_call_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hours_before" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_call_settings_hours" CHECK ("reminder_call_settings"."hours_before" between 2 and 72)
);
--> statement-breakpoint
CREATE TABLE "reminder_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"skip_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider_call_id" text,
	"placed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_calls_status_known" CHECK ("reminder_calls"."status" in ('scheduled', 'calling', 'confirmed', 'cancelled', 'rescheduled', 'answered', 'voicemail', 'no_answer', 'busy', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "call_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "call_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "call_consent_source" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "direction" text DEFAULT 'inbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_opt_outs" ADD CONSTRAINT "call_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_call_settings" ADD CONSTRAINT "reminder_call_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_calls" ADD CONSTRAINT "reminder_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_calls" ADD CONSTRAINT "reminder_calls_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_calls_appointment_unique" ON "reminder_calls" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_calls_provider_call_unique" ON "reminder_calls" USING btree ("provider_call_id") WHERE "reminder_calls"."provider_call_id" is not null;--> statement-breakpoint
CREATE INDEX "reminder_calls_user_idx" ON "reminder_calls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_calls_due_idx" ON "reminder_calls" USING btree ("next_attempt_at") WHERE "reminder_calls"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_call_consent_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."call_consent" and "appointments"."status" = 'booked';