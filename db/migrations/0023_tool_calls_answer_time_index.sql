DROP INDEX "call_tool_calls_user_idx";--> statement-breakpoint
CREATE INDEX "call_tool_calls_user_idx" ON "call_tool_calls" USING btree ("user_id","created_at","duration_ms");