import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockCapacity } from "../src/features/registrations/waitlist.repository.js";
import { createTournament } from "./factories.js";
import { createTestApp, dialects, type TestApp } from "./helpers.js";

/**
 * The row locks that serialize writes on PostgreSQL (tournament capacity, squad, team, player)
 * are `FOR NO KEY UPDATE` (#16): a transaction that first inserts a row pointing at the
 * tournament (a log line: its foreign key check takes FOR KEY SHARE on the tournament) and then
 * takes the capacity lock must not deadlock with another doing the same. With `FOR UPDATE`
 * PostgreSQL aborts one of the two with "deadlock detected" (the mixed bench's withdrawals).
 * SQLite has no row locks: its one connection runs one write transaction at a time.
 */
const postgres = (await dialects()).filter((d) => d === "postgres");

describe.skipIf(postgres.length === 0)("row locks on PostgreSQL (#16)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres");
  });
  afterAll(() => t?.close());

  it("two writes that log first and take the capacity lock next both commit, one after the other", async () => {
    const id = await createTournament(t.database, { registrations_open: 1 });
    const logged: Array<() => void> = [];
    const bothLogged = new Promise<void>((resolve) => {
      let n = 0;
      for (let i = 0; i < 2; i++) logged.push(() => ++n === 2 && resolve());
    });
    const write = (i: number) =>
      t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("tournament_logs")
          .values({ tournament_id: id, user_id: null, action: `write ${i}`, created_at: Date.now() })
          .execute();
        logged[i]!();
        // Both hold their foreign-key share lock on the tournament before either asks for the capacity lock.
        await bothLogged;
        const row = await lockCapacity(trx, id);
        return row?.id;
      });
    const results = await Promise.allSettled([write(0), write(1)]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason)))).toEqual([id, id]);
    const logs = await t.database.db.selectFrom("tournament_logs").select("action").where("tournament_id", "=", id).execute();
    expect(logs.map((l) => l.action).sort()).toEqual(["write 0", "write 1"]);
  });
});
