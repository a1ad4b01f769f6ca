import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calendarConnections } from "@/db/schema";
import { calendarAccessFor, markCalendarRevoked } from "@/lib/scheduling/calendar/calendar.service";
import { createSecretBox } from "@/lib/platform/crypto/secret-box";
import { createSandboxCalendar } from "@/lib/vendors/calendar-sandbox/sandbox-calendar";
import { api, connectSandboxCalendar, createAdmin, registerOwner } from "../helpers/api";
import { ownerPractitionerId } from "../helpers/calendars";

describe("AI parameters", () => {
  it("goes missing → created with defaults → updated → reset → deleted", async () => {
    const owner = await registerOwner();
    // None saved: the page's read answers the defaults in use, never a 404.
    const missing = await api("GET", "/api/ai/parameters", { token: owner.token });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ saved: false, language: "en", voiceId: "voice_english_female_1", agentName: "AI Assistant" });

    const created = await api("POST", "/api/ai/parameters", {
      token: owner.token,
      body: { language: "en", voiceId: "voice_english_male_2", firstMessage: "  ", agentName: "" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      language: "en",
      voiceId: "voice_english_male_2",
      firstMessage: "Hello, how can I help you today?",
      agentName: "AI Assistant",
    });
    expect((await api("POST", "/api/ai/parameters", { token: owner.token, body: {} })).status).toBe(409);

    const updated = await api("PUT", "/api/ai/parameters", {
      token: owner.token,
      body: { language: "fr", voiceId: "voice_french_male_1", firstMessage: "Bonjour !", agentName: "Léa" },
    });
    expect(updated.body).toEqual({ language: "fr", voiceId: "voice_french_male_1", firstMessage: "Bonjour !", agentName: "Léa" });
    expect((await api("GET", "/api/ai/parameters", { token: owner.token })).body).toMatchObject({ ...updated.body, saved: true });

    // Blank texts take the defaults of the assistant's language: a French assistant never greets in English.
    const reset = await api("PUT", "/api/ai/parameters", { token: owner.token, body: { firstMessage: "", agentName: null } });
    expect(reset.body).toMatchObject({ firstMessage: "Bonjour, comment puis-je vous aider ?", agentName: "Assistant IA", language: "fr" });
    // Switching the language alone moves the French voice to the English default: a voice speaks one language.
    const english = await api("PUT", "/api/ai/parameters", {
      token: owner.token,
      body: { language: "en", firstMessage: "", agentName: "" },
    });
    expect(english.body).toEqual({
      firstMessage: "Hello, how can I help you today?",
      agentName: "AI Assistant",
      language: "en",
      voiceId: "voice_english_female_1",
    });

    expect((await api("DELETE", "/api/ai/parameters", { token: owner.token })).status).toBe(200);
    expect((await api("GET", "/api/ai/parameters", { token: owner.token })).body.saved).toBe(false);
  });

  it("speaks Spanish: the Spanish defaults for blank fields, and a Spanish voice kept through edits", async () => {
    const owner = await registerOwner();
    const created = await api("POST", "/api/ai/parameters", {
      token: owner.token,
      body: { language: "es", firstMessage: "", agentName: null },
    });
    expect(created.status).toBe(201);
    // The default receptionist is a woman in every language, as the copy calls her.
    expect(created.body).toEqual({
      language: "es",
      voiceId: "voice_spanish_female_1",
      firstMessage: "Hola, ¿en qué puedo ayudarle?",
      agentName: "Asistente IA",
    });
    const male = await api("PUT", "/api/ai/parameters", { token: owner.token, body: { voiceId: "voice_spanish_male_1" } });
    expect(male.status).toBe(200);
    expect(male.body).toMatchObject({ language: "es", voiceId: "voice_spanish_male_1" });
    // Editing the texts keeps the owner's voice.
    const renamed = await api("PUT", "/api/ai/parameters", { token: owner.token, body: { agentName: "Lucía" } });
    expect(renamed.body).toEqual({ ...male.body, agentName: "Lucía" });
  });

  it("refuses a voice that does not speak the assistant's language, with a 400 in the owner's language, and saves nothing", async () => {
    const owner = await registerOwner();
    const french = { language: "fr", voiceId: "voice_french_female_1", firstMessage: "Bonjour !", agentName: "Léa" };
    expect((await api("POST", "/api/ai/parameters", { token: owner.token, body: french })).status).toBe(201);

    const mixed = await api("PUT", "/api/ai/parameters", {
      token: owner.token,
      body: { language: "es", voiceId: "voice_french_male_1", firstMessage: "¡Hola!", agentName: "Lucía" },
      headers: { cookie: "NEXT_LOCALE=es" },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe("Esta voz no habla el idioma de la recepcionista. Elija una de las voces de ese idioma.");
    // The voice alone is checked against the stored language (French here).
    const spanishVoice = await api("PUT", "/api/ai/parameters", {
      token: owner.token,
      body: { voiceId: "voice_spanish_female_1" },
      headers: { "accept-language": "fr" },
    });
    expect(spanishVoice.status).toBe(400);
    expect(spanishVoice.body.message).toBe(
      "Cette voix ne parle pas la langue de la réceptionniste. Choisissez l'une des voix de cette langue.",
    );
    expect((await api("GET", "/api/ai/parameters", { token: owner.token })).body).toMatchObject(french);

    // On creation the language defaults to English, so a Spanish voice alone is refused too.
    const other = await registerOwner();
    const created = await api("POST", "/api/ai/parameters", { token: other.token, body: { voiceId: "voice_spanish_male_1" } });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe("This voice does not speak the receptionist's language. Choose one of that language's voices.");
    expect((await api("GET", "/api/ai/parameters", { token: other.token })).body.saved).toBe(false);
  });

  it("shows the owner's AI parameters in the admin's user details", async () => {
    const owner = await registerOwner();
    const admin = await createAdmin();
    await api("POST", "/api/ai/parameters", { token: owner.token, body: { agentName: "Max" } });
    const details = await api("GET", `/api/admin/users/${owner.user.id}`, { token: admin.token });
    expect(details.body).toMatchObject({ id: owner.user.id, email: owner.email, aiParameters: { agentName: "Max" } });
    const sub = await api("GET", `/api/admin/users/${owner.user.id}/subscription`, { token: admin.token });
    expect(sub.body).toEqual({ subscriptionType: null, subscription: null, billing: null });
  });
});

describe("calendar connection", () => {
  it("connects with the sandbox code, keeps the refresh token encrypted, and disconnects", async () => {
    const owner = await registerOwner();
    const res = await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: "sandbox-test-code" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, hasGoogleOAuth: true });

    const raw = await getDb().execute<{ refresh_token_enc: string }>(
      sql`select refresh_token_enc from calendar_connections where user_id = ${owner.user.id}`,
    );
    const stored = raw[0]!.refresh_token_enc;
    expect(stored).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain("sandbox-refresh");

    const off = await api("POST", "/api/google-calendar/disconnect", { token: owner.token });
    expect(off.status).toBe(200);
    expect(await getDb().select().from(calendarConnections).where(eq(calendarConnections.userId, owner.user.id))).toHaveLength(0);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.hasGoogleOAuth).toBe(false);
  });

  it("accepts a code minted by the sandbox consent step once it is signed with our secret, and nothing forged", async () => {
    const owner = await registerOwner();
    const ours = createSandboxCalendar(process.env.AUTH_SECRET!, getDb()).mintConsentCode();
    const theirs = createSandboxCalendar("someone-elses-secret", getDb()).mintConsentCode();
    expect((await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: theirs } })).status).toBe(400);
    const bad = await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: "made-up" } });
    expect(bad.body.message).toBe("The calendar authorization code is invalid or has expired. Please connect again.");
    expect((await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: ours } })).status).toBe(200);
  });

  it("shows a grant the provider refused as not connected until the owner reconnects", async () => {
    const owner = await registerOwner();
    const admin = await createAdmin();
    const deps = { db: getDb(), secrets: createSecretBox(process.env.ENCRYPTION_KEY!) };
    await connectSandboxCalendar(owner.token);
    const granted = await calendarAccessFor(deps, owner.user.id, await ownerPractitionerId(owner.user.id));
    expect(granted).toMatchObject({
      userId: owner.user.id,
      calendarId: "primary",
      secret: expect.stringMatching(/^sandbox-refresh-/),
    });

    // What booking does when the calendar answers CalendarGrantRevokedError.
    expect(await markCalendarRevoked(deps, owner.user.id, await ownerPractitionerId(owner.user.id))).toBe(true);
    expect(await markCalendarRevoked(deps, owner.user.id, await ownerPractitionerId(owner.user.id))).toBe(false);
    const profile = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    expect(profile.hasGoogleOAuth).toBe(false);
    expect(profile.calendarRevokedAt).toEqual(expect.any(String));
    expect((await api("GET", `/api/admin/users/${owner.user.id}`, { token: admin.token })).body.hasGoogleOAuth).toBe(false);
    expect(await calendarAccessFor(deps, owner.user.id, await ownerPractitionerId(owner.user.id))).toBeNull();
    const [kept] = await getDb()
      .select({ revokedAt: calendarConnections.revokedAt })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, owner.user.id));
    expect(kept!.revokedAt).toBeInstanceOf(Date);

    await connectSandboxCalendar(owner.token);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.hasGoogleOAuth).toBe(true);
    const [restored] = await getDb()
      .select({ revokedAt: calendarConnections.revokedAt })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, owner.user.id));
    expect(restored!.revokedAt).toBeNull();
    const regranted = await calendarAccessFor(deps, owner.user.id, await ownerPractitionerId(owner.user.id));
    expect(regranted?.secret).toMatch(/^sandbox-refresh-/);
    expect(regranted?.secret).not.toBe(granted?.secret);
  });

  it("has no calendar access for an owner who never connected", async () => {
    const owner = await registerOwner();
    expect(
      await calendarAccessFor(
        { db: getDb(), secrets: createSecretBox(process.env.ENCRYPTION_KEY!) },
        owner.user.id,
        await ownerPractitionerId(owner.user.id),
      ),
    ).toBeNull();
  });
});
