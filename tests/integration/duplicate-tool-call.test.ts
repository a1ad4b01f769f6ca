// One book_appointment tool call delivered twice at the same moment (the platform's retry while the first is still
// running, or one copy to each of two instances): one booking, and both copies answer that it is booked. On PostgreSQL
// the copies really run side by side; each round is a new slot, because the race does not show every time.
import { readReply } from "@/lib/receptionist/tools/replies";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments } from "@/db/schema";
import { and, eq } from "drizzle-orm";
import { dayAhead, newCallId, practice, vapi, vapiMessage } from "../helpers/practice";

describe("the same tool call delivered twice at once", () => {
  it("books once and answers the same to both copies", async () => {
    const p = await practice("Cabinet Double");
    const times = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30"];
    for (const [i, time] of times.entries()) {
      const toolCallId = `tc-twice-${i}-${newCallId()}`;
      const body = vapiMessage(p.line, newCallId(), "+33612345678", {
        type: "tool-calls",
        toolCallList: [
          {
            id: toolCallId,
            type: "function",
            function: { name: "book_appointment", arguments: { date: dayAhead(3), time, name: "Ada Twice" } },
          },
        ],
      });
      const answers = await Promise.all([vapi(body), vapi(body)]);
      const said = answers.map((a) => {
        expect(a.status).toBe(200);
        const [r] = a.body.results;
        return readReply((r.result ?? r.error) as string).say;
      });
      expect(said[0], time).toMatch(/^Booked/);
      expect(said[1], time).toBe(said[0]);
      const rows = await getDb()
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.userId, p.user.id), eq(appointments.bookingKey, toolCallId)));
      expect(rows, time).toHaveLength(1);
    }
  });
});
