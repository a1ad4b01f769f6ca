CREATE TABLE "practitioners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"working_hours" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "practitioner_id" uuid;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practitioners_user_idx" ON "practitioners" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "practitioners_user_name_unique" ON "practitioners" USING btree ("user_id",lower("name")) WHERE "practitioners"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "practitioners_id_user_unique" ON "practitioners" USING btree ("id","user_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_fk" FOREIGN KEY ("practitioner_id","user_id") REFERENCES "public"."practitioners"("id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every business has at least one practitioner: the first is made with the account, whatever creates it (registration,
-- a checkout, the seed), so no path can forget it. It is the owner (no name of its own), offering every service on the
-- practice's hours.
CREATE FUNCTION "practitioner_for_new_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "practitioners" ("user_id") VALUES (NEW."id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "practitioner_for_new_business" AFTER INSERT ON "users" FOR EACH ROW WHEN (NEW."type" = 'user')
  EXECUTE FUNCTION "practitioner_for_new_business"();--> statement-breakpoint
INSERT INTO "practitioners" ("user_id") SELECT "id" FROM "users" WHERE "type" = 'user';--> statement-breakpoint
UPDATE "appointments" a SET "practitioner_id" = p."id" FROM "practitioners" p WHERE p."user_id" = a."user_id";
