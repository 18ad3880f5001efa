import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReadinessCheck } from "../src/features/reference/health.service.js";
import { createTestApp, dialects, type TestApp } from "./helpers.js";

/** `GET /api/ready` (issue #18 §5): the database answers and every known migration is applied. */
describe.each(await dialects())("GET /api/ready (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("is 503 naming the pending migrations until they are applied, then 200", async () => {
    // Before the first call (a ready node remembers that its migrations are current).
    const row = await t.database.db
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .where("name" as never, "=", "0023_upload_bytes" as never)
      .executeTakeFirstOrThrow();
    await t.database.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "0023_upload_bytes" as never)
      .execute();
    const pending = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: "not_ready", reason: "1 migration(s) pending" });
    expect(pending.headers["cache-control"]).toBe("no-store");
    await t.database.db
      .insertInto("kysely_migration" as never)
      .values(row as never)
      .execute();
    const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: dialect });
    // Liveness is another question, still answered.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("is not ready while shutting down", async () => {
    expect((await new ReadinessCheck(t.app.ctx).check(true)).body).toEqual({ status: "not_ready", reason: "shutting down" });
  });
});

describe("GET /api/ready without a database", () => {
  it("is 503 'database unreachable', never a 5xx message", async () => {
    const t = await createTestApp("sqlite");
    try {
      await t.database.destroy();
      const res = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "not_ready", reason: "database unreachable" });
    } finally {
      await t.app.close();
    }
  });
});
