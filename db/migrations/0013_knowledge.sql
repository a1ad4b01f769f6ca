CREATE TABLE "knowledge_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector(case language when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig else 'english'::regconfig end, title || ' ' || details)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_entries_known" CHECK ("knowledge_entries"."kind" in ('faq', 'price', 'policy') and "knowledge_entries"."language" in ('en', 'fr', 'es'))
);
--> statement-breakpoint
ALTER TABLE "knowledge_entries" ADD CONSTRAINT "knowledge_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_entries_user_idx" ON "knowledge_entries" USING btree ("user_id","language");--> statement-breakpoint
CREATE INDEX "knowledge_entries_search_idx" ON "knowledge_entries" USING gin ("search");