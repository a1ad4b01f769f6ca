// Who did it, through the real routes: the member (or the API key, by its name) is recorded on the appointment changes,
// the inbox's replies and the practice's audit log, the owner sees it and exports it, removing a member keeps their
// name on what they did, erasing a person keeps the records under a placeholder, and a member exports their own data
// and nothing of the practice's.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointmentChanges, auditLog, threadMessages, threads } from "@/db/schema";
import { FORMER_MEMBER } from "@/lib/accounts/audit/actor";
import { recentActivity } from "@/lib/accounts/audit/audit";
import { api, registerOwner, uniqueEmail } from "../helpers/api";
import { dayAhead, practice, telnyx } from "../helpers/practice";
import { messageReceived } from "../helpers/telnyx-events";
import { drain, joinTeam } from "../helpers/team";

const book = async (token: string, time: string) =>
  api("POST", "/api/appointments", { token, body: { patientName: "Jean Dupont", date: dayAhead(4), time, duration: 30 } });

const changesOf = (appointmentId: string) =>
  getDb()
    .select()
    .from(appointmentChanges)
    .where(eq(appointmentChanges.appointmentId, appointmentId))
    .orderBy(appointmentChanges.createdAt);

const entriesOf = (businessId: string, action: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.businessId, businessId), eq(auditLog.action, action)));

describe("who acted", () => {
  it("records the staff member who booked and cancelled an appointment, and the owner sees their name", async () => {
    const owner = await registerOwner();
    const staff = await joinTeam(owner, "staff", { fullName: "Léa Accueil" });
    const booked = await book(staff.token, "10:00");
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.changedBy).toBe("Léa Accueil");
    const [line] = await changesOf(booked.body.id);
    expect(line).toMatchObject({
      kind: "booked",
      source: "dashboard",
      actorUserId: staff.user.id,
      actorKeyId: null,
      actorName: "Léa Accueil",
    });

    // The owner's own changes name nobody in the list (it is their practice), but are recorded as theirs.
    const own = await book(owner.token, "11:00");
    expect(own.body.changedBy).toBeNull();
    expect((await changesOf(own.body.id))[0]).toMatchObject({ actorUserId: owner.user.id });

    const cancelled = await api("POST", `/api/appointments/${booked.body.id}/cancel`, { token: staff.token });
    expect(cancelled.status).toBe(200);
    expect((await changesOf(booked.body.id)).map((c) => [c.kind, c.actorName])).toEqual([
      ["booked", "Léa Accueil"],
      ["cancelled", "Léa Accueil"],
    ]);
    const list = await api("GET", "/api/appointments", { token: owner.token });
    const seen = list.body.upcoming.find((a: { id: string }) => a.id === booked.body.id);
    expect(seen).toMatchObject({ status: "cancelled", changedBy: "Léa Accueil" });
  });

  it("names the API key, by its name, that booked an appointment", async () => {
    const owner = await registerOwner();
    const made = await api("POST", "/api/api-keys", {
      token: owner.token,
      body: { name: "Agenda sync", scopes: ["appointments:read", "appointments:write"] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const booked = await book(made.body.key, "14:00");
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await changesOf(booked.body.id))[0]).toMatchObject({ actorUserId: null, actorKeyId: made.body.id, actorName: "Agenda sync" });
    const shown = await api("GET", `/api/appointments/${booked.body.id}`, { token: owner.token });
    expect(shown.body.changedBy).toBe("Agenda sync");
  });

  it("records the staff member who replied in the inbox", async () => {
    const p = await practice("Cabinet Réponse");
    const staff = await joinTeam(p, "staff", { fullName: "Marc Secrétariat" });
    const caller = `+3377${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    expect((await telnyx(messageReceived(caller, p.line, "Do you open on Saturday?"))).status).toBe(200);
    await drain();
    const [thread] = await getDb()
      .select()
      .from(threads)
      .where(and(eq(threads.userId, p.user.id), eq(threads.callerPhone, caller)));
    const reply = await api("POST", `/api/threads/${thread!.id}/messages`, {
      token: staff.token,
      body: { channel: "sms", text: "Yes, until noon." },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.sentBy).toBe("Marc Secrétariat");
    const [row] = await getDb().select().from(threadMessages).where(eq(threadMessages.id, reply.body.id));
    expect(row).toMatchObject({ sentBy: staff.user.id, sentByName: "Marc Secrétariat" });
    const detail = await api("GET", `/api/threads/${thread!.id}`, { token: p.token });
    expect(detail.body.items.at(-1)).toMatchObject({ direction: "out", sentBy: "Marc Secrétariat" });
    expect(detail.body.items.find((i: { direction?: string }) => i.direction === "in").sentBy).toBeNull();
  });

  it("records the admin who invited a member, shown in the practice's recent activity and its export", async () => {
    const owner = await registerOwner();
    const admin = await joinTeam(owner, "admin", { fullName: "Ada Admin" });
    const email = uniqueEmail("invitee");
    const invited = await api("POST", "/api/members", { token: admin.token, body: { email, role: "staff" } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.invite"), eq(auditLog.targetId, invited.body.id)));
    expect(entry).toMatchObject({
      businessId: owner.user.id,
      actorUserId: admin.user.id,
      actorName: "Ada Admin",
      details: { role: "staff" },
    });
    // The invitee's address is not written into the log.
    expect(JSON.stringify(entry)).not.toContain(email);
    const activity = await recentActivity(getDb(), owner.user.id);
    expect(activity[0]).toMatchObject({ action: "member.invite", actorName: "Ada Admin", byApiKey: false });
    // The owner's own invitation of the admin is there too, under the owner's name.
    expect(activity.map((a) => a.actorName)).toContain(owner.user.fullName);

    const exported = await api("GET", "/api/account/export", { token: owner.token });
    expect(exported.status).toBe(200);
    expect(exported.body.members).toEqual([
      expect.objectContaining({ email: admin.email, name: "Ada Admin", role: "admin", status: "active", practitionerId: null }),
      expect.objectContaining({ email, name: null, role: "staff", status: "invited" }),
    ]);
    expect(exported.body.members[0].acceptedAt).toEqual(expect.any(String));
    expect(exported.body.auditLog).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "member.invite", actorName: "Ada Admin", businessId: owner.user.id })]),
    );
    // An admin exports the practice too; staff may not.
    expect((await api("GET", "/api/account/export", { token: admin.token })).status).toBe(200);
  });
});

describe("privacy", () => {
  it("erasing a member's account keeps what they did, with their name replaced", async () => {
    const owner = await registerOwner();
    const admin = await joinTeam(owner, "admin", { fullName: "Zoé Partante" });
    const invited = await api("POST", "/api/members", { token: admin.token, body: { email: uniqueEmail("next"), role: "staff" } });
    expect(invited.status).toBe(201);
    const booked = await book(admin.token, "15:00");
    expect(booked.status).toBe(201);

    // The member erases their own account, from their own (not the practice's).
    const own = await api("PUT", "/api/practices/current", { token: admin.token, body: { businessId: admin.user.id } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const erased = await api("DELETE", "/api/account", { token: admin.token, body: { password: admin.password } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    const [entry] = await entriesOf(owner.user.id, "member.invite").then((rows) => rows.filter((r) => r.targetId === invited.body.id));
    expect(entry).toMatchObject({ actorUserId: null, actorName: FORMER_MEMBER, businessId: owner.user.id });
    expect((await changesOf(booked.body.id))[0]).toMatchObject({ actorUserId: null, actorName: FORMER_MEMBER });
    const shown = await api("GET", `/api/appointments/${booked.body.id}`, { token: owner.token });
    expect(shown.body.changedBy).toBe(FORMER_MEMBER);
    const exported = await api("GET", "/api/account/export", { token: owner.token });
    expect(JSON.stringify(exported.body)).not.toContain("Zoé Partante");
    expect(JSON.stringify(exported.body)).not.toContain(admin.user.id);
  });

  it("removing a member keeps their name on what they did in the practice, and records the removal", async () => {
    const owner = await registerOwner();
    const staff = await joinTeam(owner, "staff", { fullName: "Paul Parti" });
    const booked = await book(staff.token, "16:00");
    const removed = await api("DELETE", `/api/members/${staff.memberId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await changesOf(booked.body.id))[0]).toMatchObject({ actorUserId: staff.user.id, actorName: "Paul Parti" });
    const [entry] = await entriesOf(owner.user.id, "member.remove");
    expect(entry).toMatchObject({ actorUserId: owner.user.id, targetId: staff.memberId, details: { role: "staff" } });
  });

  it("a member's personal export holds their own data only, never the practice's", async () => {
    const owner = await registerOwner();
    const staff = await joinTeam(owner, "staff", { fullName: "Inès Perso" });
    expect((await book(staff.token, "09:00")).status).toBe(201);
    const other = await joinTeam(owner, "staff", { fullName: "Autre Membre" });
    expect((await book(other.token, "09:30")).status).toBe(201);

    const res = await api("GET", "/api/account/personal-export", { token: staff.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="recepta-personal-export-/);
    const data = res.body;
    expect(Object.keys(data).sort()).toEqual([
      "appointmentChanges",
      "auditLog",
      "exportedAt",
      "format",
      "memberships",
      "profile",
      "sessions",
    ]);
    expect(data.profile).toMatchObject({ id: staff.user.id, email: staff.email, fullName: "Inès Perso", hasPassword: true });
    expect(data.profile.passwordHash).toBeUndefined();
    expect(data.memberships).toEqual([expect.objectContaining({ businessId: owner.user.id, role: "staff", status: "active" })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.appointmentChanges).toEqual([expect.objectContaining({ kind: "booked", actorName: "Inès Perso" })]);
    const text = JSON.stringify(data);
    // Nothing of the practice's: not its owner, its patients, nor the other member.
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain("Jean Dupont");
    expect(text).not.toContain("Autre Membre");
    expect(text).not.toContain(other.user.id);
  });
});
