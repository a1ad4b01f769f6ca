ALTER TABLE "closures" ADD COLUMN "practitioner_id" uuid;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_practitioner_fk" FOREIGN KEY ("practitioner_id","user_id") REFERENCES "public"."practitioners"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One rule a day for the practice, and one for each practitioner: a practitioner's day away may fall inside the
-- practice's special hours (the practice's closed days still close everyone).
ALTER TABLE "closures" DROP CONSTRAINT "closures_no_overlap";--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, (coalesce("practitioner_id", '00000000-0000-0000-0000-000000000000'::uuid)) WITH =,
    daterange("starts_on", "ends_on", '[]') WITH &&);
