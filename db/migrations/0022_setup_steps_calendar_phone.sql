-- The calendar and number steps are recorded when first done (a grant that lapses later, a number released with a
-- lapsed plan, do not send the owner back into the setup): accounts that have them already went through them.
UPDATE "users" SET "setup_steps" = "setup_steps" || '["calendar"]'::jsonb
WHERE NOT ("setup_steps" ? 'calendar') AND EXISTS (SELECT 1 FROM "calendar_connections" c WHERE c."user_id" = "users"."id");--> statement-breakpoint
UPDATE "users" SET "setup_steps" = "setup_steps" || '["phone"]'::jsonb
WHERE NOT ("setup_steps" ? 'phone') AND EXISTS (SELECT 1 FROM "phone_numbers" p WHERE p."assigned_to_user_id" = "users"."id");
