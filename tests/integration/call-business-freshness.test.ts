// A call's business is kept between its messages (findBusinessByLine: every message of a call needs it, and it rarely
// changes). What the owner or an admin changes through the API reaches the very next message of a call under way; a
// change made elsewhere (another instance, a sweep) reaches it within half a minute.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { closures } from "@/db/schema";
import { api, createAdmin } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiReply } from "../helpers/practice";

const caller = "+33655501234";

describe("the business a call is answered for", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hears the owner's new closure at the very next message", async () => {
    const p = await practice("Cabinet Inventaire");
    const call = newCallId();
    const day = dayAhead(4);
    const before = await vapiReply(p.line, call, caller, "check_availability", { date: day });
    expect(before.slots!.some((s) => s.date === day)).toBe(true);

    const res = await api("POST", "/api/closures", { token: p.token, body: { from: day, reason: "inventaire" } });
    expect(res.status).toBe(201);

    const after = await vapiReply(p.line, call, caller, "check_availability", { date: day });
    expect(after.say).toMatch(/^We are closed on \w+day, \w+ \d+ \(inventaire\)\./);
    expect(after.slots!.some((s) => s.date === day)).toBe(false);
  });

  it("stops booking at the very next message once an admin deactivates the account", async () => {
    const p = await practice("Cabinet Suspendu");
    const admin = await createAdmin();
    const call = newCallId();
    const offered = await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(3) });
    expect(offered.slots!.length).toBeGreaterThan(0);

    const res = await api("PUT", `/api/admin/users/${p.user.id}/status`, { token: admin.token, body: { isActive: false } });
    expect(res.status).toBe(200);

    const slot = offered.slots![0]!;
    const booked = await vapiReply(p.line, call, caller, "book_appointment", { date: slot.date, time: slot.time, name: "Zoé Martin" });
    expect(booked.say).toBe("I cannot book or change appointments on this line at the moment, but I can take a message.");
  });

  it("hears a change made outside this process's API within half a minute", async () => {
    const p = await practice("Cabinet Ailleurs");
    const call = newCallId();
    const day = dayAhead(5);
    expect((await vapiReply(p.line, call, caller, "check_availability", { date: day })).slots!.some((s) => s.date === day)).toBe(true);

    // As another instance would write it: straight to the database.
    await getDb().insert(closures).values({ userId: p.user.id, startsOn: day, endsOn: day, reason: "travaux" });
    const kept = await vapiReply(p.line, call, caller, "check_availability", { date: day });
    expect(kept.slots!.some((s) => s.date === day)).toBe(true);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    const fresh = await vapiReply(p.line, call, caller, "check_availability", { date: day });
    expect(fresh.say).toMatch(/^We are closed on \w+day, \w+ \d+ \(travaux\)\./);
  });
});
