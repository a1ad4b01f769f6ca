CREATE TABLE "holiday_openings" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holiday_openings_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_area" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holidays_through" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmation_channel" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "clock_format" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "caller_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "notify_channel" text;--> statement-breakpoint
ALTER TABLE "call_routes" ADD COLUMN "backup_position" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "memory" jsonb;--> statement-breakpoint
ALTER TABLE "holiday_openings" ADD CONSTRAINT "holiday_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_confirmation_channel_known" CHECK ("users"."confirmation_channel" in ('sms', 'whatsapp', 'both'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_clock_format_known" CHECK ("users"."clock_format" is null or "users"."clock_format" in ('12h', '24h'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_notify_channel_known" CHECK ("appointments"."notify_channel" is null or "appointments"."notify_channel" in ('sms', 'whatsapp', 'both'));--> statement-breakpoint
ALTER TABLE "call_routes" ADD CONSTRAINT "call_routes_backup_other" CHECK ("call_routes"."backup_position" is null or "call_routes"."backup_position" <> "call_routes"."position");