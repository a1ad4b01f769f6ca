CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"practitioner_id" uuid,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_role_known" CHECK ("members"."role" in ('admin', 'staff', 'practitioner')),
	CONSTRAINT "members_practitioner_role" CHECK (("members"."role" = 'practitioner') = ("members"."practitioner_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_practitioner_id_business_id_practitioners_id_user_id_fk" FOREIGN KEY ("practitioner_id","business_id") REFERENCES "public"."practitioners"("id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_business_email_unique" ON "members" USING btree ("business_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_business_user_unique" ON "members" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_token_unique" ON "members" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;