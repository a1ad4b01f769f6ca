// Right of access for a person rather than a practice: a member exports what is theirs (their account, their places in
// practices, their sign-ins, what the records say they did), never the practice's data they worked with, which is the
// practice's to export (export.ts).
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointmentChanges, members, sessions, users } from "@/db/schema";
import { entriesBy } from "@/lib/accounts/audit/audit";
import { AppError } from "@/lib/platform/errors";

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function exportPerson(db: Db, personId: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, personId)).limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  const { passwordHash, ...profile } = user;
  const [memberships, signIns, entries, changes] = await Promise.all([
    db
      .select({
        businessId: members.businessId,
        email: members.email,
        role: members.role,
        practitionerId: members.practitionerId,
        invitedAt: members.createdAt,
        acceptedAt: members.acceptedAt,
      })
      .from(members)
      .where(eq(members.userId, personId))
      .orderBy(asc(members.createdAt)),
    db
      .select({
        id: sessions.id,
        businessId: sessions.businessId,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, personId))
      .orderBy(desc(sessions.createdAt)),
    entriesBy(db, personId),
    db
      .select({
        businessId: appointmentChanges.userId,
        appointmentId: appointmentChanges.appointmentId,
        kind: appointmentChanges.kind,
        source: appointmentChanges.source,
        actorName: appointmentChanges.actorName,
        createdAt: appointmentChanges.createdAt,
      })
      .from(appointmentChanges)
      .where(eq(appointmentChanges.actorUserId, personId))
      .orderBy(desc(appointmentChanges.createdAt)),
  ]);
  const dated = <T extends Record<string, unknown>>(row: T) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? iso(v) : v]));
  return {
    format: "recepta-personal-export/1" as const,
    exportedAt: now.toISOString(),
    profile: { ...dated(profile), hasPassword: passwordHash !== null },
    memberships: memberships.map((m) => dated({ ...m, status: m.acceptedAt ? "active" : "invited" })),
    sessions: signIns.map(dated),
    auditLog: entries.map(dated),
    appointmentChanges: changes.map(dated),
  };
}
