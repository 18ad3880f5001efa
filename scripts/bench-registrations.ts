/**
 * Registration parts of `npm run bench` (issue 7).
 *
 * `prepareRegistrationBench` runs before the server starts and writes straight into the bench
 * database (SQLite or PostgreSQL): once, a squad tournament 'Bench Registrations 2000' with 500 squads of 4 (2,000
 * registered players, a third checked in) whose lists are measured with each sort code; and on
 * every run a fresh open solo tournament for the burst.
 *
 * `registrationBurst` logs in 200 ordinary large-dataset accounts (password 'password'), then
 * fires every account's `POST /api/events/{id}/register` twice at once (400 concurrent calls),
 * and counts the rows afterwards: exactly one registration per account must exist, none lost
 * and none duplicated.
 */
import { type BenchDb, copyTournament } from "./bench-db.js";

const LIST_TITLE = "Bench Registrations 2000";
const SQUADS = 500;
const PER_SQUAD = 4;
export const BURST_ACCOUNTS = 200;

export interface RegistrationBench {
  listTournamentId: number;
  burstTournamentId: number;
  burstEmails: string[];
}

/** The measured registration list routes of the 2,000-player tournament (player lists answer pages of 100). */
export function registrationRoutes(id: number): string[] {
  return [
    `/api/events/${id}/registrations?order=RA`,
    `/api/events/${id}/registrations?order=ND`,
    `/api/events/${id}/registrations?order=CHD`,
    `/api/events/${id}/registered_players?order=RA`,
    `/api/events/${id}/registered_players?order=PA`,
    `/api/events/${id}/registered_players?order=TA`,
    `/api/events/${id}/registered_players?order=CHD`,
    // Pages of 100 (docs/decisions.md "#7 registrations list paging"): a late page costs the same.
    `/api/events/${id}/registered_players?order=PA&page=20`,
  ];
}

/**
 * Makes the list tournament once and a fresh burst tournament on every call, in the bench
 * database (SQLite or PostgreSQL, see bench-db.ts).
 */
export async function prepareRegistrationBench(db: BenchDb): Promise<RegistrationBench> {
  const template = (await db.get<{ id: number }>("select id from tournaments where event_format = 2 order by id limit 1"))!;
  const now = Date.now();
  const open = {
    published: 1,
    registrations_open: 1,
    is_historical: 0,
    start_date: now + 30 * 86_400_000,
    end_date: now + 31 * 86_400_000,
    created_at: now,
    verification_required: 0,
    team_name_required: 1,
    team_tag_required: 1,
    player_host_required: 0,
    player_mii_name_required: 0,
  };

  let list = await db.get<{ id: number }>("select id from tournaments where title = ?", LIST_TITLE);
  if (!list) {
    list = await db.tx(async () => {
      const id = await copyTournament(db, template.id, {
        ...open,
        title: LIST_TITLE,
        event_format: 2,
        minimum_team_size: 3,
        maximum_team_size: PER_SQUAD,
        checkin_required: 1,
        checkin_status: 1,
        checkin_minimum: 2,
      });
      const players = await db.all<{ id: number }>(
        "select id from players where is_banned = 0 and is_hidden = 0 order by id limit ?",
        SQUADS * PER_SQUAD,
      );
      const squad = db.stmt(
        "insert into squads (tournament_id, squad_name, squad_tag, squad_color, status, verified, created_at) values (?, ?, ?, ?, 'registered', 1, ?)",
      );
      const reg = db.stmt(
        `insert into registrations (tournament_id, player_id, status, squad_id, is_captain, checked_in, verified, registered_at)
         values (?, ?, 'registered', ?, ?, ?, 1, ?)`,
      );
      for (let s = 0; s < SQUADS; s++) {
        const at = now - (SQUADS - s) * 60_000;
        const squadId = await squad.insert(id, `Bench Squad ${s + 1}`, `B${(s + 1).toString(36).toUpperCase()}`, (s % 40) + 1, at);
        for (let m = 0; m < PER_SQUAD; m++) {
          const p = players[s * PER_SQUAD + m]!;
          await reg.run(id, p.id, squadId, m === 0 ? 1 : 0, (s + m) % 3 === 0 ? 1 : 0, at + m * 1000);
        }
      }
      return { id };
    });
  }

  // A fresh open solo tournament for the burst, and 200 accounts that may register.
  const burstTournamentId = await copyTournament(db, template.id, {
    ...open,
    title: `Bench Burst ${new Date(now).toISOString()}`,
    event_format: 1,
    minimum_team_size: 1,
    maximum_team_size: 1,
    team_name_required: 0,
    team_tag_required: 0,
    checkin_required: 0,
    checkin_status: 0,
    checkin_minimum: 0,
  });
  const burstEmails = (
    await db.all<{ email: string }>(
      `select u.email from users u join players p on p.user_id = u.id
       where u.state = 'active' and p.is_banned = 0 and u.id not in (select user_id from user_roles)
       order by u.id desc limit ?`,
      BURST_ACCOUNTS,
    )
  ).map((r) => r.email);
  return { listTournamentId: list.id, burstTournamentId, burstEmails };
}

/** One signed-in client: its cookie jar and CSRF token. */
export class Client {
  private cookies = new Map<string, string>();
  csrf = "";
  constructor(private readonly base: string) {}

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  /** The Cookie header of this client's session. */
  get cookieHeader(): string {
    return this.cookie;
  }
  private get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async session(): Promise<void> {
    const res = await fetch(`${this.base}/api/session`, { headers: { cookie: this.cookie } });
    this.keep(res);
    this.csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
  }
  async post(path: string, body: unknown): Promise<Response> {
    const res = await fetch(this.base + path, {
      method: "POST",
      headers: { cookie: this.cookie, "x-csrf-token": this.csrf, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    this.keep(res);
    return res;
  }
}

export async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

export interface BurstResult {
  accounts: number;
  requests: number;
  ok: number;
  refused: number;
  failed: number;
  seconds: number;
  rps: number;
  rows: number;
  distinctPlayers: number;
  loginSeconds: number;
}

export async function registrationBurst(base: string, db: BenchDb, bench: RegistrationBench): Promise<BurstResult> {
  const t0 = Date.now();
  const clients = await pool(bench.burstEmails, 8, async (email) => {
    const c = new Client(base);
    await c.session();
    const res = await c.post("/api/auth/login", { email, password: "password" });
    if (!res.ok) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
    await c.session();
    return c;
  });
  const loginSeconds = (Date.now() - t0) / 1000;

  const start = performance.now();
  const answers = await Promise.all(
    clients.flatMap((c) => [0, 1].map(() => c.post(`/api/events/${bench.burstTournamentId}/register`, {}).then((r) => r.status))),
  );
  const seconds = (performance.now() - start) / 1000;

  const counted = (await db.get<{ n: number | string; d: number | string }>(
    "select count(*) as n, count(distinct player_id) as d from registrations where tournament_id = ? and status = 'registered'",
    bench.burstTournamentId,
  ))!;
  const rows = Number(counted.n);
  const distinctPlayers = Number(counted.d);
  const ok = answers.filter((s) => s >= 200 && s < 300).length;
  const refused = answers.filter((s) => s >= 400 && s < 500).length;
  return {
    accounts: clients.length,
    requests: answers.length,
    ok,
    refused,
    failed: answers.length - ok - refused,
    seconds,
    rps: answers.length / seconds,
    rows,
    distinctPlayers,
    loginSeconds,
  };
}

/** The burst's lines of the Markdown report; `lostOrDuplicated` is true when the rows do not match the accounts. */
export function burstReport(b: BurstResult): { lines: string[]; lostOrDuplicated: boolean } {
  const lostOrDuplicated = b.rows !== b.accounts || b.distinctPlayers !== b.accounts || b.ok !== b.accounts;
  return {
    lostOrDuplicated,
    lines: [
      `## Registration burst (POST /api/events/{id}/register)`,
      ``,
      `${b.accounts} signed-in accounts (logins took ${b.loginSeconds.toFixed(1)} s), each registering twice at once into one open solo tournament:`,
      ``,
      `| requests | wall time (s) | req/s | 2xx | 4xx (already registered) | other | rows after | distinct players | lost or duplicated |`,
      `|---:|---:|---:|---:|---:|---:|---:|---:|---|`,
      `| ${b.requests} | ${b.seconds.toFixed(2)} | ${b.rps.toFixed(0)} | ${b.ok} | ${b.refused} | ${b.failed} | ${b.rows} | ${b.distinctPlayers} | ${lostOrDuplicated ? "**yes**" : "no"} |`,
      ``,
    ],
  };
}
