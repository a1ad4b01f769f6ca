ALTER TABLE "billing_checkouts" ADD COLUMN "held_subscription_id" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_checkouts_held_sub_unique" ON "billing_checkouts" USING btree ("held_subscription_id") WHERE "billing_checkouts"."held_subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "billing_checkouts_held_user_idx" ON "billing_checkouts" USING btree ("user_id") WHERE "billing_checkouts"."held_subscription_id" is not null;