// Admin › Numbers: a number added to the pool by hand, refused when it is already there, unreadable, or a line nobody
// should be given (premium rate, unallocated); only an administrator adds one.
import { describe, expect, it } from "vitest";
import { api, createAdmin, registerOwner } from "../helpers/api";

/** A French internet-phone landline (09) of this test's own: the kind of line the French pool holds. */
const freshNumber = () => `+339${String(70_000_000 + Math.floor(Math.random() * 9_999_999)).padStart(8, "0")}`;

describe("POST /api/admin/phone-numbers", () => {
  it("adds a number, typed with spaces, as a free and active number of its country, listed in the pool", async () => {
    const admin = await createAdmin();
    const number = freshNumber();
    const typed = `${number.slice(0, 3)} ${number.slice(3, 4)} ${number.slice(4, 6)} ${number.slice(6, 8)} ${number.slice(8)}`;
    const res = await api("POST", "/api/admin/phone-numbers", { token: admin.token, body: { phoneNumber: typed } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ phoneNumber: number, region: "FR", status: "active", isAssigned: false, assignedToUserId: null });
    const pool = await api("GET", "/api/admin/phone-numbers/telnyx?country=FR", { token: admin.token });
    expect(pool.body.phoneNumbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toContain(number);
  });

  it("answers 409 with a translated message for a number already in the pool, however it is written", async () => {
    const admin = await createAdmin();
    const number = freshNumber();
    expect((await api("POST", "/api/admin/phone-numbers", { token: admin.token, body: { phoneNumber: number } })).status).toBe(201);
    const again = await api("POST", "/api/admin/phone-numbers", { token: admin.token, body: { phoneNumber: `00${number.slice(1)}` } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This number is already in the pool.");
    const french = await api("POST", "/api/admin/phone-numbers", {
      token: admin.token,
      body: { phoneNumber: number },
      headers: { "accept-language": "fr" },
    });
    expect(french.status).toBe(409);
    expect(french.body.message).toBe("Ce numéro est déjà dans la réserve.");
  });

  it("adds one row when two admins add the same number at once", async () => {
    const admin = await createAdmin();
    const number = freshNumber();
    const both = await Promise.all(
      [0, 1].map(() => api("POST", "/api/admin/phone-numbers", { token: admin.token, body: { phoneNumber: number } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("refuses an owner with 403 and adds nothing", async () => {
    const owner = await registerOwner();
    const admin = await createAdmin();
    const number = freshNumber();
    expect((await api("POST", "/api/admin/phone-numbers", { token: owner.token, body: { phoneNumber: number } })).status).toBe(403);
    const pool = await api("GET", "/api/admin/phone-numbers/telnyx", { token: admin.token });
    expect(pool.body.phoneNumbers.map((n: { phoneNumber: string }) => n.phoneNumber)).not.toContain(number);
  });

  it("answers 400 saying what is wrong: unreadable, empty, premium rate, unallocated", async () => {
    const admin = await createAdmin();
    const post = (phoneNumber: string) => api("POST", "/api/admin/phone-numbers", { token: admin.token, body: { phoneNumber } });
    const unreadable = await post("12ab");
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toMatch(/^Phone number: this number cannot be read/);
    const empty = await post("  ");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please enter a phone number");
    const premium = await post("+33 8 99 12 34 56");
    expect(premium.status).toBe(400);
    expect(premium.body.message).toMatch(/^Phone number: /);
    expect(premium.body.message).not.toBe(unreadable.body.message);
    const unallocated = await post("+33 7 00 12 34 56");
    expect(unallocated.status).toBe(400);
    expect(unallocated.body.message).toBe("Phone number: this is not a mobile or landline number. Give a number a person answers.");
  });
});
