// The metrics on a registry of the test's own: names, types and labels as exposed, and recording that never throws.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createMetrics,
  metrics,
  recordBookingConflict,
  recordHttpRequest,
  recordJobFailure,
  recordMessageFailure,
  recordToolCall,
  recordWebhook,
  renderMetrics,
  setJobQueueDepths,
  setMetrics,
} from "./metrics";

let restore: () => void;
beforeEach(() => {
  restore = setMetrics(createMetrics());
});
afterEach(() => restore());

describe("metrics", () => {
  it("exposes every metric with its type, and records on the current registry", async () => {
    recordHttpRequest({ route: "/api/appointments/[id]", method: "DELETE", status: 204, seconds: 0.012 });
    recordHttpRequest({ route: "/api/auth/profile", method: "BREW", status: 405, seconds: Number.NaN });
    recordToolCall({ tool: "check_availability", outcome: "result", seconds: 0.3 });
    recordWebhook("stripe", "duplicate");
    recordJobFailure("calendar-sync");
    recordBookingConflict("phone");
    recordMessageFailure("whatsapp");
    setJobQueueDepths({ "appointment-notice": 3 });
    const { contentType, text } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    for (const [name, type] of [
      ["recepta_http_request_duration_seconds", "histogram"],
      ["recepta_receptionist_tool_call_duration_seconds", "histogram"],
      ["recepta_webhook_events_total", "counter"],
      ["recepta_job_queue_depth", "gauge"],
      ["recepta_job_failures_total", "counter"],
      ["recepta_booking_conflicts_total", "counter"],
      ["recepta_message_failures_total", "counter"],
    ]) {
      expect(text).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(text).toContain('recepta_http_request_duration_seconds_count{route="/api/appointments/[id]",method="DELETE",status="204"} 1');
    // An unknown method is one label value, and an invalid duration is counted as 0 rather than thrown.
    expect(text).toContain('recepta_http_request_duration_seconds_count{route="/api/auth/profile",method="OTHER",status="405"} 1');
    expect(text).toContain('recepta_receptionist_tool_call_duration_seconds_count{tool="check_availability",outcome="result"} 1');
    expect(text).toContain('recepta_webhook_events_total{vendor="stripe",outcome="duplicate"} 1');
    expect(text).toContain('recepta_job_failures_total{job="calendar-sync"} 1');
    expect(text).toContain('recepta_booking_conflicts_total{source="phone"} 1');
    expect(text).toContain('recepta_message_failures_total{channel="whatsapp"} 1');
    expect(text).toContain('recepta_job_queue_depth{queue="appointment-notice"} 3');
    // A registry of a test's own has no process metrics: those belong to the process's one.
    expect(text).not.toContain("process_cpu");
  });

  it("drops the queue depths it could not read rather than show old ones", async () => {
    setJobQueueDepths({ "calendar-sync": 2 });
    setJobQueueDepths(null);
    expect((await renderMetrics()).text).not.toContain('recepta_job_queue_depth{queue="calendar-sync"}');
  });

  it("keeps one set of process metrics however often it is asked for", () => {
    restore();
    const first = metrics();
    expect(metrics()).toBe(first);
    restore = setMetrics(createMetrics());
  });
});
