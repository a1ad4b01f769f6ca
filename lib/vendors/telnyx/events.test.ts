// Reading Telnyx's call.initiated into a caller ID's attestation: tolerant of what Telnyx adds or leaves out, strict on
// what we store (an incoming call, a level A, B or C, numbers in E.164).
import { describe, expect, it } from "vitest";
import { parseTelnyxEvent, toCallAttestation } from "./events";

const NOW = new Date("2026-03-02T10:00:00Z");

function initiated(payload: Record<string, unknown>, occurredAt?: string) {
  const event = parseTelnyxEvent({
    data: { record_type: "event", id: "e1", event_type: "call.initiated", occurred_at: occurredAt, payload },
  });
  expect(event).not.toBeNull();
  return event!;
}

const incoming = {
  direction: "incoming",
  from: "+33639980142",
  to: "+33187654321",
  shaken_stir_attestation: "A",
  shaken_stir_validated: true,
  start_time: "2026-03-02T09:59:58Z",
};

describe("toCallAttestation", () => {
  it("reads the level, the verification, both numbers and the call's start, ignoring the fields it does not know", () => {
    const event = initiated({ ...incoming, call_control_id: "v3:x", custom_headers: [{ name: "X", value: "y" }], tags: ["a"] });
    expect(toCallAttestation(event, NOW)).toEqual({
      line: "+33187654321",
      caller: "+33639980142",
      attestation: "A",
      verified: true,
      at: new Date("2026-03-02T09:59:58Z"),
    });
  });

  it("takes the numbers out of SIP URIs, and reads a national caller ID in the line's country", () => {
    const event = initiated({ ...incoming, from: "sip:0639980142@sip.telnyx.com", to: "sip:+33187654321@sip.telnyx.com;user=phone" });
    expect(toCallAttestation(event, NOW)).toMatchObject({ line: "+33187654321", caller: "+33639980142" });
  });

  it("reads the level in any case and keeps a missing or unreadable verification as unknown", () => {
    const { shaken_stir_validated: _dropped, ...unvalidated } = incoming;
    expect(toCallAttestation(initiated({ ...unvalidated, shaken_stir_attestation: " c " }), NOW)).toMatchObject({
      attestation: "C",
      verified: null,
    });
    expect(toCallAttestation(initiated({ ...incoming, shaken_stir_validated: "yes" }), NOW)).toMatchObject({ verified: null });
    expect(toCallAttestation(initiated({ ...incoming, shaken_stir_validated: false }), NOW)).toMatchObject({ verified: false });
  });

  it("dates the call by its start, else the event, else now, and never after now", () => {
    const { start_time: _start, ...noStart } = incoming;
    expect(toCallAttestation(initiated(noStart, "2026-03-02T09:59:00Z"), NOW)?.at).toEqual(new Date("2026-03-02T09:59:00Z"));
    expect(toCallAttestation(initiated({ ...incoming, start_time: "not a date" }), NOW)?.at).toEqual(NOW);
    expect(toCallAttestation(initiated({ ...incoming, start_time: "2026-03-02T10:05:00Z" }), NOW)?.at).toEqual(NOW);
  });

  it("carries nothing for an outgoing call, a missing or unknown level, or a caller ID that is no number", () => {
    expect(toCallAttestation(initiated({ ...incoming, direction: "outgoing" }), NOW)).toBeNull();
    const { shaken_stir_attestation: _level, ...noLevel } = incoming;
    expect(toCallAttestation(initiated(noLevel), NOW)).toBeNull();
    expect(toCallAttestation(initiated({ ...incoming, shaken_stir_attestation: "D" }), NOW)).toBeNull();
    expect(toCallAttestation(initiated({ ...incoming, from: "anonymous" }), NOW)).toBeNull();
    expect(toCallAttestation(initiated({ ...incoming, to: null }), NOW)).toBeNull();
  });
});
