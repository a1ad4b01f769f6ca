import { describe, expect, it } from "vitest";
import { deriveSubscription } from "./subscription-status";

const now = new Date("2026-11-21T12:00:00Z");
const day = 86_400_000;
const base = {
  trialEndsAt: null,
  currentPeriodStart: new Date(now.getTime() - 10 * day),
  currentPeriodEnd: new Date(now.getTime() + 20 * day),
  createdAt: new Date(now.getTime() - 10 * day),
};

describe("deriveSubscription", () => {
  it("is absent without a record", () => {
    expect(deriveSubscription(null, now)).toEqual({ subscriptionType: null, subscription: null });
  });

  it("is a trial while the trial runs", () => {
    const v = deriveSubscription({ ...base, status: "trialing", trialEndsAt: new Date(now.getTime() + 3 * day) }, now);
    expect(v.subscriptionType).toBe("trial");
    expect(v.subscription).toMatchObject({ status: true, endTime: "2026-11-24T12:00:00.000Z" });
  });

  it("is lapsed (subscribed, status false) once the trial has ended unpaid", () => {
    const v = deriveSubscription({ ...base, status: "trialing", trialEndsAt: new Date(now.getTime() - day) }, now);
    expect(v).toMatchObject({ subscriptionType: "subscribed", subscription: { status: false } });
  });

  it("is active while paid, and lapsed once cancelled", () => {
    expect(deriveSubscription({ ...base, status: "active" }, now).subscription?.status).toBe(true);
    expect(deriveSubscription({ ...base, status: "canceled" }, now)).toMatchObject({
      subscriptionType: "subscribed",
      subscription: { status: false },
    });
    expect(
      deriveSubscription({ ...base, status: "active", currentPeriodEnd: new Date(now.getTime() - day) }, now).subscription?.status,
    ).toBe(false);
  });
});
