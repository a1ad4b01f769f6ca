CREATE TABLE "call_tool_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_call_id" text,
	"tool" text NOT NULL,
	"outcome" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_tool_calls_known" CHECK ("call_tool_calls"."outcome" in ('result', 'error', 'failed') and "call_tool_calls"."duration_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "call_tool_calls" ADD CONSTRAINT "call_tool_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_tool_calls_user_idx" ON "call_tool_calls" USING btree ("user_id","created_at");