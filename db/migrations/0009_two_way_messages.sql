CREATE TABLE "pending_replies" (
	"user_id" uuid NOT NULL,
	"caller_phone" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"appointment_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_replies_user_id_caller_phone_pk" PRIMARY KEY("user_id","caller_phone")
);
--> statement-breakpoint
CREATE TABLE "thread_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_messages_direction_known" CHECK ("thread_messages"."direction" in ('in', 'out') and "thread_messages"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"caller_phone" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"whatsapp_window_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threads_status_known" CHECK ("threads"."status" in ('open', 'done')),
	CONSTRAINT "threads_unread_nonnegative" CHECK ("threads"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_call_id" text NOT NULL,
	"phone" text NOT NULL,
	"method" text DEFAULT 'code' NOT NULL,
	"code_enc" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_method_known" CHECK ("verification_codes"."method" in ('code', 'birthDate'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_birth_date" date;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "caller_messages" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "caller_messages" ADD COLUMN "urgency" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "caller_messages" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "caller_messages" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "caller_messages" ADD COLUMN "caller_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "self_service_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_replies" ADD CONSTRAINT "pending_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_replies" ADD CONSTRAINT "pending_replies_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_messages_thread_idx" ON "thread_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "thread_messages_inbound_unique" ON "thread_messages" USING btree ("user_id","provider_message_id") WHERE "thread_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "threads_user_caller_unique" ON "threads" USING btree ("user_id","caller_phone");--> statement-breakpoint
CREATE INDEX "threads_user_last_idx" ON "threads" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "verification_codes_call_idx" ON "verification_codes" USING btree ("user_id","provider_call_id");--> statement-breakpoint
ALTER TABLE "caller_messages" ADD CONSTRAINT "caller_messages_task_known" CHECK ("caller_messages"."category" in ('prescription', 'certificate', 'results', 'billing', 'callback', 'other') and "caller_messages"."urgency" in ('normal', 'urgent') and "caller_messages"."status" in ('open', 'done'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_self_service_cutoff_range" CHECK ("users"."self_service_cutoff_hours" between 0 and 168);