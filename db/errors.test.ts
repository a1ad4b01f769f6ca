import { describe, expect, it } from "vitest";
import { againAfterDeadlock } from "./errors";

// drizzle wraps the driver's error; the SQLSTATE sits on its cause.
const failure = (code: string) => Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("driver"), { code }) });

describe("againAfterDeadlock", () => {
  it("runs a write again when the database broke a deadlock (40P01) or a serialization conflict (40001) by failing it", async () => {
    for (const code of ["40P01", "40001"]) {
      let runs = 0;
      const answer = await againAfterDeadlock(async () => {
        if (++runs === 1) throw failure(code);
        return "written";
      });
      expect([answer, runs]).toEqual(["written", 2]);
    }
  });

  it("passes any other failure on at once: an exclusion or unique violation is the caller's answer", async () => {
    for (const code of ["23P01", "23505", "57P01"]) {
      let runs = 0;
      await expect(
        againAfterDeadlock(async () => {
          runs++;
          throw failure(code);
        }),
      ).rejects.toMatchObject({ cause: { code } });
      expect(runs).toBe(1);
    }
  });

  it("gives up after three runs that all deadlock", async () => {
    let runs = 0;
    await expect(
      againAfterDeadlock(async () => {
        runs++;
        throw failure("40P01");
      }),
    ).rejects.toMatchObject({ cause: { code: "40P01" } });
    expect(runs).toBe(3);
  });
});
