/**
 * The tournament-day mixed benchmark of `npm run bench -- --mixed` (issue 16 §4).
 *
 * On a fresh open squad tournament and a fresh open solo tournament (copies of large-dataset
 * tournaments, check-in open), 300 signed-in accounts write at a steady rate while 50
 * connections read, with the micro-cache on:
 * - 150 solo accounts: register, check in, check out, check in again; every third then withdraws;
 * - 150 squad accounts in 50 squads of three: the captain registers the squad and invites the
 *   two others, who accept; all three check in, the captain checks out, the third withdraws.
 * An account's steps run in order; the pacer starts one ready step every 1/rate seconds.
 * Readers (autocannon, 50 connections) cycle through the tournament pages, their registration
 * lists, the registered-players lists, and `register` status and `my_placement` signed in.
 *
 * Every acknowledged (2xx) write updates an expected final state; at the end SQL reads the
 * registrations and squads of both tournaments and compares: each acknowledged registration
 * exactly once with its status, check-in and squad; no row nobody acknowledged; each squad once
 * with its members. The two tournaments are deleted afterwards.
 */
import { createRequire } from "node:module";
import { type BenchDb, copyTournament } from "./bench-db.js";
import { Client, pool } from "./bench-registrations.js";

const SOLO_ACCOUNTS = 150;
const SQUADS = 50;
const SQUAD_SIZE = 3;
const DAY = 86_400_000;

interface AutocannonInstance extends Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}> {
  stop(): void;
}
type Autocannon = (o: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ method: "GET"; path: string; headers?: Record<string, string> }>;
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

interface Expected {
  playerId: number;
  tournamentId: number;
  status: "registered" | "withdrawn" | null;
  checkedIn: boolean;
  squadName: string | null;
}

interface Step {
  label: string;
  run: () => Promise<Response>;
  /** Applied to the expected state when the write is acknowledged. */
  ack: (res: Response) => Promise<void>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;

export interface MixedOptions {
  base: string;
  db: BenchDb;
  /** Upper bound of the read phase, in seconds (the writes usually finish first). */
  duration: number;
  readConnections: number;
  /** Writes started per second. */
  rate?: number;
}

/** Runs the mixed benchmark against a running server; `lines` is its Markdown report, `ok` false on any error or lost/duplicated write. */
export async function runMixed(o: MixedOptions): Promise<{ lines: string[]; ok: boolean }> {
  const { db, base } = o;
  const rate = o.rate ?? 60;
  const now = Date.now();
  const squadTemplate = (await db.get<{ id: number }>("select id from tournaments where event_format = 2 order by id limit 1"))!;
  const soloTemplate = (await db.get<{ id: number }>("select id from tournaments where event_format = 1 order by id limit 1"))!;
  const open = {
    published: 1,
    registrations_open: 1,
    is_historical: 0,
    start_date: now + 2 * DAY,
    end_date: now + 3 * DAY,
    created_at: now,
    verification_required: 0,
    team_name_required: 0,
    team_tag_required: 0,
    player_host_required: 0,
    player_mii_name_required: 0,
    checkin_required: 1,
    checkin_status: 1,
    checkin_minimum: 1,
    total_registrations_override: null,
  };
  const stamp = new Date(now).toISOString();
  const squadT = await copyTournament(db, squadTemplate.id, {
    ...open,
    title: `Bench Mixed Squads ${stamp}`,
    tournament_series_id: null,
    event_format: 2,
    minimum_team_size: 1,
    maximum_team_size: 4,
  });
  const soloT = await copyTournament(db, soloTemplate.id, {
    ...open,
    title: `Bench Mixed Solo ${stamp}`,
    tournament_series_id: null,
    event_format: 1,
    minimum_team_size: 1,
    maximum_team_size: 1,
  });
  try {
    // Ordinary accounts not registered in either (fresh) tournament, and one reader.
    const accounts = await db.all<{ email: string; player_id: number }>(
      `select u.email, p.id as player_id from users u join players p on p.user_id = u.id
       where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.id not in (select user_id from user_roles)
       order by u.id desc limit ? offset 1000`,
      SOLO_ACCOUNTS + SQUADS * SQUAD_SIZE + 1,
    );
    const reader = accounts.pop()!;
    const t0 = Date.now();
    const login = async (email: string) => {
      const c = new Client(base);
      await c.session();
      const res = await c.post("/api/auth/login", { email, password: "password" });
      if (!res.ok) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
      await c.session();
      return c;
    };
    const clients = await pool(accounts, 8, (a) => login(a.email));
    const readerClient = await login(reader.email);
    const loginSeconds = (Date.now() - t0) / 1000;

    // Each account's steps, in order.
    const expected = new Map<number, Expected>();
    const queues: Step[][] = [];
    const post =
      (c: Client, path: string, body: unknown = {}) =>
      () =>
        c.post(path, body);
    for (let i = 0; i < SOLO_ACCOUNTS; i++) {
      const c = clients[i]!;
      const e: Expected = { playerId: accounts[i]!.player_id, tournamentId: soloT, status: null, checkedIn: false, squadName: null };
      expected.set(e.playerId, e);
      const P = `/api/events/${soloT}`;
      const steps: Step[] = [
        { label: "register", run: post(c, `${P}/register`), ack: async () => void (e.status = "registered") },
        { label: "checkin", run: post(c, `${P}/checkin`), ack: async () => void (e.checkedIn = true) },
        { label: "checkout", run: post(c, `${P}/checkout`), ack: async () => void (e.checkedIn = false) },
        { label: "checkin", run: post(c, `${P}/checkin`), ack: async () => void (e.checkedIn = true) },
      ];
      if (i % 3 === 2)
        steps.push({
          label: "withdraw",
          run: post(c, `${P}/withdraw`),
          ack: async () => void ((e.status = "withdrawn"), (e.checkedIn = false)),
        });
      queues.push(steps);
    }
    // Squads: the captain's queue holds the invitations; a member's queue stays out of the
    // pacer (gated) until its invitation is acknowledged, so no write waits inside its timing.
    const gated = new Set<number>();
    const release: Array<() => void> = [];
    for (let s = 0; s < SQUADS; s++) {
      const members = Array.from({ length: SQUAD_SIZE }, (_, m) => SOLO_ACCOUNTS + s * SQUAD_SIZE + m);
      const P = `/api/events/${squadT}`;
      const squadName = `Mixed ${stamp.slice(11, 19)} ${s + 1}`;
      const es = members.map((k) => {
        const e: Expected = { playerId: accounts[k]!.player_id, tournamentId: squadT, status: null, checkedIn: false, squadName: null };
        expected.set(e.playerId, e);
        return e;
      });
      const [captain, ...others] = members.map((k) => clients[k]!);
      let squadId = 0;
      // The captain's queue comes next, then one queue per member.
      const capIndex = queues.length;
      const memberQueue = (j: number) => capIndex + 1 + j;
      const cap: Step[] = [
        {
          label: "register squad",
          run: post(captain!, `${P}/register`, { squad_name: squadName, squad_tag: `M${s + 1}` }),
          ack: async () => {
            es[0]!.status = "registered";
            es[0]!.squadName = squadName;
            const st = (await (await fetch(`${base}${P}/register`, { headers: { cookie: captain!.cookieHeader } })).json()) as {
              registration_details: { squad_id: number | null } | null;
            };
            squadId = st.registration_details?.squad_id ?? 0;
          },
        },
        ...others.map((_, j) => ({
          label: "invite",
          run: () => captain!.post(`${P}/squads/${squadId}/invite`, { player_id: es[j + 1]!.playerId }),
          ack: async () => {
            gated.delete(memberQueue(j));
            release[memberQueue(j)]!();
          },
        })),
        { label: "checkin", run: post(captain!, `${P}/checkin`), ack: async () => void (es[0]!.checkedIn = true) },
        { label: "checkout", run: post(captain!, `${P}/checkout`), ack: async () => void (es[0]!.checkedIn = false) },
      ];
      queues.push(cap);
      others.forEach((c, j) => {
        const e = es[j + 1]!;
        gated.add(queues.length);
        const steps: Step[] = [
          {
            label: "accept invitation",
            run: () => c.post(`${P}/squads/${squadId}/accept_invite`, {}),
            ack: async () => {
              e.status = "registered";
              e.squadName = squadName;
            },
          },
          { label: "checkin", run: post(c, `${P}/checkin`), ack: async () => void (e.checkedIn = true) },
        ];
        if (j === others.length - 1)
          steps.push({
            label: "withdraw",
            run: post(c, `${P}/withdraw`),
            ack: async () => void ((e.status = "withdrawn"), (e.checkedIn = false)),
          });
        queues.push(steps);
      });
    }

    // Readers: the pages a tournament-day visitor keeps reloading.
    const cookie = readerClient.cookieHeader;
    const readPaths = [
      { method: "GET" as const, path: `/api/events/${squadT}` },
      { method: "GET" as const, path: `/api/events/${squadT}/registrations?order=RA` },
      { method: "GET" as const, path: `/api/events/${squadT}/registered_players?order=RA` },
      { method: "GET" as const, path: `/api/events/${squadT}/register`, headers: { cookie } },
      { method: "GET" as const, path: `/api/events/${squadT}/my_placement`, headers: { cookie } },
      { method: "GET" as const, path: `/api/events/${soloT}` },
      { method: "GET" as const, path: `/api/events/${soloT}/registered_players?order=RA` },
      { method: "GET" as const, path: `/api/events/${soloT}/register`, headers: { cookie } },
      { method: "GET" as const, path: `/api/events/${soloT}/my_placement`, headers: { cookie } },
    ];
    const reads = autocannon({ url: base, connections: o.readConnections, duration: o.duration, requests: readPaths });

    // The pacer: one ready step every 1/rate s; a queue's next step is ready when its previous one answered.
    const writeMs: number[] = [];
    const byLabel = new Map<string, number[]>();
    const failures: string[] = [];
    let acknowledged = 0;
    // Interleave: squad queues and solo queues alternate so both tournaments see writes throughout.
    const ready: number[] = queues.map((_, i) => i).filter((i) => !gated.has(i));
    ready.sort((a, b) => (a % 7) - (b % 7) || a - b);
    queues.forEach((_, i) => (release[i] = () => ready.push(i)));
    let inFlight = 0;
    const started = performance.now();
    let pending = queues.reduce((n, q) => n + q.length, 0);
    const totalWrites = pending;
    await new Promise<void>((done) => {
      const timer = setInterval(() => {
        const i = ready.shift();
        if (i === undefined) return;
        const step = queues[i]!.shift()!;
        inFlight++;
        const t = performance.now();
        void (async () => {
          try {
            const res = await step.run();
            const ms = performance.now() - t;
            writeMs.push(ms);
            byLabel.set(step.label, [...(byLabel.get(step.label) ?? []), ms]);
            if (res.ok) {
              acknowledged++;
              await step.ack(res);
            } else failures.push(`${step.label}: ${res.status} ${(await res.text()).slice(0, 120)}`);
          } catch (err) {
            writeMs.push(performance.now() - t);
            failures.push(`${step.label}: ${String(err)}`);
          } finally {
            inFlight--;
            pending--;
            if (queues[i]!.length > 0) ready.push(i);
            if (pending === 0) {
              clearInterval(timer);
              done();
            }
          }
        })();
      }, 1000 / rate);
    });
    const writeSeconds = (performance.now() - started) / 1000;
    reads.stop();
    const r = await reads;
    void inFlight;

    // Verification: the database against every acknowledged write.
    const rows = await db.all<{ player_id: number; tournament_id: number; status: string; checked_in: number; squad_name: string | null }>(
      `select r.player_id, r.tournament_id, r.status, r.checked_in, s.squad_name
         from registrations r left join squads s on s.id = r.squad_id
        where r.tournament_id in (?, ?)`,
      squadT,
      soloT,
    );
    const squads = await db.all<{ squad_name: string; n: number | string }>(
      "select squad_name, count(*) as n from squads where tournament_id = ? group by squad_name",
      squadT,
    );
    let lost = 0;
    let duplicated = 0;
    let wrong = 0;
    const seen = new Map<string, number>();
    for (const row of rows) seen.set(`${row.tournament_id}:${row.player_id}`, (seen.get(`${row.tournament_id}:${row.player_id}`) ?? 0) + 1);
    for (const n of seen.values()) if (n > 1) duplicated += n - 1;
    for (const e of expected.values()) {
      const row = rows.find((x) => x.player_id === e.playerId && x.tournament_id === e.tournamentId);
      if (e.status === null) {
        if (row) duplicated++;
        continue;
      }
      if (!row) {
        lost++;
        continue;
      }
      const checked = row.checked_in === 1;
      if (row.status !== e.status || (e.status === "registered" && (checked !== e.checkedIn || (row.squad_name ?? null) !== e.squadName)))
        wrong++;
    }
    const expectedSquads = new Set([...expected.values()].filter((e) => e.squadName !== null).map((e) => e.squadName!));
    for (const name of expectedSquads) {
      const n = Number(squads.find((x) => x.squad_name === name)?.n ?? 0);
      if (n === 0) lost++;
      if (n > 1) duplicated += n - 1;
    }
    for (const sq of squads) if (!expectedSquads.has(sq.squad_name)) duplicated += Number(sq.n);

    writeMs.sort((a, b) => a - b);
    const readErrors = r.errors + r.timeouts + r.non2xx;
    const ok = failures.length === 0 && readErrors === 0 && lost === 0 && duplicated === 0 && wrong === 0;
    const lines = [
      `${accounts.length} signed-in accounts (logins took ${loginSeconds.toFixed(1)} s) wrote into squad tournament ${squadT} and solo tournament ${soloT} ` +
        `at a target of ${rate} writes/s while ${o.readConnections} connections read ${readPaths.length} routes in turn.`,
      ``,
      `| | count | per second | p50 (ms) | p99 (ms) | errors |`,
      `|---|---:|---:|---:|---:|---:|`,
      `| reads | ${r.requests.total} | ${(r.requests.total / writeSeconds).toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${readErrors} |`,
      `| writes | ${writeMs.length} of ${totalWrites} | ${(writeMs.length / writeSeconds).toFixed(1)} | ${percentile(writeMs, 0.5).toFixed(1)} | ${percentile(writeMs, 0.99).toFixed(1)} | ${failures.length} |`,
      ``,
      `Writes by kind: ${[...byLabel]
        .map(([label, list]) => {
          const sorted = [...list].sort((a, b) => a - b);
          return `${label} ×${list.length} p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms`;
        })
        .join("; ")}.`,
      ``,
      `Verified with SQL after the run: ${acknowledged} acknowledged writes; registrations lost: ${lost}, duplicated: ${duplicated}, in the wrong state: ${wrong}.`,
      ...(failures.length ? [``, `Failed writes (first 10):`, ...failures.slice(0, 10).map((f) => `- ${f}`)] : []),
      ``,
    ];
    return { lines, ok };
  } finally {
    await db.stmt("delete from tournaments where id in (?, ?)").run(squadT, soloT);
  }
}
