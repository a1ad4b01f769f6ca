CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"open_time" text,
	"close_time" text,
	"reason" text,
	"source" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_range" CHECK ("closures"."ends_on" >= "closures"."starts_on"),
	CONSTRAINT "closures_hours" CHECK (("closures"."open_time" is null and "closures"."close_time" is null) or ("closures"."open_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "closures"."close_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "closures"."close_time" > "closures"."open_time")),
	CONSTRAINT "closures_source_known" CHECK ("closures"."source" in ('owner', 'holiday'))
);
--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_user_idx" ON "closures" USING btree ("user_id","starts_on");--> statement-breakpoint
-- One rule a day: two closures of one business never overlap (btree_gist, installed with the appointments' constraint).
ALTER TABLE "closures" ADD CONSTRAINT "closures_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&);
