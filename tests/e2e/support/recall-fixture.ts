// The recall test's practice (tests/e2e/recall.spec.ts), written by prepare.ts before the server starts: recall counts
// from appointments months old, which no API books, so they are back-dated here. The owner signs in with a password;
// the test gives the practice its line, trial and booking page through the API.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, users } from "@/db/schema";
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { ensureUser } from "@/lib/server/bootstrap";
import type { E2EFixtures } from "./fixtures";

const OWNER = { email: "recall-fr@e2e.test", password: "recall-e2e-pass-1", fullName: "Claire Rappel" } as const;

/** Two patients whose last cleaning was seven months ago: one to be texted, one who will text STOP first. */
const PATIENTS = {
  due: { name: "Julie Détartrée", phone: "+33687650001" },
  stopped: { name: "Marc Silencieux", phone: "+33687650002" },
} as const;

export async function prepareRecallPractice(db: Db): Promise<E2EFixtures["recall"]> {
  await ensureUser(db, { ...OWNER, type: "user", locale: "fr", timeZone: "Europe/Paris", businessName: "Cabinet Rappel" });
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, OWNER.email));
  await db
    .update(users)
    .set({ services: ["Détartrage", "Consultation"] })
    .where(eq(users.id, owner!.id));
  const startsAt = new Date();
  startsAt.setUTCMonth(startsAt.getUTCMonth() - 7);
  startsAt.setUTCHours(8, 0, 0, 0);
  for (const [i, p] of Object.values(PATIENTS).entries()) {
    const start = new Date(startsAt.getTime() + i * 60 * 60_000);
    await db.insert(appointments).values({
      userId: owner!.id,
      practitionerId: firstPractitioner(db, owner!.id),
      patientName: p.name,
      patientPhone: p.phone,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      source: "phone",
      service: "Détartrage",
      language: "fr",
    });
  }
  return { ...OWNER, ...PATIENTS };
}
