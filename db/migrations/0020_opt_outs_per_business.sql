-- Opt-outs belong to the business whose line was texted. A STOP recorded before did not say which business it answered
-- and applied to all: it now applies to every business that could text that number (one that texted it, booked it, took
-- a message from it, had a call from it or has a thread with it), and a STOP nothing ties to a business (a caller whose
-- data was erased: the STOP is kept on purpose) to every business, as before. No caller who asked for silence starts
-- getting texts again.
CREATE TABLE "opt_outs_per_business" (
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_user_id_phone_channel_pk" PRIMARY KEY("user_id","phone","channel")
);--> statement-breakpoint
INSERT INTO "opt_outs_per_business" ("user_id", "phone", "channel", "created_at")
SELECT DISTINCT b."user_id", o."phone", o."channel", o."created_at"
FROM "opt_outs" o
JOIN (
	SELECT "user_id", "recipient" AS "phone" FROM "notifications" WHERE "user_id" IS NOT NULL
	UNION SELECT "user_id", "patient_phone" FROM "appointments" WHERE "patient_phone" IS NOT NULL
	UNION SELECT "user_id", "caller_phone" FROM "appointments" WHERE "caller_phone" IS NOT NULL
	UNION SELECT "user_id", "caller_phone" FROM "threads"
	UNION SELECT "user_id", "caller_phone" FROM "caller_messages" WHERE "caller_phone" IS NOT NULL
	UNION SELECT "user_id", "from_number" FROM "calls" WHERE "user_id" IS NOT NULL AND "from_number" IS NOT NULL
) b ON b."phone" = o."phone"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "opt_outs_per_business" ("user_id", "phone", "channel", "created_at")
SELECT u."id", o."phone", o."channel", o."created_at"
FROM "opt_outs" o CROSS JOIN "users" u
WHERE u."type" = 'user' AND NOT EXISTS (SELECT 1 FROM "opt_outs_per_business" k WHERE k."phone" = o."phone")
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "opt_outs";--> statement-breakpoint
ALTER TABLE "opt_outs_per_business" RENAME TO "opt_outs";--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "messaging_profile_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messaging_profile_id" text;
