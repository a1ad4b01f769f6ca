// The owner's practitioners through the API: the owner is the first, made with the account; others are added with
// their services and hours; a name callers could not tell apart, a removal that would strand appointments and the
// removal of the last one are refused with a message in the owner's language; limits hold under concurrent requests.
import { describe, expect, it } from "vitest";
import { api, registerOwner } from "../helpers/api";
import { dayAhead, practice } from "../helpers/practice";

const FR = { "accept-language": "fr" };
const open = { isOpen: true, openTime: "09:00", closeTime: "13:00" };

describe("practitioners", () => {
  it("lists the owner first, named by the account, with the practice's services and hours and their appointments to come", async () => {
    const p = await practice("Cabinet Roux");
    const booked = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Jean Dupont", date: dayAhead(3), time: "10:00", duration: 30 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const res = await api("GET", "/api/practitioners", { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      practitioners: [
        {
          id: booked.body.practitionerId,
          name: null,
          displayName: "Owner Test",
          services: [],
          workingHours: null,
          upcomingAppointments: 1,
          // The calendar connected with the account is the owner's.
          calendar: { provider: "google", sandbox: true, accountEmail: null, connectedAt: expect.any(String), revokedAt: null },
        },
      ],
    });
  });

  it("adds, changes and removes a practitioner; a day left out is a day off; names stay apart", async () => {
    const owner = await registerOwner();
    const created = await api("POST", "/api/practitioners", {
      token: owner.token,
      body: { name: "  Dr Roux ", services: [{ name: "Détartrage", durationMinutes: 45 }], workingHours: { tuesday: open } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Dr Roux",
      displayName: "Dr Roux",
      services: [{ name: "Détartrage", durationMinutes: 45 }],
      upcomingAppointments: 0,
    });
    expect(created.body.workingHours.tuesday).toEqual(open);
    expect(created.body.workingHours.monday.isOpen).toBe(false);

    // Another "dr roux" could not be told apart on the phone.
    const twin = await api("POST", "/api/practitioners", { token: owner.token, body: { name: "DR ROUX" }, headers: FR });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(
      "Un autre praticien de votre cabinet porte ce nom. Choisissez un nom que les appelants peuvent distinguer.",
    );

    const changed = await api("PUT", `/api/practitioners/${created.body.id}`, {
      token: owner.token,
      body: { name: "Dr Camille Roux", services: [], workingHours: null },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ name: "Dr Camille Roux", services: [], workingHours: null });

    const removed = await api("DELETE", `/api/practitioners/${created.body.id}`, { token: owner.token, headers: FR });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Praticien retiré.");
    const left = await api("GET", "/api/practitioners", { token: owner.token });
    expect(left.body.practitioners.map((x: { name: string | null }) => x.name)).toEqual([null]);
    // Gone from the list, the name is free again.
    expect((await api("POST", "/api/practitioners", { token: owner.token, body: { name: "Dr Camille Roux" } })).status).toBe(201);
  });

  it("refuses bad input with a message naming the field, and writes nothing", async () => {
    const owner = await registerOwner();
    const cases: [unknown, string][] = [
      [{ name: "   " }, "Full name is required"],
      [
        { name: "Dr A", services: [{ name: "Cleaning", durationMinutes: 3 }] },
        "The duration must be a whole number of minutes, from 5 to 480",
      ],
      [
        {
          name: "Dr A",
          services: [
            { name: "Cleaning", durationMinutes: 30 },
            { name: "cleaning", durationMinutes: 45 },
          ],
        },
        "Services: each service is listed once.",
      ],
      [
        { name: "Dr A", workingHours: { monday: { openTime: "14:00", closeTime: "09:00" } } },
        "Monday: the closing time must be after the opening time",
      ],
      [{ name: "Dr A", extra: true }, "The request is not valid"],
    ];
    for (const [body, message] of cases) {
      const res = await api("POST", "/api/practitioners", { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await api("GET", "/api/practitioners", { token: owner.token })).body.practitioners).toHaveLength(1);
  });

  it("keeps a practitioner with appointments to come, and the last one, and answers 404 for another owner's", async () => {
    const p = await practice("Cabinet Seul");
    const other = await registerOwner();
    const [owner] = (await api("GET", "/api/practitioners", { token: p.token })).body.practitioners;
    for (const time of ["10:00", "11:00"]) {
      const res = await api("POST", "/api/appointments", {
        token: p.token,
        body: { patientName: "Jean Dupont", date: dayAhead(4), time, duration: 30 },
      });
      expect(res.status).toBe(201);
    }
    const second = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Martin" } });
    expect(second.status).toBe(201);

    const busy = await api("DELETE", `/api/practitioners/${owner.id}`, { token: p.token });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("2 appointments with this practitioner are still to come. Move or cancel them first.");

    expect((await api("DELETE", `/api/practitioners/${second.body.id}`, { token: other.token })).status).toBe(404);
    expect((await api("PUT", `/api/practitioners/${second.body.id}`, { token: other.token, body: { name: "Volé" } })).status).toBe(404);
    // With its appointments gone, the owner can go, and their calendar connection with them.
    const third = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Third" } });
    const agenda = (await api("GET", "/api/appointments", { token: p.token })).body.upcoming as { id: string }[];
    for (const a of agenda) expect((await api("POST", `/api/appointments/${a.id}/cancel`, { token: p.token })).status).toBe(200);
    expect(owner.calendar).toMatchObject({ provider: "google" });
    expect((await api("DELETE", `/api/practitioners/${owner.id}`, { token: p.token })).status).toBe(200);
    const left = (await api("GET", "/api/practitioners", { token: p.token })).body.practitioners as { id: string; calendar: unknown }[];
    expect(left.map((x) => [x.id, x.calendar])).toEqual([
      [second.body.id, null],
      [third.body.id, null],
    ]);
    expect((await api("GET", "/api/auth/profile", { token: p.token })).body.hasGoogleOAuth).toBe(false);
    expect((await api("DELETE", `/api/practitioners/${third.body.id}`, { token: p.token })).status).toBe(200);

    const last = await api("DELETE", `/api/practitioners/${second.body.id}`, { token: p.token });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(
      "Your practice needs at least one practitioner to take appointments. Add another before removing this one.",
    );
    expect((await api("DELETE", "/api/practitioners/not-an-id", { token: p.token })).status).toBe(404);
  });

  it("holds the limit of 20 when many are added at once, and never removes the last two at once", async () => {
    const owner = await registerOwner();
    const added = await Promise.all(
      Array.from({ length: 24 }, (_, i) => api("POST", "/api/practitioners", { token: owner.token, body: { name: `Dr ${i}` } })),
    );
    expect(added.filter((r) => r.status === 201)).toHaveLength(19);
    const refused = added.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toBe("You have reached the limit of 20 practitioners.");

    const list = (await api("GET", "/api/practitioners", { token: owner.token })).body.practitioners as { id: string }[];
    expect(list).toHaveLength(20);
    const removals = await Promise.all(list.map((x) => api("DELETE", `/api/practitioners/${x.id}`, { token: owner.token })));
    expect(removals.filter((r) => r.status === 200)).toHaveLength(19);
    expect((await api("GET", "/api/practitioners", { token: owner.token })).body.practitioners).toHaveLength(1);
  });
});
