// The Vapi server-URL messages as the platform sends them, and the business's calendar day: plain functions, shared by
// the integration tests (practice.ts) and the receptionist benchmark (scripts/bench-receptionist.ts), which has no
// vitest to import.

/** A Vapi message of the call `callId` from `caller` on `line`. */
export function vapiMessage(line: string, callId: string, caller: string, message: Record<string, unknown>) {
  return { message: { call: { id: callId, customer: { number: caller } }, phoneNumber: { number: line }, ...message } };
}

/** The date `days` from now in Europe/Paris, the test practices' zone. */
export function dayAhead(days = 3): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}
