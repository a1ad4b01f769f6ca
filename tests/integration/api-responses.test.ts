// What the routes answer is what their declarations say (`response`, lib/server/api-route.ts): the OpenAPI document and
// docs/API.md are written from those schemas, so a schema that drifts from the handler misleads every reader. Every
// call through tests/helpers/api.ts is checked against them (tests/helpers/response-check.ts); this file walks the
// contract's main routes on purpose, parses each answer with the named schema too, and shows that a wrong schema fails.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ROUTES } from "@/app/api/routes.generated";
import { profileResponse, sessionResponse, setupTokenResponse } from "@/lib/accounts/account/accounts.responses";
import { userDetailsResponse, userListResponse } from "@/lib/accounts/admin/admin.responses";
import { aiParametersInUseResponse, aiParametersResponse } from "@/lib/accounts/ai-settings/ai.responses";
import { appointmentListResponse, appointmentResponse } from "@/lib/scheduling/appointments/appointments.responses";
import { callListResponse } from "@/lib/receptionist/calls/calls.responses";
import { matchApiRoute } from "@/lib/platform/http/api-routes";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { availableNumbersResponse, claimedNumberResponse, numberPoolResponse } from "@/lib/accounts/numbers/numbers.responses";
import { privacySettingsResponse } from "@/lib/accounts/privacy/privacy.responses";
import type { ResponseSpec } from "@/lib/server/api-route";
import { subscriptionViewResponse } from "@/lib/accounts/subscriptions/subscriptions.responses";
import { addPoolNumbers, api, connectSandboxCalendar, createAdmin, registerOwner, startTrial } from "../helpers/api";
import { workThroughHolidays } from "../helpers/holidays";
import { checkResponse, declaredResponses, ResponseMismatch } from "../helpers/response-check";

/** The `response` a route declares for `method`, read from its module as the OpenAPI document reads it. */
async function declared(method: string, pathname: string): Promise<ResponseSpec> {
  const route = matchApiRoute(API_ROUTES, pathname)!.route;
  const mod = (await import(/* @vite-ignore */ resolve(route.file))) as Record<string, unknown>;
  return declaredResponses(mod[method])!;
}

/** Calls the route, then parses its answer with `schema`, which must be the one the route declares for the status. */
async function answers(schema: z.ZodType, method: string, path: string, opts: Parameters<typeof api>[2] = {}) {
  const res = await api(method, path, opts);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  expect((await declared(method, new URL(path, "http://x").pathname))[res.status], `${method} ${path}`).toBe(schema);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success, `${method} ${path}: ${parsed.success ? "" : z.prettifyError(parsed.error)}`).toBe(true);
  return res.body;
}

describe("the routes answer what they declare", () => {
  it("sign-in, registration, the profile, AI parameters, appointments, the call log, a number, privacy", async () => {
    await addPoolNumbers(1);
    const registered = await answers(sessionResponse, "POST", "/api/auth/register", {
      body: { email: `resp-${Date.now()}@example.com`, password: "correct-horse-battery", fullName: "Response Owner" },
    });
    const token = registered.token as string;
    // The day booked below is any weekday a week ahead: its public holidays are opened (tests/helpers/holidays.ts).
    await workThroughHolidays(registered.user.id);
    const credentials = { email: registered.user.email, password: "correct-horse-battery" };
    await answers(sessionResponse, "POST", "/api/auth/login", { body: credentials });
    await answers(profileResponse, "GET", "/api/auth/profile", { token });
    await answers(profileResponse, "PUT", "/api/auth/update-profile", { token, body: { businessName: "Cabinet Réponse" } });
    await answers(aiParametersResponse, "POST", "/api/ai/parameters", {
      token,
      body: { language: "fr", voiceId: "voice_french_male_1", firstMessage: "", agentName: "" },
    });
    await answers(aiParametersInUseResponse, "GET", "/api/ai/parameters", { token });
    await answers(messageResponse, "DELETE", "/api/ai/parameters", { token });

    await connectSandboxCalendar(token);
    await startTrial(token);
    const { subscriptionType, subscription } = (await api("GET", "/api/auth/profile", { token })).body;
    expect(subscriptionViewResponse.safeParse({ subscriptionType, subscription }).success).toBe(true);
    await answers(claimedNumberResponse, "GET", "/api/phone-numbers/claim", { token });

    const day = new Date(Date.now() + 7 * 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    const booked = await answers(appointmentResponse, "POST", "/api/appointments", {
      token,
      body: { patientName: "Jeanne Patient", date, time: "10:00", duration: 30 },
    });
    await answers(appointmentListResponse, "GET", "/api/appointments", { token });
    await answers(appointmentResponse, "POST", `/api/appointments/${booked.id}/cancel`, { token });
    await answers(callListResponse, "GET", "/api/calls", { token });
    await answers(privacySettingsResponse, "PUT", "/api/account/privacy", { token, body: { retentionDays: 30 } });
  });

  it("the admin's users and numbers, and a setup token's account", async () => {
    const admin = await createAdmin();
    const owner = await registerOwner();
    await addPoolNumbers(1);
    const { users } = await answers(userListResponse, "GET", "/api/admin/users", { token: admin.token });
    expect(users.length).toBeGreaterThan(0);
    await answers(userDetailsResponse, "GET", `/api/admin/users/${owner.user.id}`, { token: admin.token });
    await answers(availableNumbersResponse, "GET", "/api/admin/phone-numbers/available", { token: admin.token });
    await answers(numberPoolResponse, "GET", "/api/admin/phone-numbers/telnyx", { token: admin.token });
    expect((await declared("GET", "/api/auth/validate-setup-token/abc"))[200]).toBe(setupTokenResponse);
  });
});

describe("a schema that does not say what the route answers", () => {
  it("fails the test that meets it: a misspelt field, a field left out, a wrong type, an undeclared status or body", async () => {
    const owner = await registerOwner();
    const profile = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    const answer = { status: 200, contentType: "application/json", text: JSON.stringify(profile), body: profile };
    const check =
      (spec: ResponseSpec, a = answer) =>
      () =>
        checkResponse("GET /api/auth/profile", spec, a);

    expect(check({ 200: profileResponse })).not.toThrow();
    // The contract's field is fullName: a schema that asks for fullname refuses the real answer.
    const { fullName, ...rest } = profileResponse.shape;
    expect(check({ 200: z.strictObject({ ...rest, fullname: fullName }) })).toThrow(ResponseMismatch);
    // A field the handler sends that the schema does not list (it would be missing from the documentation).
    expect(check({ 200: profileResponse.omit({ country: true }) })).toThrow(ResponseMismatch);
    expect(check({ 200: profileResponse.extend({ isActive: z.string() }) })).toThrow(/isActive/);
    expect(check({ 201: profileResponse })).toThrow(/does not list/);
    expect(check({ 204: null })).toThrow(ResponseMismatch);
    expect(check({ 200: null })).toThrow(/none/);
    expect(check({ 200: { "text/html": null } })).toThrow(/content type/);
    // And api() itself holds every answer to the declaration: the profile route, given a wrong schema for a moment.
    const mod = (await import("@/app/api/auth/profile/route")) as unknown as { GET: { spec: { response: ResponseSpec } } };
    const real = mod.GET.spec.response;
    mod.GET.spec.response = { 200: profileResponse.omit({ country: true }) };
    try {
      await expect(api("GET", "/api/auth/profile", { token: owner.token })).rejects.toThrow(ResponseMismatch);
    } finally {
      mod.GET.spec.response = real;
    }
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);
    // Refusals are held to the one error shape.
    const refusal = { status: 404, contentType: "application/json", text: '{"error":"x"}', body: { error: "x" } };
    expect(check({ 200: profileResponse }, refusal)).toThrow(ResponseMismatch);
  });
});
