CREATE TABLE "booking_pages" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"text_after_hang_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_pages_slug_form" CHECK ("booking_pages"."slug" ~ '^[a-z0-9]([a-z0-9-]{1,38}[a-z0-9])$')
);
--> statement-breakpoint
CREATE TABLE "recall_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"service" text NOT NULL,
	"after_appointment_id" uuid,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"booked_appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_recalls" (
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"interval_months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_recalls_user_id_service_pk" PRIMARY KEY("user_id","service"),
	CONSTRAINT "service_recalls_interval" CHECK ("service_recalls"."interval_months" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"service" text,
	"times" jsonb,
	"language" text DEFAULT 'en' NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"source" text DEFAULT 'dashboard' NOT NULL,
	"call_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_days" CHECK ("waitlist_entries"."from_date" <= "waitlist_entries"."to_date"),
	CONSTRAINT "waitlist_entries_known" CHECK ("waitlist_entries"."status" in ('waiting', 'booked', 'expired') and "waitlist_entries"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"slot_key" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_known" CHECK ("waitlist_offers"."status" in ('open', 'taken', 'gone', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "appointment_changes" DROP CONSTRAINT "appointment_changes_known";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "booking_pages" ADD CONSTRAINT "booking_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_texts" ADD CONSTRAINT "recall_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_texts" ADD CONSTRAINT "recall_texts_after_appointment_id_appointments_id_fk" FOREIGN KEY ("after_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_texts" ADD CONSTRAINT "recall_texts_booked_appointment_id_appointments_id_fk" FOREIGN KEY ("booked_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_recalls" ADD CONSTRAINT "service_recalls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_pages_slug_unique" ON "booking_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "recall_texts_user_idx" ON "recall_texts" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recall_texts_once_unique" ON "recall_texts" USING btree ("user_id","phone","service","due_on");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_user_idx" ON "waitlist_offers" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_entry_slot_unique" ON "waitlist_offers" USING btree ("entry_id","slot_key");--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD CONSTRAINT "appointment_changes_known" CHECK ("appointment_changes"."kind" in ('booked', 'rescheduled', 'cancelled') and "appointment_changes"."source" in ('phone', 'dashboard', 'text', 'link', 'page', 'waitlist', 'recall'));