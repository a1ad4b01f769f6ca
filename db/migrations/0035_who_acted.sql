ALTER TABLE "audit_log" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_key_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD COLUMN "actor_key_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN "sent_by_name" text;--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD CONSTRAINT "appointment_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_business_idx" ON "audit_log" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id") WHERE "audit_log"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "appointment_changes_actor_idx" ON "appointment_changes" USING btree ("actor_user_id") WHERE "appointment_changes"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "thread_messages_sent_by_idx" ON "thread_messages" USING btree ("sent_by") WHERE "thread_messages"."sent_by" is not null;