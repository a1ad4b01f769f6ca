// A practice's team: the people invited to sign in to an account that is not their own, each with a role. A member is a
// person's `users` row (their own sign-in, possibly also an account of their own) joined to the practice's.
import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MEMBER_ROLES } from "../../lib/platform/shared/roles";
import { users } from "./accounts";
import { createdAt, ts, updatedAt } from "./columns";
import { practitioners } from "./scheduling";

export { MEMBER_ROLES, PRACTICE_ROLES, type MemberRole, type PracticeRole } from "../../lib/platform/shared/roles";

export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The practice (its owner's account).
    businessId: uuid("business_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The person, once they accepted; null while the invitation is pending.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    // Where the invitation went; the person's own email once they joined is their account's.
    email: text("email").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    // The practitioner a `practitioner` member is: what they see is this practitioner's.
    practitionerId: uuid("practitioner_id"),
    // SHA-256 of the invitation's token (a leaked table leaks no usable link), with its expiry; kept once used, so
    // a second use is told apart from an unknown link.
    tokenHash: text("token_hash"),
    expiresAt: ts("expires_at"),
    acceptedAt: ts("accepted_at"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("members_business_email_unique").on(t.businessId, sql`lower(${t.email})`),
    uniqueIndex("members_business_user_unique").on(t.businessId, t.userId),
    uniqueIndex("members_token_unique").on(t.tokenHash),
    index("members_user_idx").on(t.userId),
    // A practitioner of the same practice, never another's.
    foreignKey({ columns: [t.practitionerId, t.businessId], foreignColumns: [practitioners.id, practitioners.userId] }),
    check("members_role_known", sql`${t.role} in ('admin', 'staff', 'practitioner')`),
    check("members_practitioner_role", sql`(${t.role} = 'practitioner') = (${t.practitionerId} is not null)`),
  ],
);
