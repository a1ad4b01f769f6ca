// Test practices that work through their public holidays. A business is closed on its public holidays from the moment
// it is created (lib/scheduling/closures/holidays.ts), and the suite books a few days ahead (`dayAhead(n)`) on whatever
// date it runs: in December, 25 December and 1 January fall inside those windows. Fixtures that are not about holidays
// open every holiday of their practice, as an owner who works through them would (a holiday_openings row each, the
// closure gone), so a refill (a claimed number, a changed profile) keeps them open. Holidays themselves are tested on
// purpose, with practices that keep them closed (tests/integration/holidays.test.ts).
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { closures, holidayOpenings } from "@/db/schema";

/** Opens every public holiday filled for the practice (see above for why fixtures do it). */
export async function workThroughHolidays(userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const filled = await tx
      .delete(closures)
      .where(and(eq(closures.userId, userId), eq(closures.source, "holiday")))
      .returning({ day: closures.startsOn, name: closures.reason });
    if (filled.length)
      await tx
        .insert(holidayOpenings)
        .values(filled.map((h) => ({ userId, day: h.day, name: h.name ?? "" })))
        .onConflictDoNothing();
  });
}
