import type { LightMyRequestResponse } from "fastify";
import { addMember, createPlayer, createSquad, createTeam, createTournament } from "./factories.js";
import { Client, signedIn, signIn, type TestApp } from "./helpers.js";
import { createSeries, createTemplate, type FormFile, type FormValue, grantSeriesRole, multipart } from "./tournament-helpers.js";

/**
 * The world of the authorization matrix (test/authorization-matrix.test.ts): one account per
 * role, and the objects their scoped rights hang on, each with an "other" twin the scoped role
 * has no right on. Built with the factories and, where the rules matter, the API itself.
 */

/** The roles of the matrix, from the least privileged to the most (writes run in this order). */
export const ROLES = [
  "anonymous",
  "player",
  "supporter",
  "captain",
  "manager",
  "leader",
  "seriesOrganizer",
  "seriesAdmin",
  "eventModerator",
  "eventAdmin",
  "moderator",
  "administrator",
] as const;
export type Role = (typeof ROLES)[number];

/** What each role is, for the summary and the failure messages. */
export const ROLE_NOTES: Record<Role, string> = {
  anonymous: "not signed in",
  player: "an account with a registry profile",
  supporter: "site role supporter",
  captain: "captain of squad S in tournament T",
  manager: "manager of team A",
  leader: "leader of team A",
  seriesOrganizer: "series_mod of series X",
  seriesAdmin: "series_admin of series X",
  eventModerator: "site role event_mod",
  eventAdmin: "site role event_admin",
  moderator: "site role moderate",
  administrator: "site role administrate",
};

const SITE_ROLES_OF: Partial<Record<Role, string[]>> = {
  supporter: ["supporter"],
  eventModerator: ["event_mod"],
  eventAdmin: ["event_admin"],
  moderator: ["moderate"],
  administrator: ["administrate"],
};

export interface Account {
  /** The role's browser (null: anonymous, whose browser is `anon`). */
  c: Client;
  userId: number;
  playerId: number;
  email: string;
}

export interface World {
  t: TestApp;
  /** Every role's browser; anonymous has fetched its CSRF token. */
  client: Record<Role, Client>;
  /** The accounts of the signed-in roles. */
  account: Partial<Record<Role, Account>>;
  /** A distinct client address per role, so per-IP limits (signup, forgot password) never mix roles. */
  ip: Record<Role, string>;
  /** Series X (the series roles' own) and Y (another). */
  X: number;
  Y: number;
  slugX: string;
  slugY: string;
  /** Templates of X and Y. */
  TPX: number;
  TPY: number;
  /** T: published squad tournament in X, registrations and check-ins open; U: the same in Y. */
  T: number;
  U: number;
  /** TS: published solo tournament in X, open (self-registration rows); TT: team tournament in X with team A registered. */
  TS: number;
  TT: number;
  /** TSY: solo tournament in Y with registrant QY; TU: team tournament in Y with team B registered. */
  TSY: number;
  TU: number;
  /** Unpublished tournaments of X and Y, and an unpublished series Z without series roles. */
  THX: number;
  THY: number;
  Z: number;
  /** A disapproved team (category mk8dx_200) the leader role plays on. */
  D: number;
  /** Tournaments of X and Y that the edit rows overwrite. */
  TXedit: number;
  TYedit: number;
  /** Squads of T: S (the captain's, with member MS1), S2 (another captain's), S3 (no members; manual registration). */
  S: number;
  S2: number;
  S3: number;
  /** Squad of U with its captain CU and member MU. */
  SU: number;
  /** Player ids: MS1 (member of S), Q (solo registrant of TS), MU (member of SU), CU (captain of SU). */
  MS1: number;
  Q: number;
  MU: number;
  CU: number;
  QY: number;
  /** Team A (approved; leader, manager, members MA1 and MA2), team B (another leader's), R (recruiting), H (historical). */
  A: number;
  B: number;
  R: number;
  H: number;
  MA2: number;
  /** A plain member of team B. */
  MB1: number;
  /** A plain player with an account: the target of role and profile edits. */
  P2: { playerId: number; userId: number; email: string };
  /** A published news post. */
  news: number;
  /** Names of S, for the squad edit rows. */
  sName: string;
  sTag: string;
}

let uniq = 0;
/** A short unique suffix (names must be unique per call). */
export const next = () => `${++uniq}${Math.random().toString(36).slice(2, 5)}`;

/** A spare account (no session): a sacrificial target. */
export async function spareAccount(t: TestApp, roles: string[] = []): Promise<{ playerId: number; userId: number; email: string }> {
  const a = await signedIn(t, { roles, signIn: false, player: { display_name: `Spare${next()}`.slice(0, 20), country_code: "DE" } });
  return { playerId: a.playerId, userId: a.userId, email: a.email };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const d = t.database;
  const db = d.db;
  const now = Date.now();
  const long = now - 60 * 86_400_000;

  const anon = new Client(t.app);
  await anon.session();
  const client = { anonymous: anon } as Record<Role, Client>;
  const account: Partial<Record<Role, Account>> = {};
  const ip = {} as Record<Role, string>;
  ROLES.forEach((r, i) => (ip[r] = `10.9.0.${i + 1}`));
  for (const r of ROLES) {
    if (r === "anonymous") continue;
    const a = await signedIn(t, {
      email: `${r.toLowerCase()}-${next()}@example.com`,
      roles: SITE_ROLES_OF[r] ?? [],
      player: { display_name: r.slice(0, 20), country_code: "FR", discord_tag: `${r.slice(0, 10)}#0001` },
    });
    account[r] = { c: a.c, userId: a.userId, playerId: a.playerId, email: a.email };
    client[r] = a.c;
  }
  const pid = (r: Role) => account[r]!.playerId;
  const P2 = await spareAccount(t);

  // Series X (the series roles') and Y, each with a template.
  const slugX = `series-x-${next()}`;
  const slugY = `series-y-${next()}`;
  const X = await createSeries(d, { series_name: "Series X", url_slug: slugX, game_mode: "mk8dx_150", default_event_format: 2 });
  const Y = await createSeries(d, { series_name: "Series Y", url_slug: slugY, game_mode: "mk8dx_150", default_event_format: 2 });
  await grantSeriesRole(d, X, account.seriesOrganizer!.userId, "series_mod");
  await grantSeriesRole(d, X, account.seriesAdmin!.userId, "series_admin");
  const TPX = await createTemplate(d, X, { game_mode: "mk8dx_150", event_format: 2 });
  const TPY = await createTemplate(d, Y, { game_mode: "mk8dx_150", event_format: 2 });

  // T and U: open squad tournaments with check-ins open; squads with a captain and a member.
  const squadCup = {
    event_format: 2,
    registrations_open: 1,
    checkin_required: 1,
    checkin_status: 1,
    minimum_team_size: 2,
    maximum_team_size: 4,
    team_tag_required: 1,
    team_name_required: 1,
    // Host ability is asked, so a staff edit of a player's registration always has a field to save.
    player_host_required: 1,
  };
  const T = await createTournament(d, { ...squadCup, title: "Cup T", tournament_series_id: X });
  const U = await createTournament(d, { ...squadCup, title: "Cup U", tournament_series_id: Y });
  const MS1 = (await spareAccount(t)).playerId;
  const sName = "Squad S";
  const sTag = "SQS";
  const S = await createSquad(d, T, sName, [pid("captain"), MS1]);
  await db.updateTable("squads").set({ squad_tag: sTag }).where("id", "=", S).execute();
  const S2 = await createSquad(d, T, "Squad Two", [(await spareAccount(t)).playerId, (await spareAccount(t)).playerId]);
  const S3 = await createSquad(d, T, "Squad Three", []);
  // Round 1 of T (issue #19), published: one room with S and S2, hosted by S's captain.
  const round = await db
    .insertInto("ffa_rounds")
    .values({
      tournament_id: T,
      number: 1,
      name: "Round 1",
      races: 8,
      room_size: 12,
      sides_per_room: 3,
      points_table: "mk8dx",
      seed_method: "random",
      seed: 1,
      tie_mode: "chain",
      status: "drawn",
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const room = await db
    .insertInto("ffa_rooms")
    .values({ round_id: round.id, tournament_id: T, number: 1, host_player_id: pid("captain") })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("ffa_room_entries")
    .values([
      { room_id: room.id, round_id: round.id, entrant_id: S, seed: 1 },
      { room_id: room.id, round_id: round.id, entrant_id: S2, seed: 2 },
    ])
    .execute();
  const CU = (await spareAccount(t)).playerId;
  const MU = (await spareAccount(t)).playerId;
  const SU = await createSquad(d, U, "Squad U", [CU, MU]);

  // TS: an open solo tournament in X with one registrant Q; the edit targets.
  const TS = await createTournament(d, {
    title: "Solo TS",
    event_format: 1,
    registrations_open: 1,
    player_host_required: 1,
    tournament_series_id: X,
  });
  const Q = (await spareAccount(t)).playerId;
  await db.insertInto("registrations").values({ tournament_id: TS, player_id: Q, registered_at: now }).execute();
  const TSY = await createTournament(d, {
    title: "Solo TSY",
    event_format: 1,
    registrations_open: 1,
    player_host_required: 1,
    tournament_series_id: Y,
  });
  const QY = (await spareAccount(t)).playerId;
  await db.insertInto("registrations").values({ tournament_id: TSY, player_id: QY, registered_at: now }).execute();
  const THX = await createTournament(d, { title: "Hidden X", published: 0, tournament_series_id: X });
  const THY = await createTournament(d, { title: "Hidden Y", published: 0, tournament_series_id: Y });
  const Z = await createSeries(d, { series_name: "Series Z", url_slug: `series-z-${next()}`, published: 0 });
  const TXedit = await createTournament(d, { title: "Edit me X", event_format: 2, tournament_series_id: X });
  const TYedit = await createTournament(d, { title: "Edit me Y", event_format: 2, tournament_series_id: Y });

  // Teams: A (leader, manager, MA1, MA2), B (another leader), R (recruiting), H (historical).
  const A = await createTeam(d, { team_name: `Alpha ${next()}`, team_tag: "ALP", category: "mk8dx_150", recruitment_status: "recruiting" });
  const MA1 = (await spareAccount(t)).playerId;
  const MA2 = (await spareAccount(t)).playerId;
  await addMember(d, A, pid("leader"), { is_leader: 1, joined_at: long });
  await addMember(d, A, pid("manager"), { is_manager: 1, joined_at: long });
  await addMember(d, A, MA1, { joined_at: long });
  await addMember(d, A, MA2, { joined_at: long });
  const B = await createTeam(d, { team_name: `Bravo ${next()}`, team_tag: "BRV", category: "mk8dx_150", recruitment_status: "recruiting" });
  const leaderB = await signedIn(t, { player: { display_name: "Leader B", country_code: "IT" } });
  const MB1 = (await spareAccount(t)).playerId;
  await addMember(d, B, leaderB.playerId, { is_leader: 1, joined_at: long });
  await addMember(d, B, MB1, { joined_at: long });
  await addMember(d, B, (await spareAccount(t)).playerId, { joined_at: long });
  const R = await createTeam(d, {
    team_name: `Recruit ${next()}`,
    team_tag: "RCT",
    category: "mk8dx_200",
    recruitment_status: "recruiting",
  });
  await addMember(d, R, (await spareAccount(t)).playerId, { is_leader: 1, joined_at: long });
  const D = await createTeam(d, { team_name: `Denied ${next()}`, team_tag: "DEN", category: "mk8dx_200", team_status: "disapproved" });
  await addMember(d, D, pid("leader"), { joined_at: long });
  const H = await createTeam(d, { team_name: `Hist ${next()}`, team_tag: "HIS", category: "mk8dx_200", is_historical: 1 });

  // TT: a team tournament in X; team A registers through the API (its leader, MA1 as representative).
  const TT = await createTournament(d, {
    title: "Team TT",
    event_format: 0,
    game_mode: "mk8dx_150",
    registrations_open: 1,
    minimum_team_size: 2,
    tournament_series_id: X,
  });
  const TU = await createTournament(d, {
    title: "Team TU",
    event_format: 0,
    game_mode: "mk8dx_150",
    registrations_open: 1,
    minimum_team_size: 2,
    tournament_series_id: Y,
  });
  for (const [c, ev, team, rep] of [
    [account.leader!.c, TT, A, MA1],
    [leaderB.c, TU, B, MB1],
  ] as const) {
    const reg = await c.post(`/api/events/${ev}/register`, { team_id: team, rep1: rep });
    if (reg.statusCode !== 200) throw new Error(`registering team ${team}: ${reg.statusCode} ${reg.body}`);
  }

  const news = (
    await db
      .insertInto("news_posts")
      .values({ title: "Matrix news", content: "Body", author_name: "Staff", published: 1, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  return {
    t,
    client,
    account,
    ip,
    X,
    Y,
    slugX,
    slugY,
    TPX,
    TPY,
    T,
    U,
    TS,
    TT,
    TSY,
    TU,
    THX,
    THY,
    Z,
    D,
    TXedit,
    TYedit,
    S,
    S2,
    S3,
    SU,
    MS1,
    Q,
    MU,
    CU,
    QY,
    A,
    B,
    R,
    H,
    MA2,
    MB1,
    P2,
    news,
    sName,
    sTag,
  };
}

// --- sacrificial objects, made fresh for each cell ------------------------------------------------

/** A member of `teamId` (a spare account's player), joined long ago; `manager` makes them a manager. */
export async function plainMember(w: World, teamId: number, { manager = false } = {}): Promise<number> {
  const p = (await spareAccount(w.t)).playerId;
  await addMember(w.t.database, teamId, p, { joined_at: Date.now() - 30 * 86_400_000, is_manager: manager ? 1 : 0 });
  return p;
}

/** A pending team transfer row (invitation or join request) of `playerId` to `teamId`. */
export async function pendingTransfer(w: World, teamId: number, playerId: number, status: "invited" | "requested"): Promise<number> {
  const team = await w.t.database.db.selectFrom("teams").select("category").where("id", "=", teamId).executeTakeFirstOrThrow();
  const r = await w.t.database.db
    .insertInto("transfers")
    .values({ player_id: playerId, to_team_id: teamId, category: team.category, status, created_at: Date.now() - 5000 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A recruiting team of another category with a leader; `withMember` also puts that player on it. */
export async function sideTeam(w: World, withMember?: number): Promise<number> {
  const id = await createTeam(w.t.database, {
    team_name: `Side ${next()}`,
    team_tag: "SD",
    category: "mk8dx_200",
    recruitment_status: "recruiting",
  });
  await addMember(w.t.database, id, (await spareAccount(w.t)).playerId, { is_leader: 1, joined_at: Date.now() - 86_400_000 });
  if (withMember !== undefined) await addMember(w.t.database, id, withMember, { joined_at: Date.now() - 1000 });
  return id;
}

export async function unapprovedTeam(w: World): Promise<number> {
  return createTeam(w.t.database, { team_name: `Unapproved ${next()}`, team_tag: "UN", team_status: "unapproved" });
}

export async function mediaItem(w: World): Promise<number> {
  const r = await w.t.database.db
    .insertInto("media_items")
    .values({ kind: "youtube", title: `Clip ${next()}`, url: "https://example.com/v", created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A pending display-name change of a spare player. */
export async function profileChange(w: World): Promise<number> {
  const p = await spareAccount(w.t);
  const r = await w.t.database.db
    .insertInto("profile_changes")
    .values({
      table_name: "players",
      field_name: "display_name",
      row_id: p.playerId,
      from_value: "Old",
      to_value: `New${next()}`.slice(0, 20),
      status: "pending",
      requested_by_user_id: p.userId,
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A pending claim of a new historical team by a spare account. */
export async function pendingClaim(w: World): Promise<number> {
  const team = await createTeam(w.t.database, { team_name: `Old ${next()}`, team_tag: "OLD", is_historical: 1 });
  const p = await spareAccount(w.t);
  const r = await w.t.database.db
    .insertInto("team_claims")
    .values({ team_id: team, user_id: p.userId, status: "pending", created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function notificationOf(w: World, userId: number): Promise<number> {
  const r = await w.t.database.db
    .insertInto("notifications")
    .values({ user_id: userId, level: "info", message: "Hello", created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** An account waiting for activation. */
export async function inactiveAccount(w: World): Promise<number> {
  return (await signedIn(w.t, { state: "inactive", signIn: false, player: false })).userId;
}

/** A banned player (with its open ban row). */
export async function bannedPlayer(w: World): Promise<number> {
  const id = await createPlayer(w.t.database, { display_name: `Banned${next()}`.slice(0, 20), is_banned: 1 });
  await w.t.database.db.insertInto("player_bans").values({ player_id: id, reason: "test", created_at: Date.now() }).execute();
  return id;
}

export async function squadInvitation(w: World, tournamentId: number, squadId: number): Promise<number> {
  const p = (await spareAccount(w.t)).playerId;
  await w.t.database.db
    .insertInto("squad_invitations")
    .values({ tournament_id: tournamentId, squad_id: squadId, player_id: p, created_at: Date.now() })
    .execute();
  return p;
}

// --- requests ---------------------------------------------------------------------------------------

/** One request of a matrix cell; the runner fills the path of the row's key with `params`. */
export interface CellRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** A JSON body (POST). */
  json?: unknown;
  /** A multipart body (POST): fields, and an optional file. */
  form?: Record<string, FormValue>;
  file?: FormFile;
}

/** Fills `:name` segments. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path param ${k} of ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** Sends one request through `c` (cookies and CSRF header included) from the role's address. */
export async function send(c: Client, method: string, path: string, req: CellRequest, ip: string): Promise<LightMyRequestResponse> {
  const qs = req.query ? `?${new URLSearchParams(Object.entries(req.query).map(([k, v]): [string, string] => [k, String(v)]))}` : "";
  const url = fillPath(path, req.params) + qs;
  if (req.form) {
    const body = await multipart(req.form, req.file);
    return c.request({ method: "POST", url, payload: body.payload, headers: body.headers, remoteAddress: ip });
  }
  if (method === "GET") return c.request({ method: "GET", url, remoteAddress: ip });
  return c.request({ method: "POST", url, remoteAddress: ip, ...(req.json === undefined ? {} : { payload: req.json as object }) });
}

/** A new browser of the role: a second session (or a fresh anonymous browser). */
export async function freshClient(w: World, role: Role): Promise<Client> {
  if (role === "anonymous") {
    const c = new Client(w.t.app);
    await c.session();
    return c;
  }
  return signIn(w.t, w.account[role]!.email);
}
