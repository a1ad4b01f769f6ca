ALTER TABLE "users" ADD COLUMN "setup_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Accounts set up before the steps were recorded went through them (registration, or the setup link's wizard).
UPDATE "users" SET "setup_steps" = '["information", "workingHours"]'::jsonb WHERE "password_hash" IS NOT NULL AND "type" = 'user';
