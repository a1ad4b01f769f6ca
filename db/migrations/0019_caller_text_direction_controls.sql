-- Text callers gave before direction controls were removed where text comes in: the same characters (U+202A–U+202E,
-- U+2066–U+2069) taken out of the names and messages shown to owners and sent back in confirmations.
UPDATE "appointments" SET "patient_name" = regexp_replace("patient_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "patient_name" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "appointments" SET "reason" = regexp_replace("reason", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "reason" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "caller_messages" SET "caller_name" = regexp_replace("caller_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "caller_name" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "caller_messages" SET "body" = regexp_replace("body", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "body" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "thread_messages" SET "body" = regexp_replace("body", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "direction" = 'in' AND "body" ~ '[\u202A-\u202E\u2066-\u2069]';
