CREATE TABLE "call_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"when" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caller_attestations" (
	"line" text NOT NULL,
	"caller" text NOT NULL,
	"attestation" text NOT NULL,
	"verified" boolean,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "caller_attestations_line_caller_pk" PRIMARY KEY("line","caller"),
	CONSTRAINT "caller_attestations_known" CHECK ("caller_attestations"."attestation" in ('A', 'B', 'C'))
);
--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_screening_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "warm_transfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "transfer_hours" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "caller_attestation" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "caller_verified" boolean;--> statement-breakpoint
ALTER TABLE "call_routes" ADD CONSTRAINT "call_routes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_routes_user_position_unique" ON "call_routes" USING btree ("user_id","position");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_transfer_hours_known" CHECK ("users"."transfer_hours" in ('open', 'always'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_attestation_known" CHECK ("calls"."caller_attestation" is null or "calls"."caller_attestation" in ('A', 'B', 'C'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_screening_known" CHECK ("calls"."screening" is null or "calls"."screening" in ('blocked', 'spam', 'robocall', 'sales', 'silent'));