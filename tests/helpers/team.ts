// A practice's team through the real routes and the real job: the owner invites, the invitation email is sent (the
// sandbox's log keeps its link whole), and the invitee accepts from that link.
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { notifications } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import type { MemberRole } from "@/lib/platform/shared/roles";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api, uniqueEmail, type Account } from "./api";

export async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** The newest invitation emailed to this address: its link, its token and the email itself. */
export async function invitationTo(email: string) {
  const [mail] = await getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, email), eq(notifications.channel, "email")))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  const url = mail?.links.find((l) => l.includes("/join/"));
  expect(url, "an invitation was emailed").toBeTruthy();
  return { url: url!, token: decodeURIComponent(url!.split("/join/")[1]!), mail: mail! };
}

export type Member = Account & { memberId: string };

/** Invites `email` (a fresh one by default) as `role` and accepts: the member, signed in and working in the practice. */
export async function joinTeam(
  owner: { token: string },
  role: MemberRole,
  opts: { practitionerId?: string; email?: string; password?: string; fullName?: string } = {},
): Promise<Member> {
  const email = opts.email ?? uniqueEmail(role);
  const invited = await api("POST", "/api/members", { token: owner.token, body: { email, role, practitionerId: opts.practitionerId } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  await drain();
  const { token } = await invitationTo(email);
  const password = opts.password ?? "member-password-1";
  const accepted = await api("POST", "/api/members/accept", { body: { token, password, fullName: opts.fullName ?? `Member ${role}` } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { ...accepted.body, email, password, memberId: invited.body.id };
}
