import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createSquad, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

/**
 * What a read request looks up once it remembers for the rest of it (issue #16,
 * `isReadRequest` in `features/auth/session.ts`): the shared registration paths dispatch between
 * squad and team services on the tournament's access row, and the list reads it again; with the
 * micro-cache off (as here) a GET request now reads it once. Requests do not share it.
 */
describe.each(D)("one read of the access row per read request (%s)", (dialect) => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    id = await createTournament(t.database, { event_format: 2, minimum_team_size: 2, maximum_team_size: 4 });
    const a = await createPlayer(t.database);
    const b = await createPlayer(t.database);
    await createSquad(t.database, id, "Memo", [a, b]);
  });
  afterAll(() => t.close());

  /** The statements one request ran. */
  const statementsOf = async (send: () => Promise<{ statusCode: number }>) => {
    let n = 0;
    const stop = t.database.observeQueries!(() => n++);
    try {
      expect((await send()).statusCode).toBe(200);
    } finally {
      stop();
    }
    return n;
  };

  it("an anonymous list: the access row once, and again for the next request", async () => {
    const anon = new Client(t.app);
    const url = `/api/events/${id}/registrations?order=RA`;
    await anon.get(url);
    // The list itself is kept until a write; what is left is the access row, read once.
    expect(await statementsOf(() => anon.get(url))).toBe(1);
    expect(await statementsOf(() => anon.get(url))).toBe(1);
  });

  it("a signed-in list: the data version (with the kept session) and the access row once", async () => {
    const p = await signedIn(t);
    const url = `/api/events/${id}/registrations?order=RA`;
    await p.c.get(url);
    await p.c.get(url);
    const n = await statementsOf(() => p.c.get(url));
    // The data version, and the access row: 2 (the kept session costs nothing more). On
    // PostgreSQL another test file's write may move the version and read the session again.
    if (dialect === "sqlite") expect(n).toBe(2);
    else expect(n).toBeLessThanOrEqual(3);
  });
});
