import { afterEach, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { resetAppContext } from "@/lib/server/context";
import { api } from "../helpers/api";

// Some cases point the app at an unreachable database: each case starts from the run's own again.
const url = process.env.DATABASE_URL;
afterEach(async () => {
  process.env.DATABASE_URL = url;
  resetEnvCache();
  resetAppContext();
  await closeDb();
});

describe("GET /api/health", () => {
  it("answers 200 with nothing but a status while the database answers", async () => {
    const res = await api("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers 503 when the database is unreachable", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/none";
    resetEnvCache();
    resetAppContext();
    const res = await api("GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable" });
  });
});

describe("GET /api/ready", () => {
  it("answers 200 when the database and the job queue answer", async () => {
    const res = await api("GET", "/api/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ready", checks: { database: "ok", jobs: "ok" } });
  });

  it("answers 503 naming the failing checks when the database is unreachable", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/none";
    resetEnvCache();
    resetAppContext();
    const res = await api("GET", "/api/ready");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable", checks: { database: "failing", jobs: "failing" } });
  });
});
