// The owner hears of every API key and webhook endpoint made on the account: one queued job, one email to the account's
// address in its language, saying what was made, when and where to revoke it, and carrying no secret (not the key, not
// the signing secret, not the endpoint's path). A refused creation sends nothing. Real routes, real job, real database.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications } from "@/db/schema";
import { resetEnvCache } from "@/lib/platform/env";
import { drainJobs, JOB_SCHEMA } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api, type Account, registerOwner } from "../helpers/api";

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** The owner notices queued for this account (whatever their state), as pg-boss keeps them. */
async function queuedNotices(userId: string): Promise<unknown[]> {
  const rows = await getDb().execute(
    sql.raw(`select data from ${JOB_SCHEMA}.job where name = '${"access-made"}' and data->>'userId' = '${userId}'`),
  );
  return Array.from(rows as Iterable<{ data: unknown }>).map((r) => r.data);
}

const mailsTo = (account: Account) =>
  getDb()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipient, account.email),
        eq(notifications.channel, "email"),
        sql`${notifications.dedupeKey} like 'access-made:%'`,
      ),
    );

let previousAllowPrivate: string | undefined;
beforeAll(() => {
  // The endpoint below is on loopback (nothing listens there: no delivery is tried in this file).
  previousAllowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvCache();
});
afterAll(() => {
  if (previousAllowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = previousAllowPrivate;
  resetEnvCache();
});

describe("an API key made on the account", () => {
  it("queues one notice and emails the owner once, in the account's language, without the key", async () => {
    const owner = await registerOwner({ locale: "fr" });
    const res = await api("POST", "/api/api-keys", { token: owner.token, body: { name: "CRM du cabinet", scopes: ["appointments:read"] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key: string = res.body.key;

    const queued = await queuedNotices(owner.user.id);
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued)).not.toContain(key);

    await drain();
    await drain(); // a second pass finds nothing more to send
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Une nouvelle clé d'API a été créée sur votre compte Recepta");
    // What was made (its name and what it may do), when, and where to revoke it.
    expect(mail.body).toContain("CRM du cabinet");
    expect(mail.body).toContain("Lire les rendez-vous");
    expect(mail.body).toMatch(/ le \S+ \d{1,2} \S+ \d{4} à \d{2}:\d{2}\. /);
    expect(mail.links).toEqual([expect.stringMatching(/\/fr\/dashboard\/integrations$/)]);
    expect(mail.body).toContain("/fr/dashboard/integrations");
    // No secret: not the key, nor the part of it the dashboard shows.
    expect(JSON.stringify(mail)).not.toContain(key);
    expect(JSON.stringify(mail)).not.toContain(res.body.prefix);
  });

  it("sends nothing for a key that was refused", async () => {
    const owner = await registerOwner();
    const res = await api("POST", "/api/api-keys", { token: owner.token, body: { name: "CRM", scopes: ["everything:write"] } });
    expect(res.status).toBe(400);
    expect(await queuedNotices(owner.user.id)).toHaveLength(0);
    await drain();
    expect(await mailsTo(owner)).toHaveLength(0);
  });
});

describe("a webhook endpoint made on the account", () => {
  it("queues one notice and emails the owner once, with the host and events, never the secret or the path", async () => {
    const owner = await registerOwner({ locale: "es" });
    const url = "http://127.0.0.1:9/in/abc-private-token";
    const res = await api("POST", "/api/webhook-endpoints", { token: owner.token, body: { url, events: ["appointment.booked"] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const secret: string = res.body.secret;

    const queued = await queuedNotices(owner.user.id);
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued)).not.toContain(secret);
    expect(JSON.stringify(queued)).not.toContain("abc-private-token");

    await drain();
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Se añadió un nuevo endpoint de webhook a su cuenta de Recepta");
    expect(mail.body).toContain("127.0.0.1:9");
    expect(mail.body).toContain("Cita reservada");
    expect(mail.links).toEqual([expect.stringMatching(/\/es\/dashboard\/integrations$/)]);
    expect(JSON.stringify(mail)).not.toContain(secret);
    expect(JSON.stringify(mail)).not.toContain(secret.slice("whsec_".length, "whsec_".length + 12));
    expect(JSON.stringify(mail)).not.toContain("abc-private-token");
  });

  it("sends nothing for an address that was refused", async () => {
    const owner = await registerOwner();
    const res = await api("POST", "/api/webhook-endpoints", {
      token: owner.token,
      body: { url: "not an address", events: ["call.ended"] },
    });
    expect(res.status).toBe(400);
    expect(await queuedNotices(owner.user.id)).toHaveLength(0);
  });
});
