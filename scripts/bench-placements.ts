/**
 * Placement parts of `npm run bench` (issue 9).
 *
 * `preparePlacementBench` writes straight into the bench database (SQLite or PostgreSQL), once (found again by its
 * series' URL ID on later runs):
 * - the series 'Bench Series 100' (aggregation player_id, finalist_criteria top_3_or_finalist)
 *   with 100 past squad tournaments of 24 squads of 4, placed 1–24 with a 3rd–4th tie, a
 *   'Finalist' title and a DQ; squads are drawn from a pool of 2,000 players so players recur;
 * - 'Bench Placements 500', a past squad tournament of 500 squads of 4 (2,000 players), all placed;
 * - one account-holding player placed in 200 tournaments: a squad member in every series
 *   tournament and the big one, and solo in 99 more past solo tournaments (all show_on_profiles).
 *
 * Measured: the placements page (the big list, and the top-12 preview), my_placement of that
 * player signed in, their player page (200 results), and the series page with its stats.
 *
 * Run alone against an existing bench database: `node --import tsx scripts/bench-placements.ts`
 * (starts the server on port 3101; seed first with `npm run bench` or the seed CLI).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type BenchDb, copyTournament, openBenchDb } from "./bench-db.js";

const SERIES_SLUG = "bench-series-100";
const SERIES_TOURNAMENTS = 100;
const SQUADS_PER_EVENT = 24;
const BIG_SQUADS = 500;
const PER_SQUAD = 4;
const POOL = 2000;
const SOLO_EVENTS = 99;
const DAY = 86_400_000;

export interface PlacementBench {
  bigTournamentId: number;
  seriesSlug: string;
  playerId: number;
  email: string;
}

export async function preparePlacementBench(db: BenchDb): Promise<PlacementBench> {
  const existing = await db.get<{ id: number }>("select id from tournament_series where url_slug = ?", SERIES_SLUG);
  const meta = async () => {
    const big = (await db.get<{ id: number }>("select id from tournaments where title = 'Bench Placements 500'"))!;
    const p = (await db.get<{ id: number; email: string }>(
      `select p.id, u.email from placements pl join squads s on s.id = pl.entrant_id and pl.entrant_type = 'squad'
       join registrations r on r.squad_id = s.id join players p on p.id = r.player_id join users u on u.id = p.user_id
       where pl.tournament_id = ? and r.is_captain = 1 and s.squad_name = 'Bench Big 1'`,
      big.id,
    ))!;
    return { bigTournamentId: big.id, seriesSlug: SERIES_SLUG, playerId: p.id, email: p.email };
  };
  if (existing) return meta();

  const squadTemplate = (await db.get<{ id: number }>("select id from tournaments where event_format = 2 order by id limit 1"))!;
  const soloTemplate = (await db.get<{ id: number }>("select id from tournaments where event_format = 1 order by id limit 1"))!;
  const now = Date.now();
  const past = (k: number) => ({
    published: 1,
    registrations_open: 0,
    is_historical: 0,
    show_on_profiles: 1,
    series_stats_include: 1,
    total_registrations_override: null,
    start_date: now - (k + 2) * 7 * DAY,
    end_date: now - (k + 2) * 7 * DAY + DAY,
    created_at: now - (k + 3) * 7 * DAY,
  });
  // The bench player: an ordinary active account with a profile, outside the pool.
  const hero = (await db.get<{ id: number; email: string }>(
    `select p.id, u.email from users u join players p on p.user_id = u.id
     where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.id not in (select user_id from user_roles)
     order by u.id limit 1`,
  ))!;
  const pool = (
    await db.all<{ id: number }>(
      "select id from players where is_banned = 0 and id != ? order by id desc limit ?",
      hero.id,
      POOL + BIG_SQUADS * PER_SQUAD,
    )
  ).map((r) => r.id);

  const insSquad = db.stmt(
    "insert into squads (tournament_id, squad_name, squad_tag, squad_color, status, verified, created_at) values (?, ?, ?, ?, 'registered', 1, ?)",
  );
  const insReg = db.stmt(
    `insert into registrations (tournament_id, player_id, status, squad_id, is_captain, checked_in, verified, registered_at)
     values (?, ?, 'registered', ?, ?, 0, 1, ?)`,
  );
  const insSoloReg = db.stmt(
    `insert into registrations (tournament_id, player_id, status, is_captain, checked_in, verified, registered_at)
     values (?, ?, 'registered', 0, 0, 1, ?)`,
  );
  const insPlacement = db.stmt(
    "insert into placements (tournament_id, entrant_type, entrant_id, placement, placement_upper_bound, dq, title) values (?, ?, ?, ?, ?, ?, ?)",
  );
  /** Places squads in order: 1, 2, a 3rd–4th tie, 5.. with a Finalist title on 5th; the last one DQ'd. */
  const placeAll = async (tid: number, squadIds: number[]) => {
    const n = squadIds.length;
    for (const [i, sid] of squadIds.entries()) {
      const rank = i + 1;
      if (i === n - 1) await insPlacement.run(tid, "squad", sid, null, null, 1, null);
      else if (rank === 3 || rank === 4) await insPlacement.run(tid, "squad", sid, 4, 3, 0, null);
      else await insPlacement.run(tid, "squad", sid, rank, null, 0, rank === 1 ? "Champion" : rank === 5 ? "Finalist" : null);
    }
  };
  const addSquads = async (
    tid: number,
    count: number,
    members: (s: number, m: number) => number,
    name: (s: number) => string,
    at: number,
  ) => {
    const ids: number[] = [];
    for (let s = 0; s < count; s++) {
      const sid = await insSquad.insert(tid, name(s), `B${(s + 1).toString(36).toUpperCase()}`, (s % 40) + 1, at);
      for (let m = 0; m < PER_SQUAD; m++) await insReg.run(tid, members(s, m), sid, m === 0 ? 1 : 0, at + m);
      ids.push(sid);
    }
    return ids;
  };

  await db.tx(async () => {
    const seriesId = await db
      .stmt(
        `insert into tournament_series (series_name, url_slug, display_order, organizer, game_mode, default_event_format,
         short_description, full_description, aggregation_field, finalist_criteria, published, historical, created_at)
         values ('Bench Series 100', ?, 999, 'mkc', 'mk8dx_150', 2, 'One hundred squad tournaments.', '', 'player_id', 'top_3_or_finalist', 1, 0, ?)`,
      )
      .insert(SERIES_SLUG, now);
    for (let k = 0; k < SERIES_TOURNAMENTS; k++) {
      const tid = await copyTournament(db, squadTemplate.id, {
        ...past(k),
        title: `Bench Series Cup #${SERIES_TOURNAMENTS - k}`,
        tournament_series_id: seriesId,
        event_format: 2,
        minimum_team_size: PER_SQUAD,
        maximum_team_size: PER_SQUAD,
      });
      const offset = (k * 37 * PER_SQUAD) % POOL;
      // The hero plays for a squad that finishes somewhere between 1st and 24th.
      const heroSquad = k % SQUADS_PER_EVENT;
      const squads = await addSquads(
        tid,
        SQUADS_PER_EVENT,
        (s, m) => (s === heroSquad && m === 0 ? hero.id : pool[(offset + s * PER_SQUAD + m) % POOL]!),
        (s) => `Bench Squad ${k}-${s + 1}`,
        past(k).created_at,
      );
      await placeAll(tid, squads);
    }
    const big = await copyTournament(db, squadTemplate.id, {
      ...past(0),
      title: "Bench Placements 500",
      tournament_series_id: null,
      event_format: 2,
      minimum_team_size: PER_SQUAD,
      maximum_team_size: PER_SQUAD,
    });
    await placeAll(
      big,
      await addSquads(
        big,
        BIG_SQUADS,
        (s, m) => (s === 0 && m === 0 ? hero.id : pool[POOL + s * PER_SQUAD + m]!),
        (s) => `Bench Big ${s + 1}`,
        past(0).created_at,
      ),
    );
    for (let k = 0; k < SOLO_EVENTS; k++) {
      const tid = await copyTournament(db, soloTemplate.id, {
        ...past(k),
        title: `Bench Solo Cup #${k + 1}`,
        tournament_series_id: null,
        event_format: 1,
        minimum_team_size: 1,
        maximum_team_size: 1,
      });
      await insSoloReg.run(tid, hero.id, past(k).created_at);
      await insPlacement.run(tid, "player", hero.id, (k % 12) + 1, null, 0, null);
    }
  });
  return meta();
}

/**
 * The anonymous routes measured: the big placements page (pages 1 and 2 of 100 rows, and the
 * top 12), the player page, the series page with stats (Tournament History pages 1 and 2).
 */
export function placementRoutes(b: PlacementBench): string[] {
  return [
    `/api/events/${b.bigTournamentId}/placements`,
    `/api/events/${b.bigTournamentId}/placements?page=2`,
    `/api/events/${b.bigTournamentId}/placements?limit=12`,
    `/api/registry/players/${b.playerId}`,
    `/api/tournaments/series/${b.seriesSlug}`,
    `/api/tournaments/series/${b.seriesSlug}?page=2`,
  ];
}

/** Signs the bench player in (password 'password'); the routes measured with their cookie. */
export async function placementSignedInRoutes(
  base: string,
  b: PlacementBench,
): Promise<Array<{ route: string; headers: Record<string, string> }>> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const s = await fetch(`${base}/api/session`);
  keep(s);
  const csrf = ((await s.json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { cookie: cookie(), "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ email: b.email, password: "password" }),
  });
  if (!login.ok) throw new Error(`login of ${b.email} failed: ${login.status} ${await login.text()}`);
  keep(login);
  const headers = { cookie: cookie() };
  const mine = (await (await fetch(`${base}/api/events/${b.bigTournamentId}/my_placement`, { headers })).json()) as {
    placement: { placement: number } | null;
  };
  if (mine.placement?.placement !== 1) throw new Error("the bench player's placement was not found");
  return [
    { route: `/api/events/${b.bigTournamentId}/my_placement`, headers },
    { route: `/api/tournaments/series/${b.seriesSlug}`, headers },
  ];
}

// ---------------------------------------------------------------------------------------
// Standalone run: only these routes, against data/bench.db.
// ---------------------------------------------------------------------------------------

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (o: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

async function standalone(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  // BENCH_DB / BENCH_PORT let a copy be measured beside another run.
  const dbPath = process.env.BENCH_DB ?? join(root, "data", "bench.db");
  const port = Number(process.env.BENCH_PORT ?? 3101);
  const base = `http://127.0.0.1:${port}`;
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const benchDb = await openBenchDb(`sqlite:${dbPath}`);
  const b = await preparePlacementBench(benchDb);
  await benchDb.close();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${dbPath}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DEMO: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const routes = [...placementRoutes(b).map((route) => ({ route, headers: {} })), ...(await placementSignedInRoutes(base, b))];
    console.log(`| Route | req/s | p50 (ms) | p99 (ms) | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|`);
    for (const r of routes) {
      const headers = { "accept-encoding": "gzip, deflate, br", ...r.headers };
      await autocannon({ url: base + r.route, headers, connections: 10, duration: 2 });
      const res = await autocannon({ url: base + r.route, headers, connections, duration });
      const label = `GET ${r.route}${"cookie" in r.headers ? " (signed in)" : ""}`;
      console.log(
        `| \`${label}\` | ${res.requests.average.toFixed(0)} | ${res.latency.p50} | ${res.latency.p99} | ${res.non2xx} | ${res.errors + res.timeouts} |`,
      );
    }
  } finally {
    child.kill("SIGTERM");
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
