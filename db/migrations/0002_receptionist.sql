CREATE TABLE "calendar_events" (
	"user_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"summary" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attendee_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "caller_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_call_id" text,
	"tool_call_id" text,
	"caller_name" text,
	"caller_phone" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_phone_channel_pk" PRIMARY KEY("phone","channel")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booking_key" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "outcome" text DEFAULT 'no_action' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "voice_provider_id" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caller_messages" ADD CONSTRAINT "caller_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_user_starts_idx" ON "calendar_events" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "caller_messages_user_idx" ON "caller_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "caller_messages_tool_call_unique" ON "caller_messages" USING btree ("tool_call_id") WHERE "caller_messages"."tool_call_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_booking_key_unique" ON "appointments" USING btree ("user_id","booking_key") WHERE "appointments"."booking_key" is not null;--> statement-breakpoint
CREATE INDEX "appointments_user_phone_idx" ON "appointments" USING btree ("user_id","patient_phone");