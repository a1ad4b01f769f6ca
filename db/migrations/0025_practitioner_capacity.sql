-- Rows written without a practitioner (by hand, before every booking named one) are with the business's first.
UPDATE "appointments" a SET "practitioner_id" = (
  SELECT p."id" FROM "practitioners" p WHERE p."user_id" = a."user_id" ORDER BY p."removed_at" NULLS FIRST, p."position", p."created_at" LIMIT 1
) WHERE a."practitioner_id" IS NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "practitioner_id" SET NOT NULL;--> statement-breakpoint
-- Capacity is per practitioner: two booked appointments with one practitioner never overlap, and a practice of N takes
-- N callers at the same minute. The database decides, whatever the application read before.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("practitioner_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'booked');--> statement-breakpoint
-- An appointment is booked with, or given to, a practitioner still in the practice. The practitioner's row is read FOR
-- SHARE: a removal in progress (which locks it FOR UPDATE, then counts the appointments ahead) is waited for and its
-- result seen, so a booking and a removal at the same moment never leave an appointment with someone removed.
CREATE FUNCTION "appointment_practitioner_active"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "practitioners" p
    WHERE p."id" = NEW."practitioner_id" AND p."user_id" = NEW."user_id" AND p."removed_at" IS NULL
    FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'practitioner % is not in the practice', NEW."practitioner_id"
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'appointments_practitioner_active';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_practitioner_active" BEFORE INSERT OR UPDATE OF "practitioner_id" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_practitioner_active"();
