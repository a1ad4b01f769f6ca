// The team through the real routes: invitations in the practice's language, one use and a week each, roles enforced on
// the server, removal ending sessions at once, a practitioner seeing only their own rows, and one person in two practices.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, members, notifications, sessions } from "@/db/schema";
import { dayAhead } from "../helpers/practice";
import { api, createAdmin, registerOwner, uniqueEmail } from "../helpers/api";
import { drain, invitationTo, joinTeam } from "../helpers/team";

const addPractitioner = async (token: string, name: string) => {
  const res = await api("POST", "/api/practitioners", { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

const book = async (token: string, body: Record<string, unknown>) =>
  api("POST", "/api/appointments", { token, body: { patientName: "Jean Dupont", date: dayAhead(3), duration: 30, ...body } });

describe("invitations", () => {
  it("emails a link in the practice's language; the invitee joins, signed in as staff, and sees the practice's data", async () => {
    const owner = await registerOwner({ locale: "fr", businessName: "Cabinet Lune" });
    const email = uniqueEmail("accueil");
    const invited = await api("POST", "/api/members", { token: owner.token, body: { email: email.toUpperCase(), role: "staff" } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body).toMatchObject({ email, role: "staff", status: "invited", name: null });
    await drain();
    const { url, token, mail } = await invitationTo(email);
    expect(url).toMatch(/\/fr\/join\//);
    expect(mail.subject).toBe("Rejoignez Cabinet Lune sur Recepta");
    // Sealed at rest: the table holds the token's hash, never the token.
    const [row] = await getDb().select().from(members).where(eq(members.id, invited.body.id));
    expect(row!.tokenHash).not.toContain(token);

    const shown = await api("GET", `/api/members/invitations/${encodeURIComponent(token)}`);
    expect(shown.body).toEqual({ email, practice: "Cabinet Lune", role: "staff", hasAccount: false });
    const joined = await api("POST", "/api/members/accept", { body: { token, password: "front-desk-pass", fullName: "Léa Martin" } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.headers.get("set-cookie")).toContain("authjs.session-token=");

    const team = await api("GET", "/api/members", { token: owner.token });
    expect(team.body.members).toEqual([
      expect.objectContaining({ id: owner.user.id, role: "owner", status: "active" }),
      expect.objectContaining({ email, name: "Léa Martin", role: "staff", status: "active", practitionerId: null }),
    ]);
    // Signing in again later lands in the practice too: the new account has no business of its own.
    const signedIn = await api("POST", "/api/auth/login", { body: { email, password: "front-desk-pass" } });
    expect(signedIn.status).toBe(200);
    const staff = signedIn.body.token as string;
    const booked = await book(staff, { time: "10:00" });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const seen = await api("GET", "/api/appointments", { token: owner.token });
    expect(seen.body.upcoming.map((a: { id: string }) => a.id)).toContain(booked.body.id);
    // No billing for the front desk, in the member's language (the practice's French, given to the new account).
    const billing = await api("GET", "/api/subscription/held", { token: staff });
    expect(billing.status).toBe(403);
    expect(billing.body.message).toBe("Votre rôle dans ce cabinet ne le permet pas. Demandez à son titulaire ou à un administrateur.");
    expect((await api("GET", "/api/members", { token: staff })).status).toBe(403);
    expect((await api("GET", "/api/account/export", { token: staff })).status).toBe(403);
  });

  it("works once: a second use and an expired link are 410, an unknown one 404", async () => {
    const owner = await registerOwner();
    const email = uniqueEmail("once");
    await api("POST", "/api/members", { token: owner.token, body: { email, role: "admin" } });
    await drain();
    const { token } = await invitationTo(email);
    const answer = { token, password: "admin-pass-123", fullName: "Ada Admin" };
    const [first, second] = await Promise.all([
      api("POST", "/api/members/accept", { body: answer }),
      api("POST", "/api/members/accept", { body: answer }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 410]);
    expect((await api("POST", "/api/members/accept", { body: answer })).status).toBe(410);
    expect((await api("GET", `/api/members/invitations/${token}`)).status).toBe(410);
    expect((await api("POST", "/api/members/accept", { body: { ...answer, token: "nope" } })).status).toBe(404);

    const late = uniqueEmail("late");
    const pending = await api("POST", "/api/members", { token: owner.token, body: { email: late, role: "staff" } });
    await drain();
    const link = await invitationTo(late);
    await getDb()
      .update(members)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(members.id, pending.body.id));
    const expired = await api("POST", "/api/members/accept", { body: { ...answer, token: link.token } });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This invitation link has expired or was already used. Ask for a new one.");
    // Sent again: a new link that works, the old one dead.
    await api("POST", "/api/members", { token: owner.token, body: { email: late, role: "staff" } });
    await drain();
    const fresh = await invitationTo(late);
    expect(fresh.token).not.toBe(link.token);
    expect((await api("POST", "/api/members/accept", { body: { ...answer, token: fresh.token } })).status).toBe(200);
  });

  it("refuses the owner's own email, someone already in the team, and a practitioner role without a practitioner", async () => {
    const owner = await registerOwner();
    const admin = await joinTeam(owner, "admin");
    expect((await api("POST", "/api/members", { token: owner.token, body: { email: owner.email, role: "staff" } })).status).toBe(409);
    expect((await api("POST", "/api/members", { token: owner.token, body: { email: admin.email, role: "staff" } })).status).toBe(409);
    const noOne = await api("POST", "/api/members", { token: owner.token, body: { email: uniqueEmail(), role: "practitioner" } });
    expect(noOne.status).toBe(400);
    expect(noOne.body.message).toBe("Choose which practitioner this person is.");
    const other = await registerOwner();
    const theirs = await addPractitioner(other.token, "Dr Autre");
    const stranger = await api("POST", "/api/members", {
      token: owner.token,
      body: { email: uniqueEmail(), role: "practitioner", practitionerId: theirs },
    });
    expect(stranger.status).toBe(404);
  });
});

describe("invitation links", () => {
  it("are looked up and used at most 30 times an hour from one address, whatever the outcome, then 429", async () => {
    const from = { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < 30; i++) expect((await api("GET", `/api/members/invitations/guess-${i}`, { headers: from })).status).toBe(404);
    const stopped = await api("POST", "/api/members/accept", {
      body: { token: "guess", password: "whatever-1", fullName: "X" },
      headers: from,
    });
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toMatch(/^Too many attempts with invitation links/);
  });
});

describe("roles", () => {
  it("an admin runs the practice and its team, but not billing, the account or the owner's own sign-in", async () => {
    const owner = await registerOwner();
    const admin = await joinTeam(owner, "admin");
    expect((await api("PUT", "/api/auth/update-profile", { token: admin.token, body: { businessAddress: "2 rue Haute" } })).status).toBe(
      200,
    );
    expect((await api("PUT", "/api/auth/update-profile", { token: admin.token, body: { email: uniqueEmail() } })).status).toBe(403);
    expect((await api("GET", "/api/billing/portal", { token: admin.token })).status).toBe(403);
    expect((await api("DELETE", "/api/account", { token: admin.token, body: { password: admin.password } })).status).toBe(403);
    const staff = await joinTeam(admin, "staff");
    const moved = await api("PUT", `/api/members/${staff.memberId}`, { token: admin.token, body: { role: "admin" } });
    expect(moved.body).toMatchObject({ role: "admin" });
    // Roles are read on every request: the new admin may now see the team.
    expect((await api("GET", "/api/members", { token: staff.token })).status).toBe(200);
    // The platform's admin area is not a practice's.
    expect((await api("GET", "/api/admin/users", { token: admin.token })).status).toBe(403);
  });

  it("a member's own password and language are theirs, not the practice's", async () => {
    const owner = await registerOwner({ locale: "en" });
    const staff = await joinTeam(owner, "staff");
    expect((await api("PUT", "/api/account/locale", { token: staff.token, body: { locale: "es" } })).status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.locale).toBe("en");
    const refused = await api("GET", "/api/insights", { token: staff.token });
    expect(refused.body.message).toBe("Su función en esta consulta no lo permite. Pídalo a su titular o a un administrador.");
    const changed = await api("PUT", "/api/auth/update-password", {
      token: staff.token,
      body: { oldPassword: staff.password, newPassword: "another-pass-9" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } })).status).toBe(200);
    expect((await api("POST", "/api/auth/login", { body: { email: staff.email, password: "another-pass-9" } })).status).toBe(200);
  });
});

describe("a member's password reset", () => {
  it("signs them back in to the practice they work in, not to an empty account of their own", async () => {
    const owner = await registerOwner();
    const staff = await joinTeam(owner, "staff");
    const booked = await book(owner.token, { time: "15:00" });
    expect((await api("POST", "/api/auth/forgot-password", { body: { email: staff.email } })).status).toBe(200);
    await drain();
    const [mail] = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, staff.email), eq(notifications.channel, "email")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    const link = mail!.links.find((l) => l.includes("/reset-password/"))!;
    const token = decodeURIComponent(link.split("/reset-password/")[1]!);
    const reset = await api("POST", "/api/auth/reset-password", { body: { token, password: "a-new-password-2" } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const seen = await api("GET", "/api/appointments", { token: reset.body.token });
    expect(seen.body.upcoming.map((a: { id: string }) => a.id)).toEqual([booked.body.id]);
  });
});

describe("removal", () => {
  it("ends the member's sessions in the practice at once: their next request is 401", async () => {
    const owner = await registerOwner();
    const staff = await joinTeam(owner, "staff");
    expect((await api("GET", "/api/appointments", { token: staff.token })).status).toBe(200);
    const removed = await api("DELETE", `/api/members/${staff.memberId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await api("GET", "/api/appointments", { token: staff.token })).status).toBe(401);
    const open = await getDb().select().from(sessions).where(eq(sessions.userId, staff.user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await api("DELETE", `/api/members/${staff.memberId}`, { token: owner.token })).status).toBe(404);
  });
});

describe("a practitioner", () => {
  it("sees only their own appointments, and another's by id is not found", async () => {
    const owner = await registerOwner();
    const roux = await addPractitioner(owner.token, "Dr Roux");
    const blanc = await addPractitioner(owner.token, "Dr Blanc");
    const mine = await book(owner.token, { time: "10:00", practitionerId: roux });
    const theirs = await book(owner.token, { time: "11:00", practitionerId: blanc });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const dr = await joinTeam(owner, "practitioner", { practitionerId: roux });
    const list = await api("GET", "/api/appointments", { token: dr.token });
    expect(list.body.upcoming.map((a: { id: string }) => a.id)).toEqual([mine.body.id]);
    // Asking for a colleague's gives their own, never the colleague's.
    const asked = await api("GET", `/api/appointments?practitionerId=${blanc}`, { token: dr.token });
    expect(asked.body.upcoming.map((a: { id: string }) => a.id)).toEqual([mine.body.id]);
    expect((await api("GET", `/api/appointments/${theirs.body.id}`, { token: dr.token })).status).toBe(404);
    expect((await api("GET", `/api/appointments/${mine.body.id}`, { token: dr.token })).status).toBe(200);
    expect((await book(dr.token, { time: "12:00" })).status).toBe(403);
  });

  it("reads the calls about them, and keeps their own hours, days away and calendar, never a colleague's", async () => {
    const owner = await registerOwner();
    const roux = await addPractitioner(owner.token, "Dr Roux");
    const blanc = await addPractitioner(owner.token, "Dr Blanc");
    const mine = await book(owner.token, { time: "10:00", practitionerId: roux });
    const theirs = await book(owner.token, { time: "11:00", practitionerId: blanc });
    const [aboutMe, aboutThem] = await getDb()
      .insert(calls)
      .values([
        { userId: owner.user.id, providerCallId: `members-${mine.body.id}`, fromNumber: "+33612340001" },
        { userId: owner.user.id, providerCallId: `members-${theirs.body.id}`, fromNumber: "+33612340002" },
      ])
      .returning({ id: calls.id });
    await getDb().update(appointments).set({ callId: aboutMe!.id }).where(eq(appointments.id, mine.body.id));
    await getDb().update(appointments).set({ callId: aboutThem!.id }).where(eq(appointments.id, theirs.body.id));
    const dr = await joinTeam(owner, "practitioner", { practitionerId: roux });

    const seen = await api("GET", "/api/calls", { token: dr.token });
    expect(seen.body.calls.map((c: { id: string }) => c.id)).toEqual([aboutMe!.id]);
    expect((await api("GET", `/api/calls/${aboutThem!.id}`, { token: dr.token })).status).toBe(404);
    expect((await api("GET", "/api/calls", { token: owner.token })).body.calls).toHaveLength(2);

    const hours = { monday: { isOpen: true, openTime: "08:00", closeTime: "12:00" } };
    const own = await api("PUT", `/api/practitioners/${roux}`, { token: dr.token, body: { name: "Dr Roux", workingHours: hours } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await api("PUT", `/api/practitioners/${blanc}`, { token: dr.token, body: { name: "Dr Blanc" } })).status).toBe(404);

    // Days away: theirs, whoever the request names; the practice's closures are not theirs to remove.
    const away = await api("POST", "/api/closures", {
      token: dr.token,
      body: { from: dayAhead(20), to: dayAhead(21), practitionerId: blanc, reason: "Congrès" },
    });
    expect(away.status, JSON.stringify(away.body)).toBe(201);
    expect(away.body.practitionerId).toBe(roux);
    const practice = await api("POST", "/api/closures", { token: owner.token, body: { from: dayAhead(30), to: dayAhead(30) } });
    expect((await api("DELETE", `/api/closures/${practice.body.id}`, { token: dr.token })).status).toBe(404);
    expect((await api("DELETE", `/api/closures/${away.body.id}`, { token: dr.token })).status).toBe(200);

    // Their calendar, never a colleague's: a connection asked for Dr Blanc is Dr Roux's.
    const connected = await api("POST", "/api/google-calendar/authorize", {
      token: dr.token,
      body: { code: "sandbox-test-code", practitionerId: blanc },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const list = (await api("GET", "/api/practitioners", { token: owner.token })).body.practitioners as {
      id: string;
      calendar: unknown;
    }[];
    expect(list.find((p) => p.id === roux)!.calendar).toBeTruthy();
    expect(list.find((p) => p.id === blanc)!.calendar).toBeFalsy();
  });
});

describe("one person in two practices", () => {
  it("joins a second practice with their existing password, switches between them, and each sees only its own", async () => {
    const a = await registerOwner({ businessName: "Practice A" });
    const b = await registerOwner({ businessName: "Practice B" });
    const person = await joinTeam(a, "staff", { password: "shared-pass-1" });
    const inA = await book(a.token, { time: "09:00", patientName: "Patient A" });
    const inB = await book(b.token, { time: "09:00", patientName: "Patient B" });

    await api("POST", "/api/members", { token: b.token, body: { email: person.email, role: "admin" } });
    await drain();
    const { token } = await invitationTo(person.email);
    expect((await api("GET", `/api/members/invitations/${token}`)).body.hasAccount).toBe(true);
    const wrong = await api("POST", "/api/members/accept", { body: { token, password: "not-the-password", fullName: "X" } });
    expect(wrong.status).toBe(401);
    const joined = await api("POST", "/api/members/accept", { body: { token, password: "shared-pass-1", fullName: "Ignored" } });
    expect(joined.status).toBe(200);
    const session = joined.body.token as string;
    const ids = async () => (await api("GET", "/api/appointments", { token: session })).body.upcoming.map((x: { id: string }) => x.id);
    expect(await ids()).toEqual([inB.body.id]);

    const practices = await api("GET", "/api/practices", { token: session });
    expect(practices.body.practices).toEqual(
      expect.arrayContaining([
        { businessId: a.user.id, name: "Practice A", role: "staff", current: false },
        { businessId: b.user.id, name: "Practice B", role: "admin", current: true },
      ]),
    );
    expect(practices.body.practices).toHaveLength(2);
    const switched = await api("PUT", "/api/practices/current", { token: session, body: { businessId: a.user.id } });
    expect(switched.status).toBe(200);
    expect(await ids()).toEqual([inA.body.id]);
    // In A they are front desk: no team there.
    expect((await api("GET", "/api/members", { token: session })).status).toBe(403);
    const stranger = await registerOwner();
    expect((await api("PUT", "/api/practices/current", { token: session, body: { businessId: stranger.user.id } })).status).toBe(404);
    // Removed from A: that session is over, their other practice is not.
    await api("DELETE", `/api/members/${person.memberId}`, { token: a.token });
    expect((await api("GET", "/api/appointments", { token: session })).status).toBe(401);
    const again = await api("POST", "/api/auth/login", { body: { email: person.email, password: "shared-pass-1" } });
    expect((await api("GET", "/api/appointments", { token: again.body.token })).body.upcoming.map((x: { id: string }) => x.id)).toEqual([
      inB.body.id,
    ]);
  });
});

describe("the platform's administrators", () => {
  it("act as themselves in the admin area", async () => {
    const admin = await createAdmin();
    expect((await api("GET", "/api/admin/users", { token: admin.token })).status).toBe(200);
  });
});
