// The practice's team: invitations by email, roles, removal, and the practices a person works in. A member signs in
// with their own `users` row (made when they accept, or the one they already had); a session works in one practice at
// a time (`sessions.businessId`), and removing a member ends their sessions there at once.
import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { members, practitioners, sessions, users } from "@/db/schema";
import { findProfileById } from "@/lib/accounts/account/profile";
import type { Actor as Acting } from "@/lib/accounts/audit/actor";
import { audit } from "@/lib/accounts/audit/audit";
import { verifyCredentials, type SignedIn } from "@/lib/accounts/account/accounts.service";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { hashPassword } from "@/lib/accounts/auth/password";
import { invitationLinkKeys, takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { startSession, type AuthContext, type SessionConfig } from "@/lib/accounts/auth/session";
import { randomToken, sha256 } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import type { JobQueue } from "@/lib/platform/jobs/queue";
import type { MemberRole, PracticeRole } from "@/lib/platform/shared/roles";
import type { InviteMemberInput, UpdateMemberInput } from "./members.schemas";
import type { MemberView } from "./members.responses";
import "./members.jobs";

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Actor = Pick<AuthContext, "userId" | "actorId">;

const memberColumns = {
  id: members.id,
  email: sql<string>`coalesce(${users.email}, ${members.email})`,
  name: users.fullName,
  role: members.role,
  acceptedAt: members.acceptedAt,
  practitionerId: members.practitionerId,
  createdAt: members.createdAt,
  expiresAt: members.expiresAt,
  updatedAt: members.updatedAt,
};

type MemberRow = {
  id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  acceptedAt: Date | null;
  practitionerId: string | null;
  updatedAt: Date;
  expiresAt: Date | null;
};

function toView(r: MemberRow): MemberView {
  const invited = r.acceptedAt === null;
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    status: invited ? "invited" : "active",
    practitionerId: r.practitionerId,
    invitedAt: invited ? r.updatedAt.toISOString() : null,
    expiresAt: invited && r.expiresAt ? r.expiresAt.toISOString() : null,
  };
}

/** The owner first, then the members who joined and those invited, by when they were added. */
export async function listMembers(db: Db, businessId: string): Promise<{ members: MemberView[] }> {
  const [[owner], rows] = await Promise.all([
    db.select({ id: users.id, email: users.email, name: users.fullName }).from(users).where(eq(users.id, businessId)).limit(1),
    db
      .select(memberColumns)
      .from(members)
      .leftJoin(users, eq(users.id, members.userId))
      .where(eq(members.businessId, businessId))
      .orderBy(asc(members.createdAt), asc(members.id)),
  ]);
  if (!owner) throw new AppError("not_found", "userNotFound");
  const ownerView: MemberView = {
    id: owner.id,
    email: owner.email,
    name: owner.name,
    role: "owner",
    status: "active",
    practitionerId: null,
    invitedAt: null,
    expiresAt: null,
  };
  return { members: [ownerView, ...rows.map(toView)] };
}

async function memberView(db: Db, businessId: string, id: string): Promise<MemberView> {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .leftJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, id), eq(members.businessId, businessId)))
    .limit(1);
  if (!row) throw new AppError("not_found", "memberNotFound");
  return toView(row);
}

/** A practitioner member is one of the practice's practitioners still listed. */
async function checkPractitioner(db: Db, businessId: string, input: { role: MemberRole; practitionerId?: string | null }) {
  if (input.role !== "practitioner") return null;
  const [row] = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(and(eq(practitioners.id, input.practitionerId!), eq(practitioners.userId, businessId), isNull(practitioners.removedAt)))
    .limit(1);
  if (!row) throw new AppError("not_found", "practitionerNotFound");
  return row.id;
}

/**
 * Invites `email` into the practice, or sends a pending invitation again (a new link, a new week, the role given now).
 * The email leaves by job, in the practice's language. 409 for the owner's own email or someone already a member.
 */
export async function inviteMember(
  deps: { db: Db; jobs: JobQueue },
  actor: Actor,
  input: InviteMemberInput,
  by: Acting,
): Promise<MemberView> {
  const { db, jobs } = deps;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!owner) throw new AppError("not_found", "userNotFound");
  if (owner.email.toLowerCase() === input.email) throw new AppError("conflict", "memberIsOwner");
  const practitionerId = await checkPractitioner(db, actor.userId, input);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await jobs.ready();
  const fields = { role: input.role, practitionerId, expiresAt, tokenHash: null, invitedBy: actor.actorId, updatedAt: now };
  const id = await db
    .transaction(async (tx) => {
      // A pending invitation is sent again; someone who joined keeps their place (their role changes by PUT), and
      // inserting them again is the unique violation below.
      const [pending] = await tx
        .update(members)
        .set(fields)
        .where(and(eq(members.businessId, actor.userId), sql`lower(${members.email}) = ${input.email}`, isNull(members.acceptedAt)))
        .returning({ id: members.id });
      const [row] = pending
        ? [pending]
        : await tx
            .insert(members)
            .values({ businessId: actor.userId, email: input.email, ...fields })
            .returning({ id: members.id });
      await jobs.send("member-invite", { memberId: row!.id, key: `${row!.id}:${now.toISOString()}` }, { tx });
      // The role given, not the address: the team list shows whom, and the log outlives a withdrawn invitation.
      await audit(tx, {
        businessId: actor.userId,
        actor: by,
        action: "member.invite",
        targetType: "member",
        targetId: row!.id,
        details: { role: input.role },
      });
      return row!.id;
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e, "members_business_email_unique")) throw new AppError("conflict", "memberExists");
      throw e;
    });
  return memberView(db, actor.userId, id);
}

/** Changes a member's role (and the practitioner a practitioner member is); the owner is nobody's to change here. */
export async function updateMember(db: Db, businessId: string, id: string, input: UpdateMemberInput, by: Acting): Promise<MemberView> {
  const practitionerId = await checkPractitioner(db, businessId, input);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.id, id), eq(members.businessId, businessId)))
      .for("update");
    if (!before) throw new AppError("not_found", "memberNotFound");
    await tx.update(members).set({ role: input.role, practitionerId, updatedAt: new Date() }).where(eq(members.id, id));
    await audit(tx, {
      businessId,
      actor: by,
      action: "member.role",
      targetType: "member",
      targetId: id,
      details: { from: before.role, to: input.role },
    });
  });
  return memberView(db, businessId, id);
}

/**
 * Removes a member, or withdraws an invitation: their sessions in the practice end with it, in one transaction. What
 * they did there stays on record under their name (the practice answers for what was done in it); erasing their
 * account is what replaces the name.
 */
export async function removeMember(db: Db, businessId: string, id: string, by: Acting): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(members)
      .where(and(eq(members.id, id), eq(members.businessId, businessId)))
      .returning({ userId: members.userId, role: members.role, acceptedAt: members.acceptedAt });
    if (!row) throw new AppError("not_found", "memberNotFound");
    if (row.userId) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, row.userId), eq(sessions.businessId, businessId), isNull(sessions.revokedAt)));
    }
    await audit(tx, {
      businessId,
      actor: by,
      action: row.acceptedAt ? "member.remove" : "member.withdraw",
      targetType: "member",
      targetId: id,
      details: { role: row.role },
    });
  });
}

/** The job's part: a fresh token for a pending invitation (the old link stops working), or null when there is none. */
export async function issueInvitationToken(db: Db, memberId: string): Promise<string | null> {
  const token = randomToken();
  const [row] = await db
    .update(members)
    .set({ tokenHash: sha256(token) })
    .where(and(eq(members.id, memberId), isNull(members.acceptedAt), gt(members.expiresAt, new Date())))
    .returning({ id: members.id });
  return row ? token : null;
}

/** The invitation a link names: 404 for none, 410 once used or expired. */
async function invitation(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({
      id: members.id,
      businessId: members.businessId,
      email: members.email,
      role: members.role,
      acceptedAt: members.acceptedAt,
      expiresAt: members.expiresAt,
      practice: sql<string>`coalesce(${users.businessName}, ${users.fullName})`,
      locale: users.locale,
      timeZone: users.timeZone,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.businessId))
    .where(eq(members.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw new AppError("not_found", "invitationNotFound");
  if (row.acceptedAt || !row.expiresAt || row.expiresAt <= now) throw new AppError("gone", "invitationGone");
  return row;
}

async function accountByEmail(db: Pick<Db, "select">, email: string) {
  const [row] = await db
    .select({ id: users.id, type: users.type, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * What the join page shows of a live invitation. `clientIp`: a look-up through the API, counted against the address's
 * invitation limit (the page itself renders it once per visit).
 */
export async function readInvitation(db: Db, token: string, clientIp?: string) {
  if (clientIp) await takeAttempt(db, invitationLinkKeys(clientIp));
  const row = await invitation(db, token);
  const account = await accountByEmail(db, row.email);
  return { email: row.email, practice: row.practice, role: row.role as PracticeRole, hasAccount: !!account?.passwordHash };
}

/**
 * Accepts an invitation: the invitee's account is made with the name and password they chose, or, when their email
 * already signs in here, that account joins once its password is given (under the sign-in limits). One use: two
 * answers at once, one joins and the other is told the link is used. Signs them in, working in the practice.
 */
export async function acceptInvitation(
  deps: { db: Db; session: SessionConfig },
  input: { token: string; password: string; fullName?: string },
  clientIp: string,
): Promise<SignedIn> {
  const { db } = deps;
  await takeAttempt(db, invitationLinkKeys(clientIp));
  const inv = await invitation(db, input.token);
  let existing = await accountByEmail(db, inv.email);
  // The sign-in's own check, under its limits: joining with an account is signing in to it.
  if (existing?.passwordHash) await verifyCredentials(db, { email: inv.email, password: input.password }, clientIp);
  const fullName = input.fullName;
  if (!existing?.passwordHash && !fullName) throw new AppError("bad_request", "Validation.fullNameRequired");
  const passwordHash = existing?.passwordHash ? null : await hashPassword(input.password);
  const person = await db
    .transaction(async (tx) => {
      if (!existing) {
        const [made] = await tx
          .insert(users)
          .values({
            email: inv.email,
            passwordHash,
            fullName: fullName!,
            workingHours: defaultWorkingHours(),
            locale: inv.locale,
            timeZone: inv.timeZone,
          })
          .returning({ id: users.id, type: users.type, passwordHash: users.passwordHash, isActive: users.isActive });
        existing = made!;
      } else if (passwordHash) {
        // An account a checkout made and nobody set up yet: the invitee sets its password now.
        await tx.update(users).set({ passwordHash, fullName: fullName!, updatedAt: new Date() }).where(eq(users.id, existing.id));
      }
      const [joined] = await tx
        .update(members)
        .set({ userId: existing.id, acceptedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(members.id, inv.id), isNull(members.acceptedAt), gt(members.expiresAt, new Date())))
        .returning({ id: members.id });
      if (!joined) throw new AppError("gone", "invitationGone");
      return existing;
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e, "members_business_user_unique")) throw new AppError("conflict", "memberExists");
      if (isUniqueViolation(e, "users_email_unique")) throw new AppError("gone", "invitationGone");
      throw e;
    });
  const { token, expiresAt } = await startSession(db, deps.session, person, inv.businessId);
  const profile = await findProfileById(db, person.id);
  return { token, user: profile!, expiresAt };
}

/** The practices this person may work in (their own when it is set up, and every one they joined), the current one marked. */
export async function practicesOf(db: Db, auth: Pick<AuthContext, "actorId" | "userId">) {
  const name = sql<string>`coalesce(${users.businessName}, ${users.fullName})`;
  const [[own], joined] = await Promise.all([
    db
      .select({ businessId: users.id, name, setupCompletedAt: users.setupCompletedAt })
      .from(users)
      .where(eq(users.id, auth.actorId))
      .limit(1),
    db
      .select({ businessId: members.businessId, name, role: members.role })
      .from(members)
      .innerJoin(users, eq(users.id, members.businessId))
      .where(and(eq(members.userId, auth.actorId), isNotNull(members.acceptedAt), eq(users.isActive, true)))
      .orderBy(asc(name)),
  ]);
  const practices: { businessId: string; name: string; role: PracticeRole; current: boolean }[] = [];
  if (own && (own.setupCompletedAt || auth.userId === own.businessId))
    practices.push({ businessId: own.businessId, name: own.name, role: "owner", current: auth.userId === own.businessId });
  for (const j of joined) practices.push({ ...j, current: auth.userId === j.businessId });
  return { practices };
}

/** Moves this session to another practice the person may work in: their own, or one they are a member of (404 else). */
export async function switchPractice(db: Db, auth: Pick<AuthContext, "actorId" | "sessionId">, businessId: string): Promise<void> {
  if (businessId !== auth.actorId) {
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .innerJoin(users, eq(users.id, members.businessId))
      .where(
        and(eq(members.businessId, businessId), eq(members.userId, auth.actorId), isNotNull(members.acceptedAt), eq(users.isActive, true)),
      )
      .limit(1);
    if (!member) throw new AppError("not_found", "practiceNotFound");
  }
  await db
    .update(sessions)
    .set({ businessId: businessId === auth.actorId ? null : businessId })
    .where(eq(sessions.id, auth.sessionId));
}
