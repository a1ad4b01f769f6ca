// What the call log routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from CallView and CallDetail (lib/receptionist/calls/calls.service.ts).
import { z } from "zod";
import { ATTESTATIONS, CALL_OUTCOMES, CALL_SCREENINGS } from "@/db/schema";

const instant = z.iso.datetime({ offset: true });

const callFields = {
  id: z.string(),
  fromNumber: z.string().nullable(),
  toNumber: z.string().nullable(),
  status: z.string(),
  startedAt: instant.nullable(),
  endedAt: instant.nullable(),
  durationSeconds: z.number().nullable(),
  endedReason: z.string().nullable(),
  summary: z.string().nullable(),
  outcome: z.enum(CALL_OUTCOMES),
  screening: z
    .enum(CALL_SCREENINGS)
    .nullable()
    .describe(
      "Kept out of usage and insights: a blocked caller, a robocall, sales pitch or other spam the receptionist reported, or nothing said. Null: a call that counts.",
    ),
  sandbox: z.boolean(),
  contentPurgeAt: instant.nullable().describe("When retention removes the transcript, summary and recording (null once done)."),
  contentPurgedAt: instant.nullable(),
};

export const callListResponse = z.strictObject({ calls: z.array(z.strictObject(callFields).meta({ title: "Call" })) });

export const callDetailResponse = z.strictObject({
  ...callFields,
  callerAttestation: z
    .enum(ATTESTATIONS)
    .nullable()
    .describe("The caller ID's STIR/SHAKEN attestation by the carrier: A full, B partial, C the least trust. Null: none given."),
  callerVerified: z.boolean().nullable().describe("Whether the carrier verified that attestation. Null: no attestation."),
  transcript: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  messages: z.array(
    z.strictObject({
      id: z.string(),
      callerName: z.string().nullable(),
      callerPhone: z.string().nullable().describe("The number to call back on, as the caller gave it (E.164); may differ from fromNumber."),
      body: z.string(),
      createdAt: instant,
    }),
  ),
  appointments: z.array(
    z.strictObject({
      id: z.string(),
      patientName: z.string(),
      callerName: z.string().nullable().describe("Who booked it, when not the patient (a parent for a child)."),
      patientPhone: z.string().nullable().describe("The number its confirmations go to (E.164)."),
      service: z.string().nullable().describe("The service booked, as the practice names it."),
      reason: z.string().nullable(),
      startsAt: instant,
      endsAt: instant,
      status: z.string(),
      confirmedAt: instant.nullable().describe("When the caller confirmed it (null: not, or moved since)."),
      confirmedBy: z.enum(["text", "phone"]).nullable().describe("How: by a text, or on a reminder call."),
    }),
  ),
});
