import { describe, expect, it } from "vitest";
import { JOB_NAMES, JOB_QUEUES, JOBS_BY_AREA } from "./job-handlers";

describe("the jobs the areas register", () => {
  it("each job is run by one area only: a name registered twice would lose one runner unseen", () => {
    const owners = new Map<string, string[]>();
    for (const [area, jobs] of Object.entries(JOBS_BY_AREA))
      for (const name of Object.keys(jobs)) owners.set(name, [...(owners.get(name) ?? []), area]);
    expect([...owners].filter(([, areas]) => areas.length > 1)).toEqual([]);
    expect(JOB_NAMES.length).toBe(owners.size);
  });

  it("the lanes where a caller waits or a receiver may be slow have more workers than one", () => {
    expect(JOB_QUEUES["verification-code"].workers).toBe(2);
    expect(JOB_QUEUES["appointment-notice"].workers).toBe(2);
    expect(JOB_QUEUES["webhook-delivery"].workers).toBe(8);
  });

  it("every sweep has a period, and only sweeps and calendar syncs keep one job per key", () => {
    const sweeps = JOB_NAMES.filter((n) => JOB_QUEUES[n].every);
    expect(sweeps.sort()).toEqual(["abandoned-calls", "holiday-sweep", "recall-sweep", "reminder-calls", "retention-purge"]);
    expect(JOB_NAMES.filter((n) => JOB_QUEUES[n].stately)).toEqual(["calendar-sync"]);
  });
});
