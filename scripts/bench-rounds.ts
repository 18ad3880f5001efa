/**
 * FFA rounds part of `npm run bench -- --rounds` (issue #19 §8).
 *
 * `prepareRoundsBench` writes straight into the bench database (SQLite or PostgreSQL), once
 * (found again by its title on later runs): the published solo tournament 'Bench FFA 2040'
 * (a copy of a large-dataset MK8DX solo tournament, outside any series, no check-in) with 2,040
 * registered players of the large dataset, every tenth able to host (204 hosts for 170 rooms).
 * The rounds are run by the dataset's event administrator (password 'password').
 *
 * `roundWrites` then runs round 1 through the API of the running server and times the calls:
 * - the draw (`POST /api/events/{id}/rounds`, 2,040 entrants → 170 rooms of 12) five times,
 *   deleting the round between draws; median and max;
 * - setup, not timed: publish, and the 170 tables entered by totals (valid totals, every racer
 *   finishing in the same place in every race, a different order per room);
 * - closing with the plan top 6 of each room and no wildcards: five dry runs (median, max),
 *   then the real close once.
 * Rounds left by an earlier run (closed, or half-run after an interruption) are deleted first.
 * A time here is the wall time of one call at a time on loopback, as the client sees it: the
 * server's work plus about a millisecond of HTTP and JSON.
 *
 * The anonymous rounds page (`GET /api/events/{id}/rounds`, the overview the page
 * /tournaments/{id}/rounds loads: the §8 target) and round page (`GET /api/events/{id}/rounds/1`,
 * the closed round with its 170 rooms, a large answer) are measured by bench.ts with autocannon
 * next to hello, and `roundsReport` writes the Markdown of bench-results/rounds.md.
 */
import { gzipSync } from "node:zlib";
import { type BenchDb, copyTournament } from "./bench-db.js";
import { Client } from "./bench-registrations.js";

export const ROUNDS_TITLE = "Bench FFA 2040";
const ENTRANTS = 2040;
const ROOM_SIZE = 12;
const ROOMS = ENTRANTS / ROOM_SIZE;
const RACES = 8;
/** MK8DX points per place in a room of 12 (packages/contract ffa-points), per race. */
const POINTS_12 = [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
const TIMED_RUNS = 5;
const CLOSE_PLAN = { per_room: 6, wildcards: 0 };
/** Targets of issue #19 §8, in ms: reported as pass or miss, never failing the run. */
export const ROUND_TARGETS = { drawMs: 200, closeMs: 200, pageP99Ms: 20 };
const DAY = 86_400_000;

export interface RoundsBench {
  tournamentId: number;
  adminEmail: string;
}

/** The anonymous round page measured with autocannon. */
export const roundPagePath = (b: RoundsBench) => `/api/events/${b.tournamentId}/rounds/1`;
/** The anonymous rounds page's call (the overview of the event's rounds), measured with autocannon: issue #19 §8's target. */
export const roundsOverviewPath = (b: RoundsBench) => `/api/events/${b.tournamentId}/rounds`;

/** The size of an anonymous answer: JSON bytes as sent plain, and gzipped (what a browser receives). */
export interface AnswerSize {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** Fetches `path` anonymously and measures its answer (gzip at level 6, the server's micro-cache level). */
export async function answerSize(base: string, path: string): Promise<AnswerSize> {
  const res = await fetch(base + path, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return { path, bytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length };
}

/** Makes 'Bench FFA 2040' once (found again by title) and finds the event administrator account. */
export async function prepareRoundsBench(db: BenchDb): Promise<RoundsBench> {
  const admin = await db.get<{ email: string }>(
    `select u.email from users u join user_roles r on r.user_id = u.id
     where r.role = 'event_admin' and u.state = 'active' order by u.id limit 1`,
  );
  if (!admin)
    throw new Error("the bench database has no active event administrator account (the large dataset seeds event-admin@example.com)");
  const existing = await db.get<{ id: number }>("select id from tournaments where title = ?", ROUNDS_TITLE);
  if (existing) return { tournamentId: existing.id, adminEmail: admin.email };

  const template =
    (await db.get<{ id: number }>("select id from tournaments where event_format = 1 and game = 'mk8dx' order by id limit 1")) ??
    (await db.get<{ id: number }>("select id from tournaments where event_format = 1 order by id limit 1"));
  if (!template) throw new Error("the bench database has no solo tournament to copy");
  const now = Date.now();
  const start = Math.floor(now / DAY) * DAY;
  const id = await db.tx(async () => {
    const tid = await copyTournament(db, template.id, {
      title: ROUNDS_TITLE,
      tournament_series_id: null,
      event_format: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      published: 1,
      registrations_open: 0,
      is_historical: 0,
      checkin_required: 0,
      total_registrations_override: null,
      start_date: start,
      end_date: start + DAY,
      created_at: now - 30 * DAY,
    });
    // Players of the large dataset, away from the low ids other bench tournaments start from.
    const players = await db.all<{ id: number }>(
      "select id from players where is_banned = 0 and is_hidden = 0 order by id limit ? offset 10000",
      ENTRANTS,
    );
    if (players.length < ENTRANTS) throw new Error(`the bench database has only ${players.length} players for ${ROUNDS_TITLE}`);
    const reg = db.stmt(
      `insert into registrations (tournament_id, player_id, status, is_captain, can_host, checked_in, verified, registered_at)
       values (?, ?, 'registered', 0, ?, 0, 1, ?)`,
    );
    for (const [i, p] of players.entries()) await reg.run(tid, p.id, i % 10 === 0 ? 1 : 0, now - 20 * DAY + i * 1000);
    return tid;
  });
  return { tournamentId: id, adminEmail: admin.email };
}

export interface RoundTimings {
  /** ms of each timed draw, each dry-run close, and the real close. */
  draws: number[];
  dryCloses: number[];
  close: number;
  rooms: number;
  sides: number;
  advancing: number;
  /** ms the untimed setup took (publish and 170 tables). */
  setupMs: number;
}

type Racer = { player_id: number };
type RoundDetail = { rooms: Array<{ number: number; sides: Array<{ racers: Racer[] }> }> };

/** Wall time of one awaited call in ms, with its answer's body read. */
async function timed(call: () => Promise<Response>): Promise<{ ms: number; res: Response; body: unknown }> {
  const t = performance.now();
  const res = await call();
  const text = await res.text();
  const ms = performance.now() - t;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON; kept as text for the error message.
  }
  return { ms, res, body };
}

function expectOk(what: string, r: { res: Response; body: unknown }): void {
  if (!r.res.ok) throw new Error(`${what} failed: ${r.res.status} ${JSON.stringify(r.body)}`);
}

/** Runs round 1 of 'Bench FFA 2040' through the server's API and times the draw and the close (see the file's docstring). */
export async function roundWrites(base: string, b: RoundsBench): Promise<RoundTimings> {
  const c = new Client(base);
  await c.session();
  expectOk(`login of ${b.adminEmail}`, await timed(() => c.post("/api/auth/login", { email: b.adminEmail, password: "password" })));
  await c.session();
  const url = (p: string) => `/api/events/${b.tournamentId}${p}`;
  const get = (p: string) => fetch(base + url(p), { headers: { cookie: c.cookieHeader } });

  // Whatever an earlier run left: delete the rounds, last first.
  const overview = await timed(() => get("/rounds"));
  expectOk("the rounds overview", overview);
  const left = (overview.body as { rounds: Array<{ number: number }> }).rounds.map((r) => r.number).sort((x, y) => y - x);
  for (const n of left) expectOk(`deleting round ${n}`, await timed(() => c.post(url(`/rounds/${n}/delete`), {})));

  // A throwaway draw first, so the first timed one does not pay for JIT and cold pages.
  expectOk("the warm-up draw", await timed(() => c.post(url("/rounds"), { races: RACES, room_size: ROOM_SIZE, seed: 0 })));
  expectOk("deleting the warm-up draw", await timed(() => c.post(url("/rounds/1/delete"), {})));
  const draws: number[] = [];
  let drawn: { room_count: number; side_count: number } | null = null;
  for (let i = 0; i < TIMED_RUNS; i++) {
    if (i > 0) expectOk("deleting a draw", await timed(() => c.post(url("/rounds/1/delete"), {})));
    const r = await timed(() => c.post(url("/rounds"), { races: RACES, room_size: ROOM_SIZE, seed: 1000 + i }));
    expectOk("the draw", r);
    draws.push(r.ms);
    drawn = r.body as { room_count: number; side_count: number };
  }
  if (drawn?.room_count !== ROOMS || drawn.side_count !== ENTRANTS)
    throw new Error(`the draw made ${drawn?.room_count} rooms of ${drawn?.side_count} sides, not ${ROOMS} of ${ENTRANTS}`);

  const setupStart = performance.now();
  expectOk("publishing the draw", await timed(() => c.post(url("/rounds/1/publish"), {})));
  const detail = await timed(() => get("/rounds/1"));
  expectOk("the drawn round", detail);
  for (const room of (detail.body as RoundDetail).rooms) {
    const ids = room.sides.flatMap((s) => s.racers.map((r) => r.player_id));
    // Valid totals: racer k finishes in place (k + room) mod n in every race, so rooms differ.
    const totals = ids.map((player_id, k) => ({ player_id, total: RACES * POINTS_12[(k + room.number) % ids.length]! }));
    const r = await timed(() => c.post(url(`/rounds/1/rooms/${room.number}/table`), { mode: "totals", totals }));
    expectOk(`room ${room.number}'s table`, r);
    if (!(r.body as { saved: boolean }).saved) throw new Error(`room ${room.number}'s table was not saved: ${JSON.stringify(r.body)}`);
  }
  const setupMs = performance.now() - setupStart;

  const dryCloses: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const r = await timed(() => c.post(url("/rounds/1/close"), { plan: CLOSE_PLAN, dry_run: true }));
    expectOk("the dry-run close", r);
    dryCloses.push(r.ms);
  }
  const real = await timed(() => c.post(url("/rounds/1/close"), { plan: CLOSE_PLAN }));
  expectOk("the close", real);
  const closed = real.body as { closed: boolean; advancing: number; ties: unknown[] };
  if (!closed.closed) throw new Error(`round 1 did not close: ${closed.ties.length} ties`);
  return { draws, dryCloses, close: real.ms, rooms: ROOMS, sides: ENTRANTS, advancing: closed.advancing, setupMs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number) => x.toFixed(1);
const verdict = (value: number, target: number) => (value < target ? `✓ < ${target} ms` : `✗ miss (target < ${target} ms)`);

/** One autocannon row of the round page or hello (from bench.ts' `measure`). */
export interface RoundPageRow {
  label: string;
  cache: boolean;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  helloRps: number;
  /** p99 is held to the target (the cached page at full connections). */
  target: boolean;
  /** Requests that failed (non-2xx, socket errors, timeouts). */
  failed: number;
  /** Failures here do not fail the run (the uncached page at full connections). */
  informational: boolean;
  /** The server's CPU time per request (ms), or null when unknown. */
  serverCpuMs: number | null;
  /** autocannon's CPU use, % of one core. */
  clientCpuPct: number;
}

/** The Markdown of bench-results/rounds.md: the timed writes, the rounds and round page rows, and their answers' sizes. */
export function roundsReport(
  b: RoundsBench,
  t: RoundTimings,
  writesCache: boolean,
  rows: RoundPageRow[],
  sizes: AnswerSize[],
  header: { when: string; node: string; cpus: string; db: string; connections: number; duration: number; warmup: number },
): string[] {
  const dryMed = median(t.dryCloses);
  return [
    `# FFA rounds benchmark (issue #19 §8)`,
    ``,
    `${header.when} · Node ${header.node} · ${header.cpus} · ${header.db} · tournament ${b.tournamentId} '${ROUNDS_TITLE}': ` +
      `${t.sides} entrants, ${t.rooms} rooms of ${ROOM_SIZE}, ${RACES} races, run by ${b.adminEmail}`,
    ``,
    `## Writes (one call at a time, wall time on loopback, cache ${writesCache ? "on" : "off"})`,
    ``,
    `| Call | runs | median (ms) | max (ms) | target |`,
    `|---|---:|---:|---:|---|`,
    `| \`POST /api/events/${b.tournamentId}/rounds\` (draw round 1: ${t.sides} → ${t.rooms} rooms) | ${t.draws.length} | ${ms(median(t.draws))} | ${ms(Math.max(...t.draws))} | ${verdict(median(t.draws), ROUND_TARGETS.drawMs)} |`,
    `| \`POST …/rounds/1/close\` dry run (top ${CLOSE_PLAN.per_room} per room, ${CLOSE_PLAN.wildcards} wildcards) | ${t.dryCloses.length} | ${ms(dryMed)} | ${ms(Math.max(...t.dryCloses))} | ${verdict(dryMed, ROUND_TARGETS.closeMs)} |`,
    `| \`POST …/rounds/1/close\` (real: ${t.advancing} advance) | 1 | ${ms(t.close)} | ${ms(t.close)} | ${verdict(t.close, ROUND_TARGETS.closeMs)} |`,
    ``,
    `Draws: ${t.draws.map(ms).join(", ")} ms (after one untimed warm-up draw). Dry runs: ${t.dryCloses.map(ms).join(", ")} ms. ` +
      `Setup, not timed: publish and ${t.rooms} tables by totals in ${(t.setupMs / 1000).toFixed(1)} s.`,
    ``,
    `## Rounds page and round page, anonymous (autocannon, ${header.duration} s after a ${header.warmup} s warm-up)`,
    ``,
    `| Route | cache | conn | req/s | p50 (ms) | p99 (ms) | vs hello | server CPU/req (ms) | autocannon CPU | target |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---|`,
    ...rows.map(
      (r) =>
        `| \`GET ${r.label}\` | ${r.cache ? "on" : "off"} | ${r.connections} | ${r.rps.toFixed(0)}${r.failed > 0 ? ` ⚠ ${r.failed} failed` : ""} | ${r.p50} | ${r.p99} | ` +
        `${r.helloRps > 0 ? `${((r.rps / r.helloRps) * 100).toFixed(0)}%` : "-"} | ${r.serverCpuMs === null ? "?" : r.serverCpuMs.toFixed(3)} | ` +
        `${r.clientCpuPct.toFixed(0)}% | ${r.target ? verdict(r.p99, ROUND_TARGETS.pageP99Ms).replace("ms)", "ms p99)") : ""} |`,
    ),
    ``,
    `Answers: ${sizes.map((s) => `\`${s.path}\` ${(s.bytes / 1024).toFixed(1)} KB of JSON (${(s.gzipBytes / 1024).toFixed(1)} KB gzipped)`).join("; ")}. ` +
      `The §8 target ("the rounds page of that event under 20 ms p99 at 50 connections cached") is held by the rounds page's ` +
      `call, the overview; the round page of a 170-room round is shown for scale: its size, not the server, bounds it.`,
    ``,
    `"vs hello" is the route's req/s over GET /__bench/hello's in the same server run. Cache on: PUBLIC_CACHE_SECONDS=5 ` +
      `(the anonymous rounds overview and round page are cleared by every tournament write and refreshed in the background every 5 s); off: 0, ` +
      `computed on every request. Server CPU/req: the server process's CPU time over the run ÷ requests answered. ` +
      `autocannon CPU: the load generator's, in % of one core; near 100% it, not the server, sets the latency ` +
      `(it runs on the same machine and parses every answer).`,
    ``,
  ];
}
