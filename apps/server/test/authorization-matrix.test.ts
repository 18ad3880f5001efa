import {
  FFA_SHEET_PATH,
  PLACEMENTS_CSV_PATH,
  REGISTRATIONS_CSV_PATH,
  SERIES_STANDINGS_CSV_PATH,
  TEAM_REGISTRATIONS_CSV_PATH,
} from "@site/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROUTE_ACCESS } from "../src/features/permissions/route-access.js";
import { insertWebhook } from "../src/features/webhooks/webhooks.repository.js";
import { METRICS_PATH } from "../src/lib/metrics.js";
import {
  bannedPlayer,
  buildWorld,
  type CellRequest,
  freshClient,
  inactiveAccount,
  mediaItem,
  next,
  notificationOf,
  pendingClaim,
  pendingTransfer,
  plainMember,
  profileChange,
  type Role,
  ROLE_NOTES,
  ROLES,
  send,
  sideTeam,
  spareAccount,
  squadInvitation,
  unapprovedTeam,
  type World,
} from "./authz-world.js";
import { createTestApp, dialects, type TestApp } from "./helpers.js";
import { createTemplate, smallPng, tournamentForm } from "./tournament-helpers.js";
import { newTeamForm } from "./teams-helpers.js";
import { createSquad, createTournament } from "./factories.js";

/**
 * Issue #15 item 10: who may call what, as one table. Each row is a route (its `METHOD path`
 * key in ROUTE_ACCESS), the object its scoped rights are judged on, a request that reaches the
 * service's permission check, and the roles that may call it. Every role in ROLES calls every
 * row; a role outside `allowed` must be refused (401 anonymous, 403 signed in, or 404 where the
 * row says the object is hidden from it), a role inside must not be (any other status, 5xx
 * excluded: 2xx, or a 400/404/409 the service gives after its permission check).
 *
 * Scoped rows come in pairs: the role's own object (squad S in T, team A, series X) and another
 * one (squad S2, team B, series Y / tournament U) where the scoped roles are refused.
 *
 * Writes mutate: roles run from the least privileged to the most, refused roles change
 * nothing, and destructive rows work on objects made fresh for each cell (`req` runs per cell)
 * or come last, so an earlier row never spoils a later one. A new route fails the coverage
 * test until it has a row here.
 */

// Every route the app registers, as Fastify announces it (onRoute), so the coverage test sees
// routes that bypass ROUTE_ACCESS too.
const registered = vi.hoisted(() => new Set<string>());
vi.mock("fastify", async (importOriginal) => {
  const mod = await importOriginal<typeof import("fastify")>();
  const wrapped = ((opts?: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(opts);
    app.addHook("onRoute", (r) => {
      for (const m of Array.isArray(r.method) ? r.method : [r.method]) registered.add(`${m} ${r.url}`);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: wrapped, fastify: wrapped };
});

// --- who ---------------------------------------------------------------------------------------

const ALL: readonly Role[] = ROLES;
const ACCOUNT: readonly Role[] = ROLES.filter((r) => r !== "anonymous");
const NONE: readonly Role[] = [];
const ADMIN: readonly Role[] = ["administrator"];
/** Site moderators and administrators (registry staff: bans, profile changes, claims, news). */
const REGISTRY_STAFF: readonly Role[] = ["moderator", "administrator"];
/** Event administrators and administrators (tournaments.administrate, series.create). */
const EVENT_ADMINS: readonly Role[] = ["eventAdmin", "administrator"];
/** Tournament administrators of a tournament in X: X's organizers and administrators, event administrators. */
const X_ADMINS: readonly Role[] = ["seriesOrganizer", "seriesAdmin", "eventAdmin", "administrator"];
/** Registration moderators of a tournament in X: the above and event moderators. */
const X_MODERATORS: readonly Role[] = ["seriesOrganizer", "seriesAdmin", "eventModerator", "eventAdmin", "administrator"];
/** Registration moderators of a tournament in Y (no series role there). */
const Y_MODERATORS: readonly Role[] = ["eventModerator", "eventAdmin", "administrator"];
/** Who may edit series X and manage its organizers. */
const X_EDITORS: readonly Role[] = ["seriesAdmin", "eventAdmin", "administrator"];
/** Leaders, managers and administrators manage team A's roster. */
const A_ROSTER: readonly Role[] = ["manager", "leader", "administrator"];
/** The captain of S and T's administrators manage squad S. */
const S_MANAGERS: readonly Role[] = ["captain", ...X_ADMINS];

/** Leaders of team A and administrators: the team's edit right (its webhooks). */
const A_LEADERS: readonly Role[] = ["leader", "administrator"];

interface Row {
  /** `METHOD path` exactly as in ROUTE_ACCESS. */
  key: string;
  /** The object the request is about, and its relation to the scoped roles. */
  object: string;
  allowed: readonly Role[];
  /** The request of one cell; runs once per role (so it may make a fresh target for each). */
  req?: (w: World, role: Role) => CellRequest | Promise<CellRequest>;
  /** Runs after each cell (clean-up that keeps the row repeatable). */
  after?: (w: World) => Promise<void>;
  /** Send from a new session of the role (login, logout). */
  fresh?: boolean;
  /** 404 also counts as refused: the object is hidden from those who may not act on it. */
  hidden404?: boolean;
  /**
   * A cross-object probe: the URL names a tournament the allowed roles administrate, the body or
   * path names another tournament's squad, team or player. Rights on the URL's tournament pass,
   * but no answer may be a success (every one is a 4xx).
   */
  neverSucceeds?: boolean;
}

const acct = (w: World, r: Role) => w.account[r];
const own = (w: World, r: Role) => acct(w, r)?.playerId ?? 1;
const ownEmail = (w: World, r: Role) => acct(w, r)?.email ?? w.P2.email;
const fresh = async (w: World) => (await spareAccount(w.t)).playerId;
const tid = (w: World) => ({ id: w.T });

/** A fresh webhook row of a scope (per cell, so delete rows stay repeatable). */
async function freshHook(w: World, scope: "tournament" | "series" | "team", id: number): Promise<number> {
  return insertWebhook(w.t.database.db, scope, id, {
    url: "https://hooks.example/x",
    format: "json",
    secret: "s",
    events: scope === "team" ? ["team.transfer"] : ["placements.final"],
    createdBy: null,
    now: Date.now(),
  });
}

/** Every webhook route on each scope's own object and on another one. */
function webhookRows(): Row[] {
  const scopes = [
    {
      scope: "tournament",
      own: (w: World) => w.T,
      other: (w: World) => w.U,
      allowed: X_ADMINS,
      otherAllowed: EVENT_ADMINS,
      name: ["T (in X)", "U (in Y, other)"],
    },
    {
      scope: "series",
      own: (w: World) => w.X,
      other: (w: World) => w.Y,
      allowed: X_EDITORS,
      otherAllowed: EVENT_ADMINS,
      name: ["series X", "series Y (other)"],
    },
    {
      scope: "team",
      own: (w: World) => w.A,
      other: (w: World) => w.B,
      allowed: A_LEADERS,
      otherAllowed: ADMIN,
      name: ["team A", "team B (other)"],
    },
  ] as const;
  const out: Row[] = [];
  for (const s of scopes) {
    for (const [which, of, allowed] of [
      [0, s.own, s.allowed],
      [1, s.other, s.otherAllowed],
    ] as const) {
      const object = s.name[which];
      const params = (w: World) => ({ scope: s.scope, id: of(w) });
      const hook = async (w: World) => ({ ...params(w), hookId: await freshHook(w, s.scope, of(w)) });
      const events = s.scope === "team" ? ["team.transfer"] : ["placements.final"];
      out.push(
        { key: "GET /api/webhooks/:scope/:id", object, allowed, req: (w) => ({ params: params(w) }) },
        {
          key: "POST /api/webhooks/:scope/:id",
          object,
          allowed,
          req: (w) => ({ params: params(w), json: { url: "https://127.0.0.1/hook", format: "json", events } }),
        },
        {
          key: "POST /api/webhooks/:scope/:id/:hookId",
          object,
          allowed,
          req: async (w) => ({ params: await hook(w), json: { enabled: false } }),
        },
        { key: "POST /api/webhooks/:scope/:id/:hookId/delete", object, allowed, req: async (w) => ({ params: await hook(w) }) },
        { key: "POST /api/webhooks/:scope/:id/:hookId/test", object, allowed, req: async (w) => ({ params: await hook(w) }) },
        { key: "GET /api/webhooks/:scope/:id/:hookId/deliveries", object, allowed, req: async (w) => ({ params: await hook(w) }) },
      );
    }
  }
  return out;
}
const uid = (w: World) => ({ id: w.U });

/** The series form keeping the series as it is (published, same slug, mode and format). */
const seriesForm = (name: string, slug: string) => ({
  series_title: name,
  url_slug: slug,
  display_order: "0",
  organizer: "mkc",
  game_mode: "mk8dx_150",
  registration_format: "2",
  short_description: "About the series",
  published: true,
  historical: false,
});
/** A template form that keeps the series' defaults (organizer, game mode, format): no event-administrator field changes. */
const templateForm = (seriesId: number) => ({
  series_id: String(seriesId),
  template_name: `Template ${next()}`,
  tournament_title: "Cup #",
  use_logo: "default",
  organizer: "default",
  game_mode: "mk8dx_150",
  registration_format: "2",
  minimum_team_size: "2",
  maximum_team_size: "4",
});
/** A tournament form that leaves the restricted and immutable fields alone (what a series role may send). */
const scopedTournamentForm = (o: Record<string, string | number | boolean | undefined> = {}) =>
  tournamentForm({
    series: undefined,
    organizer: undefined,
    game_mode: undefined,
    registration_format: undefined,
    squad_tag_required: undefined,
    squad_name_required: undefined,
    host_required: undefined,
    ign_required: undefined,
    checkin_required: true,
    checkin_minimum: "2",
    ...o,
  });

// --- the matrix ------------------------------------------------------------------------------------

/**
 * Tournament H: a player-hosted tournament (issue #22 §5) whose approved proposer is the
 * `player` role — the per-tournament administrator object. Made once per world.
 */
const hosted = new WeakMap<World, Promise<{ id: number; squad: number }>>();
function hostedTournament(w: World): Promise<{ id: number; squad: number }> {
  let p = hosted.get(w);
  if (!p) {
    p = (async () => {
      // A squad tournament like T (no series), with squad SH of two spare accounts, so the
      // squad-scoped routes have an object in H too.
      const id = await createTournament(w.t.database, {
        title: "Hosted H",
        event_format: 2,
        registrations_open: 1,
        minimum_team_size: 2,
        maximum_team_size: 4,
      });
      const squad = await createSquad(w.t.database, id, "Squad H", [
        (await spareAccount(w.t)).playerId,
        (await spareAccount(w.t)).playerId,
      ]);
      const a = acct(w, "player")!;
      await w.t.database.db
        .insertInto("tournament_admins")
        .values({ tournament_id: id, user_id: a.userId, created_at: Date.now() })
        .execute();
      w.t.app.ctx.cache.invalidate("series:roles:");
      return { id, squad };
    })();
    hosted.set(w, p);
  }
  return p;
}
const hostedH = async (w: World) => (await hostedTournament(w)).id;

/** An unpublished tournament whose administrator is the `player` role (a host who unpublished it). */
const hostedHidden = new WeakMap<World, Promise<number>>();
function hostedUnpublished(w: World): Promise<number> {
  let p = hostedHidden.get(w);
  if (!p) {
    p = (async () => {
      const id = await createTournament(w.t.database, { title: "Hosted hidden", event_format: 1, published: 0 });
      await w.t.database.db
        .insertInto("tournament_admins")
        .values({ tournament_id: id, user_id: acct(w, "player")!.userId, created_at: Date.now() })
        .execute();
      w.t.app.ctx.cache.invalidate("series:roles:");
      return id;
    })();
    hostedHidden.set(w, p);
  }
  return p;
}

/** A fresh pending proposal of a spare account (its own unpublished tournament). */
async function freshProposal(w: World): Promise<number> {
  const a = await spareAccount(w.t);
  const tid = await createTournament(w.t.database, { title: "Proposed", event_format: 1, published: 0 });
  return (
    await w.t.database.db
      .insertInto("tournament_proposals")
      .values({ tournament_id: tid, user_id: a.userId, player_id: a.playerId, created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}
const PROPOSAL_REVIEWERS: readonly Role[] = ["moderator", "eventAdmin", "administrator"];

const MATRIX: Row[] = [
  // Session, accounts, reference data (000 §7): public forms work signed in or out.
  { key: "GET /api/session", object: "-", allowed: ALL },
  { key: "GET /api/health", object: "-", allowed: ALL },
  { key: "GET /api/ready", object: "-", allowed: ALL },
  { key: "GET /api/countries", object: "-", allowed: ALL },
  { key: "GET /api/tournaments/game_modes", object: "-", allowed: ALL },
  { key: "GET /api/docs", object: "-", allowed: ALL },
  // Metrics (issue #18 §8): by address or token only, never by role; each role calls from its
  // own address outside METRICS_ALLOW (loopback), so every one gets the plain 404.
  { key: "GET /metrics", object: "from a role's address outside METRICS_ALLOW", allowed: NONE, hidden404: true },
  {
    key: "POST /api/auth/signup",
    object: "a new address",
    allowed: ALL,
    req: () => ({ json: { email: `new-${next()}@example.com`, password: "correct horse battery" } }),
  },
  {
    key: "POST /api/auth/login",
    object: "own account (anonymous: a spare one)",
    allowed: ALL,
    fresh: true,
    req: (w, r) => ({ json: { email: ownEmail(w, r), password: "password" } }),
  },
  { key: "POST /api/auth/logout", object: "own session", allowed: ALL, fresh: true },
  { key: "POST /api/auth/verify_email", object: "an unknown token", allowed: ALL, req: () => ({ json: { token: "not-a-token" } }) },
  {
    key: "POST /api/auth/forgot_password",
    object: "own address",
    allowed: ALL,
    req: (w, r) => ({ json: { email: ownEmail(w, r) } }),
  },
  {
    key: "POST /api/auth/reset_password",
    object: "an unknown token",
    allowed: ALL,
    req: () => ({ json: { token: "not-a-token", password: "correct horse battery" } }),
  },
  { key: "POST /api/session/theme", object: "own account", allowed: ACCOUNT, req: () => ({ json: { site_theme: "ocean" } }) },
  { key: "POST /api/session/language", object: "own account", allowed: ACCOUNT, req: () => ({ json: { language: "fr" } }) },
  { key: "POST /api/markdown", object: "-", allowed: ACCOUNT, req: () => ({ json: { markdown: "**bold**" } }) },
  {
    key: "POST /api/uploads",
    object: "a small PNG",
    allowed: ACCOUNT,
    req: async () => ({ query: { purpose: "markdown" }, form: {}, file: { field: "file", data: await smallPng(), filename: "a.png" } }),
  },

  // Home media and news (000 §2, §5).
  { key: "GET /api/media/news/latest", object: "-", allowed: ALL },
  { key: "GET /api/media/news/:id", object: "a published post", allowed: ALL, req: (w) => ({ params: { id: w.news } }) },
  { key: "GET /api/media/:kind/latest", object: "youtube", allowed: ALL, req: () => ({ params: { kind: "youtube" } }) },
  { key: "GET /api/media/news", object: "-", allowed: ALL },
  { key: "GET /api/media/news/:id/source", object: "a post", allowed: REGISTRY_STAFF, req: (w) => ({ params: { id: w.news } }) },
  {
    key: "POST /api/media/news/:id/edit",
    object: "a post (kept published)",
    allowed: REGISTRY_STAFF,
    req: (w) => ({ params: { id: w.news }, json: { title: "Matrix news", content: "Body", published: true } }),
  },
  {
    key: "POST /api/media/news/:id/edit",
    object: "new post",
    allowed: REGISTRY_STAFF,
    req: () => ({ params: { id: "new" }, json: { title: `Post ${next()}`, content: "Body", published: false } }),
  },
  {
    key: "POST /api/media/news",
    object: "new post (media administration)",
    allowed: ADMIN,
    req: () => ({ json: { title: `Post ${next()}`, content: "Body" } }),
  },
  {
    key: "POST /api/media/items",
    object: "new item",
    allowed: ADMIN,
    req: () => ({ json: { kind: "youtube", title: "Clip", url: "https://example.com/clip" } }),
  },
  {
    key: "POST /api/media/items/:id/delete",
    object: "a fresh item",
    allowed: ADMIN,
    req: async (w) => ({ params: { id: await mediaItem(w) } }),
  },

  // Notifications (000 §4): one's own only.
  { key: "GET /api/notifications", object: "own", allowed: ACCOUNT },
  // Live updates (issue #20 §1): anyone may open a stream; the stream carries only what the viewer may see (test/live.test.ts).
  { key: "GET /api/live", object: "T", allowed: ALL, req: (w) => ({ query: { topics: `tournament:${w.T},notifications` } }) },
  {
    key: "POST /api/notifications/:id/read",
    object: "own notification",
    allowed: ACCOUNT,
    req: async (w, r) => ({ params: { id: await notificationOf(w, acct(w, r)?.userId ?? w.P2.userId) } }),
  },
  {
    key: "POST /api/notifications/:id/read",
    object: "another account's notification",
    allowed: NONE,
    hidden404: true,
    req: async (w) => ({ params: { id: await notificationOf(w, w.P2.userId) } }),
  },
  { key: "POST /api/notifications/read_all", object: "own", allowed: ACCOUNT },

  // Player registry (000 §2, §3, §6, §7).
  { key: "GET /api/registry/players", object: "-", allowed: ALL },
  { key: "GET /api/registry/players/all", object: "-", allowed: ALL },
  { key: "GET /api/registry/players/:id", object: "player P2", allowed: ALL, req: (w) => ({ params: { id: w.P2.playerId } }) },
  {
    key: "POST /api/registry/edit_profile",
    object: "own profile: message",
    allowed: ACCOUNT,
    req: () => ({ json: { profile_message: "Hello from the matrix" } }),
  },
  {
    key: "POST /api/registry/edit_profile",
    object: "own profile: supporter customisation (border colour)",
    allowed: ["supporter", "administrator"],
    req: () => ({ json: { border_color: 45 } }),
  },
  {
    // 000 §5: once set, the country is changed only by moderators and staff.
    key: "POST /api/registry/edit_profile",
    object: "own profile: the locked country",
    allowed: REGISTRY_STAFF,
    req: () => ({ json: { country: "DE" } }),
  },
  {
    key: "POST /api/registry/players/:id",
    object: "player P2: ordinary fields",
    allowed: REGISTRY_STAFF,
    req: (w) => ({ params: { id: w.P2.playerId }, json: { discord_tag: "Target#1234" } }),
  },
  {
    key: "POST /api/registry/players/:id",
    object: "player P2: admin-only field is_hidden",
    allowed: ADMIN,
    req: (w) => ({ params: { id: w.P2.playerId }, json: { is_hidden: 0 } }),
  },
  {
    key: "POST /api/registry/players/:id",
    object: "new shadow player",
    allowed: EVENT_ADMINS,
    req: () => ({ params: { id: "new" }, json: { shadow: true, display_name: `Shadow${next()}`.slice(0, 20), country: "FR" } }),
  },
  {
    key: "POST /api/registry/players/:id",
    object: "new player (not shadow)",
    allowed: ADMIN,
    req: () => ({ params: { id: "new" }, json: { display_name: `Made${next()}`.slice(0, 20), country: "FR" } }),
  },

  // Team registry reads (000 §2, §7).
  { key: "GET /api/registry/teams/category/:cat", object: "mk8dx_150", allowed: ALL, req: () => ({ params: { cat: "mk8dx_150" } }) },
  { key: "GET /api/registry/recent_transactions", object: "-", allowed: ALL },
  { key: "GET /api/registry/teams/all", object: "-", allowed: ALL },
  { key: "GET /api/registry/teams/:id", object: "team A", allowed: ALL, req: (w) => ({ params: { id: w.A } }) },
  {
    key: "GET /api/registry/teams/:id",
    object: "disapproved team D (the leader role plays on it)",
    allowed: ["leader", "moderator", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.D } }),
  },
  { key: "GET /api/registry/teams/:id/viewer", object: "team A", allowed: ALL, req: (w) => ({ params: { id: w.A } }) },
  { key: "GET /api/registry/teams/:id/transfers", object: "team A", allowed: ALL, req: (w) => ({ params: { id: w.A } }) },
  { key: "GET /api/registry/teams/invitations", object: "own", allowed: ACCOUNT },
  { key: "GET /api/registry/teams/claims", object: "-", allowed: REGISTRY_STAFF },

  // Tournament, series and template reads (001 §2, §7).
  { key: "GET /api/tournaments", object: "-", allowed: ALL },
  { key: "GET /api/tournaments/latest_results", object: "-", allowed: ALL },
  { key: "GET /api/tournaments/picker", object: "-", allowed: ALL },
  { key: "GET /api/tournaments/mine", object: "own registrations", allowed: ACCOUNT },
  { key: "GET /api/tournaments/template_choices", object: "-", allowed: ACCOUNT },
  { key: "GET /api/events/:id", object: "T", allowed: ALL, req: tidReq },
  {
    key: "GET /api/events/:id",
    object: "an unpublished tournament of X",
    allowed: ["seriesOrganizer", "seriesAdmin", "eventModerator", "eventAdmin", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.THX } }),
  },
  {
    key: "GET /api/events/:id",
    object: "an unpublished tournament of Y (other)",
    allowed: Y_MODERATORS,
    hidden404: true,
    req: (w) => ({ params: { id: w.THY } }),
  },
  {
    // Issue #22 §5: the host sees their own tournament while it is unpublished; others are told 404.
    key: "GET /api/events/:id",
    object: "an unpublished tournament hosted by player (no series)",
    allowed: ["player", ...Y_MODERATORS],
    hidden404: true,
    req: async (w) => ({ params: { id: await hostedUnpublished(w) } }),
  },
  // "Add to calendar" (issue 17 §2): visible exactly when the tournament is.
  { key: "GET /api/events/:id/calendar.ics", object: "T", allowed: ALL, req: tidReq },
  {
    key: "GET /api/events/:id/calendar.ics",
    object: "an unpublished tournament of X",
    allowed: ["seriesOrganizer", "seriesAdmin", "eventModerator", "eventAdmin", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.THX } }),
  },
  // Calendar feeds (issue #20 §4): public reads; the team feed follows the team page's visibility.
  { key: "GET /api/calendar/tournaments.ics", object: "-", allowed: ALL, req: () => ({ query: { mode: "mk8dx_150" } }) },
  { key: "GET /api/calendar/teams/:id.ics", object: "team A", allowed: ALL, req: (w) => ({ params: { id: w.A } }) },
  {
    key: "GET /api/calendar/teams/:id.ics",
    object: "disapproved team D (the leader role plays on it)",
    allowed: ["leader", "moderator", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.D } }),
  },
  // Opened by its secret token, not a session: an unknown one is 404 for everyone (calendar-feeds.test.ts has the rest).
  { key: "GET /api/calendar/u/:token.ics", object: "an unknown token", allowed: ALL, req: () => ({ params: { token: "not-a-token" } }) },
  { key: "GET /api/calendar/me", object: "own", allowed: ACCOUNT },
  { key: "POST /api/calendar/me/rotate", object: "own", allowed: ACCOUNT },
  {
    key: "GET /api/events/:id/placements",
    object: "an unpublished tournament of X",
    allowed: ["seriesOrganizer", "seriesAdmin", "eventModerator", "eventAdmin", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.THX } }),
  },
  { key: "GET /api/tournaments/series", object: "-", allowed: ALL },
  { key: "GET /api/tournaments/all_series", object: "-", allowed: ALL },
  { key: "GET /api/tournaments/series/:slugOrId", object: "series X", allowed: ALL, req: (w) => ({ params: { slugOrId: w.slugX } }) },
  {
    key: "GET /api/tournaments/series/:slugOrId",
    object: "unpublished series Z (no series roles)",
    allowed: Y_MODERATORS,
    hidden404: true,
    req: (w) => ({ params: { slugOrId: w.Z } }),
  },
  // Series points and standings (issue #22 §4).
  { key: "GET /api/tournaments/series/:id/standings", object: "series X", allowed: ALL, req: (w) => ({ params: { id: w.X } }) },
  {
    key: "GET /api/tournaments/series/:id/standings",
    object: "unpublished series Z (no series roles)",
    allowed: Y_MODERATORS,
    hidden404: true,
    req: (w) => ({ params: { id: w.Z } }),
  },
  { key: `GET ${SERIES_STANDINGS_CSV_PATH}`, object: "series X", allowed: ALL, req: (w) => ({ params: { id: w.X } }) },
  {
    key: `GET ${SERIES_STANDINGS_CSV_PATH}`,
    object: "unpublished series Z (no series roles)",
    allowed: Y_MODERATORS,
    hidden404: true,
    req: (w) => ({ params: { id: w.Z } }),
  },
  { key: "GET /api/tournaments/series/:id/points", object: "series X", allowed: X_EDITORS, req: (w) => ({ params: { id: w.X } }) },
  {
    key: "GET /api/tournaments/series/:id/points",
    object: "series Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.Y } }),
  },
  { key: "GET /api/tournaments/series/:id/roles", object: "series X", allowed: X_EDITORS, req: (w) => ({ params: { id: w.X } }) },
  {
    key: "GET /api/tournaments/series/:id/roles",
    object: "series Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.Y } }),
  },
  { key: "GET /api/tournaments/series/:id/templates", object: "series X", allowed: X_ADMINS, req: (w) => ({ params: { id: w.X } }) },
  {
    key: "GET /api/tournaments/series/:id/templates",
    object: "series Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.Y } }),
  },
  {
    key: "GET /api/tournaments/series/templates/:id",
    object: "template of X",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TPX } }),
  },
  {
    key: "GET /api/tournaments/series/templates/:id",
    object: "template of Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TPY } }),
  },
  { key: "GET /api/events/:id/logs", object: "T (in X)", allowed: X_ADMINS, req: tidReq },
  { key: "GET /api/events/:id/logs", object: "U (in Y, other)", allowed: EVENT_ADMINS, req: uidReq },
  {
    key: "GET /api/events/:id/logs",
    object: "H (hosted by player, no series)",
    allowed: ["player", ...EVENT_ADMINS],
    req: async (w) => ({ params: { id: await hostedH(w) } }),
  },
  // Player-hosted tournaments (issue #22 §5).
  { key: "GET /api/tournaments/proposals/mine", object: "own", allowed: ACCOUNT },
  { key: "GET /api/moderation/pending_counts", object: "own queues (null for others)", allowed: ACCOUNT },
  { key: "GET /api/moderation/tournament_proposals", object: "-", allowed: PROPOSAL_REVIEWERS },
  { key: "GET /api/events/:id/placements", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/events/:id/my_placement", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/events/:id/placements/edit", object: "T (in X)", allowed: X_ADMINS, req: tidReq },
  { key: "GET /api/events/:id/placements/edit", object: "U (in Y, other)", allowed: EVENT_ADMINS, req: uidReq },

  // FFA rounds (issue #19): T has a published round 1 with one room (S and S2), hosted by S's captain.
  { key: "GET /api/events/:id/rounds", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/events/:id/rounds/:n", object: "round 1 of T", allowed: ALL, req: (w) => ({ params: { id: w.T, n: 1 } }) },
  {
    key: "GET /api/events/:id/rounds",
    object: "an unpublished tournament of X",
    allowed: ["seriesOrganizer", "seriesAdmin", "eventModerator", "eventAdmin", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.THX } }),
  },
  { key: "GET /api/events/:id/my_room", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/rounds/points_tables", object: "every points table", allowed: ALL },
  {
    key: "GET /api/events/:id/rounds/:n/rooms/:room/table.txt",
    object: "room 1 of round 1 of T",
    allowed: ALL,
    req: (w) => ({ params: { id: w.T, n: 1, room: 1 } }),
  },
  {
    key: "GET /api/events/:id/rounds/:n/rooms/:room/table.png",
    object: "room 1 of round 1 of T (no table yet: 404 to all)",
    allowed: ALL,
    req: (w) => ({ params: { id: w.T, n: 1, room: 1 } }),
  },
  // The live board and the overlays' room (issue #20 §2): public reads with the round pages' visibility.
  { key: "GET /api/events/:id/live", object: "T", allowed: ALL, req: tidReq },
  {
    key: "GET /api/events/:id/live",
    object: "an unpublished tournament of X",
    allowed: ["seriesOrganizer", "seriesAdmin", "eventModerator", "eventAdmin", "administrator"],
    hidden404: true,
    req: (w) => ({ params: { id: w.THX } }),
  },
  {
    key: "GET /api/rooms/:roomId",
    object: "room 1 of round 1 of T",
    allowed: ALL,
    req: async (w) => ({
      params: {
        roomId: (await w.t.database.db.selectFrom("ffa_rooms").select("id").where("tournament_id", "=", w.T).executeTakeFirstOrThrow()).id,
      },
    }),
  },

  // Solo and squad registration reads (001 §2, §7).
  { key: "GET /api/events/:id/register", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/events/:id/registered_players", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/events/:id/registered_players/withdrawn", object: "T (in X)", allowed: X_MODERATORS, req: tidReq },
  { key: "GET /api/events/:id/registered_players/withdrawn", object: "U (in Y, other)", allowed: Y_MODERATORS, req: uidReq },
  { key: "GET /api/events/:id/registered_players/rejected", object: "T (in X)", allowed: X_MODERATORS, req: tidReq },
  { key: "GET /api/events/:id/registered_players/rejected", object: "U (in Y, other)", allowed: Y_MODERATORS, req: uidReq },
  { key: "GET /api/events/:id/registrations", object: "T", allowed: ALL, req: tidReq },
  { key: "GET /api/events/:id/registrations", object: "TT (teams)", allowed: ALL, req: (w) => ({ params: { id: w.TT } }) },
  { key: "GET /api/events/:id/registrations/withdrawn", object: "T (in X)", allowed: X_MODERATORS, req: tidReq },
  {
    key: "GET /api/events/:id/registrations/withdrawn",
    object: "TT (teams, in X)",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TT } }),
  },
  { key: "GET /api/events/:id/registrations/withdrawn", object: "U (in Y, other)", allowed: Y_MODERATORS, req: uidReq },
  { key: "GET /api/events/:id/registrations/rejected", object: "T (in X)", allowed: X_MODERATORS, req: tidReq },
  { key: "GET /api/events/:id/registrations/rejected", object: "U (in Y, other)", allowed: Y_MODERATORS, req: uidReq },
  { key: "GET /api/events/:id/squads/:squadId", object: "T / squad S", allowed: ALL, req: (w) => ({ params: { id: w.T, squadId: w.S } }) },
  {
    key: "GET /api/events/:id/squads/:squadId/invited",
    object: "T / squad S",
    allowed: ALL,
    req: (w) => ({ params: { id: w.T, squadId: w.S } }),
  },
  {
    key: "GET /api/events/:id/squads/:squadId/invitable",
    object: "T / squad S (captain's)",
    allowed: S_MANAGERS,
    req: (w) => ({ params: { id: w.T, squadId: w.S } }),
  },
  {
    key: "GET /api/events/:id/squads/:squadId/invitable",
    object: "T / squad S2 (other captain's)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, squadId: w.S2 } }),
  },
  {
    key: "GET /api/events/:id/squads/:squadId/invitable",
    object: "U / squad SU (other series)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U, squadId: w.SU } }),
  },
  {
    key: "GET /api/events/:id/registrations/squads/:squadId/edit",
    object: "T / squad S",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T, squadId: w.S } }),
  },
  {
    key: "GET /api/events/:id/registrations/squads/:squadId/edit",
    object: "U / squad SU (other)",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U, squadId: w.SU } }),
  },
  {
    key: "GET /api/events/:id/registrations/squads/players/:playerId/edit",
    object: "T / member of S",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T, playerId: w.MS1 } }),
  },
  {
    key: "GET /api/events/:id/registrations/squads/players/:playerId/edit",
    object: "U / member of SU (other)",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U, playerId: w.MU } }),
  },
  {
    key: "GET /api/events/:id/registrations/players/:playerId/edit",
    object: "TS / solo registrant Q",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TS, playerId: w.Q } }),
  },
  {
    key: "GET /api/events/:id/registrations/players/:playerId/edit",
    object: "TSY (in Y, other) / solo registrant QY",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.TSY, playerId: w.QY } }),
  },
  { key: `GET ${FFA_SHEET_PATH}`, object: "T (in X)", allowed: X_ADMINS, req: tidReq },
  { key: `GET ${FFA_SHEET_PATH}`, object: "U (in Y, other)", allowed: EVENT_ADMINS, req: uidReq },
  // CSV downloads (issue #22 §3): the registered lists and placements are public like their
  // pages; the withdrawn and rejected lists are for registration moderators.
  { key: `GET ${REGISTRATIONS_CSV_PATH}`, object: "T", allowed: ALL, req: tidReq },
  {
    key: `GET ${REGISTRATIONS_CSV_PATH}`,
    object: "T (in X), withdrawn",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T }, query: { status: "withdrawn" } }),
  },
  {
    key: `GET ${REGISTRATIONS_CSV_PATH}`,
    object: "U (in Y, other), rejected",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U }, query: { status: "rejected" } }),
  },
  { key: `GET ${TEAM_REGISTRATIONS_CSV_PATH}`, object: "TT", allowed: ALL, req: (w) => ({ params: { id: w.TT } }) },
  {
    key: `GET ${TEAM_REGISTRATIONS_CSV_PATH}`,
    object: "TT (in X), withdrawn",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TT }, query: { status: "withdrawn" } }),
  },
  { key: `GET ${PLACEMENTS_CSV_PATH}`, object: "T", allowed: ALL, req: tidReq },
  {
    key: `GET ${PLACEMENTS_CSV_PATH}`,
    object: "an unpublished tournament of X",
    allowed: X_MODERATORS,
    hidden404: true,
    req: (w) => ({ params: { id: w.THX } }),
  },

  // Team registration reads (001 §2, §7 Teams).
  {
    key: "GET /api/events/:id/teams/:teamId/eligible_players",
    object: "TT / team A",
    allowed: ALL,
    req: (w) => ({ params: { id: w.TT, teamId: w.A } }),
  },
  {
    key: "GET /api/events/:id/registrations/teams/:teamId/edit",
    object: "TT (in X) / team A",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TT, teamId: w.A } }),
  },
  {
    key: "GET /api/events/:id/registrations/teams/:teamId/edit",
    object: "TU (in Y, other) / team B",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.TU, teamId: w.B } }),
  },

  // Administration reads (000 §5, §6).
  { key: "GET /api/admin/word_filter", object: "-", allowed: ADMIN },
  { key: "GET /api/admin/roles/players", object: "-", allowed: REGISTRY_STAFF, req: () => ({ query: { search: "play" } }) },
  { key: "GET /api/admin/roles/:role", object: "event_mod", allowed: REGISTRY_STAFF, req: () => ({ params: { role: "event_mod" } }) },
  { key: "GET /api/admin/audit", object: "-", allowed: ADMIN },
  { key: "GET /api/admin/bans", object: "-", allowed: REGISTRY_STAFF },
  { key: "GET /api/admin/inactive_accounts", object: "-", allowed: REGISTRY_STAFF },
  { key: "GET /api/registry/profile_changes", object: "-", allowed: REGISTRY_STAFF },

  // Administration writes (000 §5, §6; issue 5).
  { key: "POST /api/admin/word_filter", object: "-", allowed: ADMIN, req: () => ({ json: { words: "" } }) },
  {
    key: "POST /api/admin/roles",
    object: "grant Supporter to P2",
    allowed: ADMIN,
    req: (w) => ({ json: { role: "supporter", id: w.P2.playerId } }),
  },
  {
    key: "POST /api/admin/roles/remove",
    object: "remove Supporter from P2",
    allowed: ADMIN,
    req: (w) => ({ json: { role: "supporter", playerId: w.P2.playerId } }),
  },
  {
    // 000 §6: the Administrator role is never edited from the roles page, not even by administrators.
    key: "POST /api/admin/roles",
    object: "grant Administrator to P2",
    allowed: NONE,
    req: (w) => ({ json: { role: "administrate", id: w.P2.playerId } }),
  },
  {
    key: "POST /api/admin/roles/remove",
    object: "remove Administrator from P2",
    allowed: NONE,
    req: (w) => ({ json: { role: "administrate", playerId: w.P2.playerId } }),
  },
  {
    key: "POST /api/registry/profile_changes/approve",
    object: "a fresh pending change",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ json: { change_id: await profileChange(w) } }),
  },
  {
    key: "POST /api/registry/profile_changes/decline",
    object: "a fresh pending change",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ json: { change_id: await profileChange(w) } }),
  },
  {
    key: "POST /api/admin/activate",
    object: "a fresh inactive account",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ json: { user_id: await inactiveAccount(w) } }),
  },
  {
    key: "POST /api/admin/bans",
    object: "a fresh plain player",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ json: { player_id: await fresh(w), reason: "Matrix" } }),
  },
  {
    key: "POST /api/admin/bans",
    object: "a fresh moderator's player",
    allowed: ADMIN,
    req: async (w) => ({ json: { player_id: (await spareAccount(w.t, ["moderate"])).playerId, reason: "Matrix" } }),
  },
  {
    key: "POST /api/admin/bans",
    object: "a fresh administrator's player",
    allowed: NONE,
    req: async (w) => ({ json: { player_id: (await spareAccount(w.t, ["administrate"])).playerId, reason: "Matrix" } }),
  },
  {
    key: "POST /api/admin/bans/remove",
    object: "a fresh banned player",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ json: { player_id: await bannedPlayer(w) } }),
  },

  // Team registry writes (000 §2–§7; issue 4).
  {
    key: "POST /api/registry/teams/new",
    object: "a new team (another category)",
    allowed: ACCOUNT,
    req: () => ({ form: newTeamForm({ team_category: "mkw_vs_race", team_name: `New ${next()}` }) }),
  },
  {
    key: "POST /api/registry/teams/claim/:teamId",
    object: "historical team H",
    allowed: ACCOUNT,
    req: (w) => ({ params: { teamId: w.H } }),
  },
  {
    key: "POST /api/registry/teams/:id",
    object: "team A (leader's)",
    allowed: ["leader"],
    req: (w) => ({ params: { id: w.A }, form: { team_description: "Edited by the matrix" } }),
  },
  {
    // 000 §6: team status and the historical flag are administrators' fields, even for the leader.
    key: "POST /api/registry/teams/:id",
    object: "team A (leader's): admin-only field team_status",
    allowed: NONE,
    req: (w) => ({ params: { id: w.A }, form: { team_status: "banned" } }),
  },
  {
    key: "POST /api/registry/teams/:id",
    object: "team B (other)",
    allowed: NONE,
    req: (w) => ({ params: { id: w.B }, form: { team_description: "Edited by the matrix" } }),
  },
  {
    key: "POST /api/registry/teams/:id/admin",
    object: "team A",
    allowed: ADMIN,
    req: (w) => ({ params: { id: w.A }, form: { team_description: "Edited by an administrator" } }),
  },
  {
    key: "POST /api/registry/teams/shadow",
    object: "a new shadow team",
    allowed: REGISTRY_STAFF,
    req: () => ({ json: { team_category: "mk8dx_150", team_name: `Shadow ${next()}`, team_tag: "SH", team_color: 3 } }),
  },
  {
    key: "POST /api/registry/teams/:id/approve",
    object: "a fresh unapproved team",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ params: { id: await unapprovedTeam(w) }, json: { approve: true } }),
  },
  {
    key: "POST /api/registry/teams/:id/invite",
    object: "team A / a fresh player",
    allowed: A_ROSTER,
    req: async (w) => ({ params: { id: w.A }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/registry/teams/:id/invite",
    object: "team B (other) / a fresh player",
    allowed: ADMIN,
    req: async (w) => ({ params: { id: w.B }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/registry/teams/invitations/:id/:action",
    object: "cancel: a fresh invitation of team A",
    allowed: A_ROSTER,
    req: async (w) => ({ params: { id: await pendingTransfer(w, w.A, await fresh(w), "invited"), action: "cancel" }, json: {} }),
  },
  {
    key: "POST /api/registry/teams/invitations/:id/:action",
    object: "cancel: a fresh invitation of team B (other)",
    allowed: ADMIN,
    req: async (w) => ({ params: { id: await pendingTransfer(w, w.B, await fresh(w), "invited"), action: "cancel" }, json: {} }),
  },
  {
    key: "POST /api/registry/teams/invitations/:id/:action",
    object: "decline: own invitation (to a side team)",
    allowed: ACCOUNT,
    req: async (w, r) => ({
      params: { id: await pendingTransfer(w, await sideTeam(w), own(w, r), "invited"), action: "decline" },
      json: {},
    }),
  },
  {
    key: "POST /api/registry/teams/invitations/:id/:action",
    object: "decline: P2's invitation (not own)",
    allowed: NONE,
    req: async (w) => ({
      params: { id: await pendingTransfer(w, await sideTeam(w), w.P2.playerId, "invited"), action: "decline" },
      json: {},
    }),
  },
  {
    key: "POST /api/registry/teams/:id/join_request",
    object: "recruiting team R",
    allowed: ACCOUNT,
    req: (w) => ({ params: { id: w.R }, json: {} }),
  },
  {
    key: "POST /api/registry/teams/join_requests/:id/:action",
    object: "reject: a fresh request to team A",
    allowed: A_ROSTER,
    req: async (w) => ({ params: { id: await pendingTransfer(w, w.A, await fresh(w), "requested"), action: "reject" } }),
  },
  {
    key: "POST /api/registry/teams/join_requests/:id/:action",
    object: "reject: a fresh request to team B (other)",
    allowed: ADMIN,
    req: async (w) => ({ params: { id: await pendingTransfer(w, w.B, await fresh(w), "requested"), action: "reject" } }),
  },
  {
    key: "POST /api/registry/teams/join_requests/:id/:action",
    object: "cancel: own request (to a side team)",
    allowed: ACCOUNT,
    req: async (w, r) => ({
      params: { id: await pendingTransfer(w, await sideTeam(w), own(w, r), "requested"), action: "cancel" },
      json: {},
    }),
  },
  {
    key: "POST /api/registry/teams/join_requests/:id/:action",
    object: "cancel: P2's request (not own)",
    allowed: NONE,
    req: async (w) => ({
      params: { id: await pendingTransfer(w, await sideTeam(w), w.P2.playerId, "requested"), action: "cancel" },
      json: {},
    }),
  },
  {
    key: "POST /api/registry/teams/claims/:id/:action",
    object: "decline: a fresh claim",
    allowed: REGISTRY_STAFF,
    req: async (w) => ({ params: { id: await pendingClaim(w), action: "decline" }, json: {} }),
  },

  // Tournaments, series, templates writes (001 §2, §5, §6, §7).
  {
    key: "POST /api/events/:id",
    object: "new, from scratch",
    allowed: EVENT_ADMINS,
    req: () => ({ params: { id: "new" }, form: tournamentForm({ tournament_title: `Scratch ${next()}` }) }),
  },
  {
    key: "POST /api/events/:id",
    object: "new, from a template of X",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: "new" }, form: scopedTournamentForm({ template_id: w.TPX, tournament_title: `From X ${next()}` }) }),
  },
  {
    key: "POST /api/events/:id",
    object: "new, from a template of Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: "new" }, form: scopedTournamentForm({ template_id: w.TPY, tournament_title: `From Y ${next()}` }) }),
  },
  {
    key: "POST /api/events/:id",
    object: "edit a tournament of X",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TXedit }, form: scopedTournamentForm({ tournament_title: "Edited X" }) }),
  },
  {
    key: "POST /api/events/:id",
    object: "edit a tournament of Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TYedit }, form: scopedTournamentForm({ tournament_title: "Edited Y" }) }),
  },
  {
    key: "POST /api/events/:id/controls",
    object: "T (in X)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { published: true } }),
  },
  {
    key: "POST /api/events/:id/controls",
    object: "U (in Y, other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { published: true } }),
  },
  {
    key: "POST /api/events/:id/controls",
    object: "H (hosted by player, no series)",
    allowed: ["player", ...EVENT_ADMINS],
    req: async (w) => ({ params: { id: await hostedH(w) }, json: { registrations_open: true } }),
  },
  {
    key: "POST /api/tournaments/proposals",
    object: "a new proposal (409 once the role has one pending)",
    allowed: ACCOUNT,
    req: () => ({
      json: {
        tournament_title: "Proposed cup",
        game_mode: "mk8dx_150",
        registration_format: "0",
        start_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        end_date: new Date(Date.now() + 8 * 86_400_000).toISOString(),
      },
    }),
  },
  {
    key: "POST /api/moderation/tournament_proposals/:id/approve",
    object: "a fresh pending proposal",
    allowed: PROPOSAL_REVIEWERS,
    req: async (w) => ({ params: { id: await freshProposal(w) } }),
  },
  {
    key: "POST /api/moderation/tournament_proposals/:id/decline",
    object: "a fresh pending proposal",
    allowed: PROPOSAL_REVIEWERS,
    req: async (w) => ({ params: { id: await freshProposal(w) }, json: { reason: "matrix" } }),
  },
  {
    key: "POST /api/events/:id/placements",
    object: "T (in X)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { placements: [], total_registrations_override: null } }),
  },
  {
    key: "POST /api/events/:id/placements",
    object: "U (in Y, other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { placements: [], total_registrations_override: null } }),
  },
  // FFA rounds (issue #19): tournament administrators run them; a room's host submits its table.
  { key: "POST /api/events/:id/rounds", object: "T (in X)", allowed: X_ADMINS, req: (w) => ({ params: { id: w.T }, json: {} }) },
  { key: "POST /api/events/:id/rounds", object: "U (in Y, other)", allowed: EVENT_ADMINS, req: (w) => ({ params: { id: w.U }, json: {} }) },
  {
    key: "POST /api/events/:id/rounds/:n/rooms",
    object: "round 1 of T (published: refused after the check)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, n: 1 }, json: { rooms: [{ entrant_ids: [w.S, w.S2], host_player_id: null }] } }),
  },
  { key: "POST /api/events/:id/rounds/:n/publish", object: "round 1 of T", allowed: X_ADMINS, req: (w) => ({ params: { id: w.T, n: 1 } }) },
  {
    key: "POST /api/events/:id/rounds/:n/delete",
    object: "round 9 of T (none)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, n: 9 } }),
  },
  {
    key: "POST /api/events/:id/rounds/:n/delete",
    object: "round 9 of U (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U, n: 9 } }),
  },
  {
    key: "POST /api/events/:id/rounds/:n/rooms/:room/settings",
    object: "room 1 of T",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, n: 1, room: 1 }, json: { room_code: "ROOM1", host_player_id: w.account.captain!.playerId } }),
  },
  {
    key: "POST /api/events/:id/rounds/:n/rooms/:room/table",
    object: "room 1 of T (its host: S's captain)",
    allowed: [...X_ADMINS, "captain"],
    req: (w) => ({ params: { id: w.T, n: 1, room: 1 }, json: { mode: "totals", totals: [], dry_run: true } }),
  },
  {
    key: "POST /api/events/:id/rounds/:n/rooms/:room/lock",
    object: "room 1 of T",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, n: 1, room: 1 }, json: { locked: false } }),
  },
  {
    key: "POST /api/events/:id/rounds/:n/close",
    object: "round 1 of T (tables missing: refused after the check)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, n: 1 }, json: { plan: null, dry_run: true } }),
  },
  { key: "POST /api/events/:id/rounds/finish", object: "T", allowed: X_ADMINS, req: (w) => ({ params: { id: w.T } }) },
  { key: "POST /api/events/:id/rounds/finish", object: "U (in Y, other)", allowed: EVENT_ADMINS, req: (w) => ({ params: { id: w.U } }) },
  {
    key: "POST /api/rounds/points_tables",
    object: "a new points table",
    allowed: EVENT_ADMINS,
    req: () => ({ json: { name: `Table ${next()}`, room_size: 2, points: { "1": [1], "2": [3, 1] } } }),
  },
  {
    key: "POST /api/tournaments/series/:id",
    object: "new series",
    allowed: EVENT_ADMINS,
    req: () => ({ params: { id: "new" }, form: seriesForm("New series", `new-${next()}`) }),
  },
  {
    key: "POST /api/tournaments/series/:id",
    object: "series X (kept as it is)",
    allowed: X_EDITORS,
    req: (w) => ({ params: { id: w.X }, form: seriesForm("Series X", w.slugX) }),
  },
  {
    key: "POST /api/tournaments/series/:id",
    object: "series Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.Y }, form: seriesForm("Series Y", w.slugY) }),
  },
  {
    key: "POST /api/tournaments/series/:id/roles/edit",
    object: "series X: add a Series Organizer",
    allowed: X_EDITORS,
    req: async (w) => ({ params: { id: w.X }, json: { player: await fresh(w), role: "series_mod", action: "add" } }),
  },
  {
    key: "POST /api/tournaments/series/:id/roles/edit",
    object: "series X: add a Series Administrator",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: w.X }, json: { player: await fresh(w), role: "series_admin", action: "add" } }),
  },
  {
    key: "POST /api/tournaments/series/:id/roles/edit",
    object: "series Y (other): add a Series Organizer",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: w.Y }, json: { player: await fresh(w), role: "series_mod", action: "add" } }),
  },
  // Series points (issue #22 §4): the series' editors only.
  ...(["X", "Y"] as const).flatMap((which): Row[] => {
    const allowed = which === "X" ? X_EDITORS : EVENT_ADMINS;
    const object = which === "X" ? "series X" : "series Y (other)";
    const id = (w: World) => (which === "X" ? w.X : w.Y);
    const rule = { ranges: [{ from: 1, to: 1, points: 10 }], tie_rule: "best", best_n: null, multipliers: {} };
    return [
      { key: "POST /api/tournaments/series/:id/points", object, allowed, req: (w) => ({ params: { id: id(w) }, json: rule }) },
      {
        key: "POST /api/tournaments/series/:id/points/adjustments",
        object,
        allowed,
        req: (w) => ({ params: { id: id(w) }, json: { key: String(acct(w, "player")!.playerId), points: 1, reason: "matrix" } }),
      },
      {
        key: "POST /api/tournaments/series/:id/points/import",
        object,
        allowed,
        req: (w) => ({ params: { id: id(w) }, json: { csv: `${acct(w, "player")!.playerId},1` } }),
      },
      {
        key: "POST /api/tournaments/series/:id/points/adjustments/:adjustmentId/delete",
        object: `${object}: a fresh adjustment`,
        allowed,
        req: async (w) => {
          const row = await w.t.database.db
            .insertInto("series_points_adjustments")
            .values({ series_id: id(w), entrant_key: "1", points: 1, reason: "matrix", created_by: null, created_at: Date.now() })
            .returning("id")
            .executeTakeFirstOrThrow();
          return { params: { id: id(w), adjustmentId: row.id } };
        },
      },
    ];
  }),
  {
    key: "POST /api/tournaments/series/templates/:id",
    object: "new template of X",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: "new" }, form: templateForm(w.X) }),
  },
  {
    key: "POST /api/tournaments/series/templates/:id",
    object: "template of X",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TPX }, form: { ...templateForm(w.X), template_name: "Template X" } }),
  },
  {
    key: "POST /api/tournaments/series/templates/:id",
    object: "new template of Y (other)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: "new" }, form: templateForm(w.Y) }),
  },
  {
    key: "POST /api/tournaments/series/templates/:id/delete",
    object: "a fresh template of X",
    allowed: X_ADMINS,
    req: async (w) => ({ params: { id: await createTemplate(w.t.database, w.X) } }),
  },
  {
    key: "POST /api/tournaments/series/templates/:id/delete",
    object: "a fresh template of Y (other)",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: await createTemplate(w.t.database, w.Y) } }),
  },

  // Solo and squad registration writes (001 §4, §5, §7).
  {
    key: "POST /api/events/:id/register",
    object: "TS (solo, open): self",
    allowed: ACCOUNT,
    req: (w) => ({ params: { id: w.TS }, json: { can_host: true } }),
  },
  {
    key: "POST /api/events/:id/update_registration",
    object: "TS: own registration",
    allowed: ACCOUNT,
    req: (w) => ({ params: { id: w.TS }, json: { can_host: false } }),
  },
  { key: "POST /api/events/:id/checkin", object: "T: self", allowed: ACCOUNT, req: tidReq },
  { key: "POST /api/events/:id/checkout", object: "T: self", allowed: ACCOUNT, req: tidReq },
  {
    key: "POST /api/events/:id/checkins/players/:playerId/checkin",
    object: "T (in X) / member of S",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, playerId: w.MS1 } }),
  },
  {
    key: "POST /api/events/:id/checkins/players/:playerId/checkin",
    object: "U (in Y, other) / member of SU",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U, playerId: w.MU } }),
  },
  {
    key: "POST /api/events/:id/checkins/players/:playerId/checkout",
    object: "T (in X) / member of S",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, playerId: w.MS1 } }),
  },
  {
    key: "POST /api/events/:id/checkins/players/:playerId/checkout",
    object: "U (in Y, other) / member of SU",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U, playerId: w.MU } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/invite",
    object: "T / squad S / a fresh player",
    allowed: S_MANAGERS,
    req: async (w) => ({ params: { id: w.T, squadId: w.S }, json: { player_id: await fresh(w) } }),
    after: (w) => clearInvitations(w, w.S),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/invite",
    object: "T / squad S2 (other captain's) / a fresh player",
    allowed: X_ADMINS,
    req: async (w) => ({ params: { id: w.T, squadId: w.S2 }, json: { player_id: await fresh(w) } }),
    after: (w) => clearInvitations(w, w.S2),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/invite",
    object: "U / squad SU (other series) / a fresh player",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: w.U, squadId: w.SU }, json: { player_id: await fresh(w) } }),
    after: (w) => clearInvitations(w, w.SU),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/kick",
    object: "T / squad S / cancel a fresh invitation",
    allowed: S_MANAGERS,
    req: async (w) => ({ params: { id: w.T, squadId: w.S }, json: { player_id: await squadInvitation(w, w.T, w.S) } }),
    after: (w) => clearInvitations(w, w.S),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/kick",
    object: "T / squad S2 (other captain's) / cancel a fresh invitation",
    allowed: X_ADMINS,
    req: async (w) => ({ params: { id: w.T, squadId: w.S2 }, json: { player_id: await squadInvitation(w, w.T, w.S2) } }),
    after: (w) => clearInvitations(w, w.S2),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/change_captain",
    object: "T (in X) / squad S / its own captain",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T, squadId: w.S }, json: { player_id: w.account.captain!.playerId } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/change_captain",
    object: "U (in Y, other) / squad SU / its own captain",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U, squadId: w.SU }, json: { player_id: w.CU } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/accept_invite",
    object: "T / squad S (no invitation: refused after the checks)",
    allowed: ACCOUNT,
    req: (w) => ({ params: { id: w.T, squadId: w.S }, json: { can_host: true } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/decline_invite",
    object: "T / squad S (no invitation: refused after the checks)",
    allowed: ACCOUNT,
    req: (w) => ({ params: { id: w.T, squadId: w.S } }),
  },
  {
    key: "POST /api/events/:id/move_squad",
    object: "T (in X) / verify squad S",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T }, json: { status: "registered", squad_id: w.S } }),
  },
  {
    key: "POST /api/events/:id/move_squad",
    object: "U (in Y, other) / verify squad SU",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U }, json: { status: "registered", squad_id: w.SU } }),
  },
  {
    key: "POST /api/events/:id/move_squad_player",
    object: "T (in X) / verify member of S",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T }, json: { status: "registered", player_id: w.MS1 } }),
  },
  {
    key: "POST /api/events/:id/move_squad_player",
    object: "U (in Y, other) / verify member of SU",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U }, json: { status: "registered", player_id: w.MU } }),
  },
  {
    key: "POST /api/events/:id/move_player",
    object: "TS (in X) / verify solo registrant Q",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TS }, json: { status: "registered", player_id: w.Q } }),
  },
  {
    key: "POST /api/events/:id/move_player",
    object: "TSY (in Y, other) / verify solo registrant QY",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.TSY }, json: { status: "registered", player_id: w.QY } }),
  },
  // Organiser tools (issue #22 §2): tournament administrators only. The rows name an id outside
  // the tournament (or a line that is skipped), so an allowed call answers 200 and changes nothing.
  {
    key: "POST /api/events/:id/registrations/players/bulk",
    object: "TS (in X) / an unknown player",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TS }, json: { action: "withdraw", ids: [999_999] } }),
  },
  {
    key: "POST /api/events/:id/registrations/players/bulk",
    object: "TSY (in Y, other) / an unknown player",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TSY }, json: { action: "withdraw", ids: [999_999] } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/bulk",
    object: "T (in X) / an unknown squad",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { action: "verify", ids: [999_999] } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/bulk",
    object: "U (in Y, other) / an unknown squad",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { action: "verify", ids: [999_999] } }),
  },
  {
    key: "POST /api/events/:id/registrations/bulk_add/preview",
    object: "TS (in X) / a name",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TS }, json: { text: "Somebody New" } }),
  },
  {
    key: "POST /api/events/:id/registrations/bulk_add/preview",
    object: "TSY (in Y, other) / a name",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TSY }, json: { text: "Somebody New" } }),
  },
  {
    key: "POST /api/events/:id/registrations/bulk_add",
    object: "T (in X) / a squad line that is skipped",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { text: "TOOLONGTAG: a" } }),
  },
  {
    key: "POST /api/events/:id/registrations/bulk_add",
    object: "U (in Y, other) / a squad line that is skipped",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { text: "TOOLONGTAG: a" } }),
  },
  {
    key: "GET /api/events/:id/waitlist",
    object: "T (in X) / squad S (registered: refused after the checks, not waiting)",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T } }),
  },
  {
    key: "GET /api/events/:id/waitlist",
    object: "U (in Y, other) / squad S of T (not waiting there)",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U } }),
  },
  {
    key: "POST /api/events/:id/waitlist/move",
    object: "T (in X) / squad S (registered: refused after the checks, not waiting)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { entrant_id: w.S, direction: "up" } }),
  },
  {
    key: "POST /api/events/:id/waitlist/move",
    object: "U (in Y, other) / squad S of T (not waiting there)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { entrant_id: w.S, direction: "up" } }),
  },
  {
    key: "POST /api/events/:id/waitlist/promote",
    object: "T (in X) / squad S (registered: refused after the checks, not waiting)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { entrant_id: w.S } }),
  },
  {
    key: "POST /api/events/:id/waitlist/promote",
    object: "U (in Y, other) / squad S of T (not waiting there)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { entrant_id: w.S } }),
  },
  {
    key: "POST /api/events/:id/waitlist/remove",
    object: "T (in X) / squad S (registered: refused after the checks, not waiting)",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { entrant_id: w.S } }),
  },
  {
    key: "POST /api/events/:id/waitlist/remove",
    object: "U (in Y, other) / squad S of T (not waiting there)",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { entrant_id: w.S } }),
  },
  {
    key: "POST /api/events/:id/admin_register_squad",
    object: "T (in X) / a new shadow squad",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.T }, json: { player_id: -1, squad_name: `Shadow ${next()}`, squad_tag: "SH" } }),
  },
  {
    key: "POST /api/events/:id/admin_register_squad",
    object: "U (in Y, other) / a new shadow squad",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.U }, json: { player_id: -1, squad_name: `Shadow ${next()}`, squad_tag: "SH" } }),
  },
  {
    key: "POST /api/events/:id/register_player",
    object: "TS (in X) / a fresh player",
    allowed: X_ADMINS,
    req: async (w) => ({ params: { id: w.TS }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/events/:id/register_player",
    object: "TSY (in Y, other) / a fresh player",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: w.TSY }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/admin_register_player",
    object: "T (in X) / squad S3 / a fresh player",
    allowed: X_ADMINS,
    req: async (w) => ({ params: { id: w.T, squadId: w.S3 }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/admin_register_player",
    object: "U (in Y, other) / squad SU / a fresh player",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: w.U, squadId: w.SU }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/:squadId/edit",
    object: "T (in X) / squad S (same values)",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T, squadId: w.S }, json: { squad_name: w.sName, squad_tag: w.sTag, squad_color: 1 } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/:squadId/edit",
    object: "U (in Y, other) / squad SU",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U, squadId: w.SU }, json: { squad_name: "Squad U", squad_tag: "SQU", squad_color: 1 } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/players/:playerId/edit",
    object: "T (in X) / member of S",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.T, playerId: w.MS1 }, json: { can_host: true } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/players/:playerId/edit",
    object: "U (in Y, other) / member of SU",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.U, playerId: w.MU }, json: { can_host: true } }),
  },
  {
    key: "POST /api/events/:id/registrations/players/:playerId/edit",
    object: "TS (in X) / solo registrant Q",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TS, playerId: w.Q }, json: { status: "registered", can_host: true } }),
  },
  {
    key: "POST /api/events/:id/registrations/players/:playerId/edit",
    object: "TSY (in Y, other) / solo registrant QY",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.TSY, playerId: w.QY }, json: { status: "registered", can_host: true } }),
  },

  // Team registration writes (001 §4, §5, §7 Teams).
  {
    key: "POST /api/events/:id/register",
    object: "TT / team A (already registered: refused after the checks)",
    allowed: ["manager", "leader"],
    req: (w) => ({ params: { id: w.TT }, json: { team_id: w.A } }),
  },
  {
    key: "POST /api/events/:id/register",
    object: "TT / team B (other)",
    allowed: NONE,
    req: (w) => ({ params: { id: w.TT }, json: { team_id: w.B } }),
  },
  {
    key: "POST /api/events/:id/add_representative/:playerId",
    object: "TT (in X) / member MA2 of A",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TT, playerId: w.MA2 } }),
  },
  {
    key: "POST /api/events/:id/add_representative/:playerId",
    object: "TU (in Y, other) / member MB1 of B",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TU, playerId: w.MB1 } }),
  },
  {
    key: "POST /api/events/:id/remove_representative/:playerId",
    object: "TT (in X) / member MA2 of A",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TT, playerId: w.MA2 } }),
  },
  {
    key: "POST /api/events/:id/remove_representative/:playerId",
    object: "TU (in Y, other) / member MB1 of B",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TU, playerId: w.MB1 } }),
  },
  {
    key: "POST /api/events/:id/player_optout/:teamId/:playerId",
    object: "TT (in X) / team A / MA2",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TT, teamId: w.A, playerId: w.MA2 } }),
  },
  {
    key: "POST /api/events/:id/player_optout/:teamId/:playerId",
    object: "TU (in Y, other) / team B / MB1",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TU, teamId: w.B, playerId: w.MB1 } }),
  },
  {
    key: "POST /api/events/:id/player_optin/:teamId/:playerId",
    object: "TT (in X) / team A / MA2",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TT, teamId: w.A, playerId: w.MA2 } }),
  },
  {
    key: "POST /api/events/:id/player_optin/:teamId/:playerId",
    object: "TU (in Y, other) / team B / MB1",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TU, teamId: w.B, playerId: w.MB1 } }),
  },
  { key: "POST /api/events/:id/player_optout", object: "TT: self", allowed: ACCOUNT, req: (w) => ({ params: { id: w.TT } }) },
  { key: "POST /api/events/:id/player_optin", object: "TT: self", allowed: ACCOUNT, req: (w) => ({ params: { id: w.TT } }) },
  {
    key: "POST /api/events/:id/move_team",
    object: "TT (in X) / verify team A",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TT }, json: { status: "registered", team_id: w.A } }),
  },
  {
    key: "POST /api/events/:id/move_team",
    object: "TU (in Y, other) / verify team B",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.TU }, json: { status: "registered", team_id: w.B } }),
  },
  {
    key: "POST /api/events/:id/registrations/teams/bulk",
    object: "TT (in X) / an unknown team",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TT }, json: { action: "verify", ids: [999_999] } }),
  },
  {
    key: "POST /api/events/:id/registrations/teams/bulk",
    object: "TU (in Y, other) / an unknown team",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TU }, json: { action: "verify", ids: [999_999] } }),
  },
  {
    key: "POST /api/events/:id/registrations/teams/:teamId/edit",
    object: "TT (in X) / team A (stays registered)",
    allowed: X_MODERATORS,
    req: (w) => ({ params: { id: w.TT, teamId: w.A }, json: { status: "registered" } }),
  },
  {
    key: "POST /api/events/:id/registrations/teams/:teamId/edit",
    object: "TU (in Y, other) / team B (stays registered)",
    allowed: Y_MODERATORS,
    req: (w) => ({ params: { id: w.TU, teamId: w.B }, json: { status: "registered" } }),
  },
  {
    key: "POST /api/events/:id/admin_register_team",
    object: "TT (in X) / a new shadow team",
    allowed: X_ADMINS,
    req: (w) => ({ params: { id: w.TT }, json: { register_mode: "shadow", shadow_name: `Shadow ${next()}`, shadow_tag: "SH" } }),
  },
  {
    key: "POST /api/events/:id/admin_register_team",
    object: "TU (in Y, other) / a new shadow team",
    allowed: EVENT_ADMINS,
    req: (w) => ({ params: { id: w.TU }, json: { register_mode: "shadow", shadow_name: `Shadow ${next()}`, shadow_tag: "SH" } }),
  },

  // Cross-object probes (issue #15 item 10): rights on the URL's tournament never reach another
  // tournament's squad, team or player named in the path or the body, nor move a template or a
  // tournament into a series the role has no rights on.
  {
    key: "GET /api/events/:id/registrations/squads/:squadId/edit",
    object: "T's URL, squad SU of U",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T, squadId: w.SU } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/:squadId/edit",
    object: "T's URL, squad SU of U",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T, squadId: w.SU }, json: { squad_name: "Hijacked", squad_tag: "HJ", squad_color: 2 } }),
  },
  {
    key: "POST /api/events/:id/move_squad",
    object: "T's URL, squad SU of U",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T }, json: { status: "withdrawn", squad_id: w.SU } }),
  },
  {
    key: "POST /api/events/:id/move_squad_player",
    object: "T's URL, member MU of U",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T }, json: { status: "withdrawn", player_id: w.MU } }),
  },
  {
    key: "POST /api/events/:id/move_player",
    object: "TS's URL, registrant QY of TSY",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TS }, json: { status: "withdrawn", player_id: w.QY } }),
  },
  {
    key: "POST /api/events/:id/registrations/players/:playerId/edit",
    object: "TS's URL, registrant QY of TSY",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TS, playerId: w.QY }, json: { status: "withdrawn", can_host: true } }),
  },
  {
    key: "POST /api/events/:id/registrations/squads/players/:playerId/edit",
    object: "T's URL, member MU of U",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T, playerId: w.MU }, json: { can_host: true } }),
  },
  {
    key: "POST /api/events/:id/checkins/players/:playerId/checkout",
    object: "T's URL, member MU of U",
    allowed: X_ADMINS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T, playerId: w.MU } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/change_captain",
    object: "T's URL, squad SU of U",
    allowed: X_ADMINS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T, squadId: w.SU }, json: { player_id: w.MU } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/admin_register_player",
    object: "T's URL, squad SU of U",
    allowed: X_ADMINS,
    neverSucceeds: true,
    req: async (w) => ({ params: { id: w.T, squadId: w.SU }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/kick",
    object: "T's URL, squad SU of U (hidden: not T's squad)",
    allowed: NONE,
    hidden404: true,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.T, squadId: w.SU }, json: { player_id: w.MU } }),
  },
  {
    key: "POST /api/events/:id/squads/:squadId/invite",
    object: "T's URL, squad SU of U (hidden: not T's squad)",
    allowed: NONE,
    hidden404: true,
    neverSucceeds: true,
    req: async (w) => ({ params: { id: w.T, squadId: w.SU }, json: { player_id: await fresh(w) } }),
  },
  {
    key: "GET /api/events/:id/registrations/teams/:teamId/edit",
    object: "TT's URL, team B of TU",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TT, teamId: w.B } }),
  },
  {
    key: "POST /api/events/:id/registrations/teams/:teamId/edit",
    object: "TT's URL, team B of TU",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TT, teamId: w.B }, json: { status: "withdrawn" } }),
  },
  {
    key: "POST /api/events/:id/move_team",
    object: "TT's URL, team B of TU",
    allowed: X_MODERATORS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TT }, json: { status: "withdrawn", team_id: w.B } }),
  },
  {
    key: "POST /api/events/:id/player_optout/:teamId/:playerId",
    object: "TT's URL, team B / MB1 of TU",
    allowed: X_ADMINS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TT, teamId: w.B, playerId: w.MB1 } }),
  },
  {
    key: "POST /api/events/:id/add_representative/:playerId",
    object: "TT's URL, MB1 of TU",
    allowed: X_ADMINS,
    neverSucceeds: true,
    req: (w) => ({ params: { id: w.TT, playerId: w.MB1 } }),
  },
  {
    key: "POST /api/tournaments/series/templates/:id",
    object: "a fresh template of X, moved to series Y",
    allowed: EVENT_ADMINS,
    req: async (w) => ({ params: { id: await createTemplate(w.t.database, w.X) }, form: templateForm(w.Y) }),
  },
  {
    key: "POST /api/events/:id",
    object: "new, from a template of X, into series Y",
    allowed: EVENT_ADMINS,
    req: (w) => ({
      params: { id: "new" },
      form: scopedTournamentForm({ template_id: w.TPX, series: w.Y, tournament_title: `Into Y ${next()}` }),
    }),
  },
  {
    key: "POST /api/events/:id",
    object: "a fresh tournament of X, moved to series Y",
    allowed: EVENT_ADMINS,
    req: async (w) => ({
      params: { id: await createTournament(w.t.database, { event_format: 2, tournament_series_id: w.X }) },
      form: scopedTournamentForm({ series: w.Y, tournament_title: "Moved to Y" }),
    }),
  },
  {
    key: "POST /api/tournaments/series/:id",
    object: "series X, taking in a fresh tournament of Y",
    allowed: EVENT_ADMINS,
    req: async (w) => {
      const ofX = await w.t.database.db.selectFrom("tournaments").select("id").where("tournament_series_id", "=", w.X).execute();
      const fromY = await createTournament(w.t.database, { event_format: 2, tournament_series_id: w.Y });
      const ids = [...ofX.map((r) => r.id), fromY];
      return { params: { id: w.X }, form: { ...seriesForm("Series X", w.slugX), tournaments: ids.join(",") } };
    },
  },

  // Outgoing webhooks (issue #20 §5): tournament administrators, series editors, team leaders.
  // The matrix runs without WEBHOOK_ALLOW_PRIVATE, so an allowed create is a 400 (the URL check).
  ...webhookRows(),

  // Destructive rows last: removals, role changes, leaving and withdrawals.
  {
    key: "POST /api/registry/teams/:id/kick",
    object: "team A / a fresh plain member",
    allowed: A_ROSTER,
    req: async (w) => ({ params: { id: w.A }, json: { player_id: await plainMember(w, w.A) } }),
  },
  {
    key: "POST /api/registry/teams/:id/kick",
    object: "team B (other) / a fresh plain member",
    allowed: ADMIN,
    req: async (w) => ({ params: { id: w.B }, json: { player_id: await plainMember(w, w.B) } }),
  },
  {
    key: "POST /api/registry/teams/:id/kick",
    object: "team A / a fresh manager (managers remove plain members only)",
    allowed: ["leader", "administrator"],
    req: async (w) => ({ params: { id: w.A }, json: { player_id: await plainMember(w, w.A, { manager: true }) } }),
  },
  {
    key: "POST /api/registry/teams/:id/role",
    object: "team A / make a fresh member manager",
    allowed: ["leader", "administrator"],
    req: async (w) => ({ params: { id: w.A }, json: { player_id: await plainMember(w, w.A), role: "manager" } }),
  },
  {
    key: "POST /api/registry/teams/:id/role",
    object: "team B (other) / make a fresh member manager",
    allowed: ADMIN,
    req: async (w) => ({ params: { id: w.B }, json: { player_id: await plainMember(w, w.B), role: "manager" } }),
  },
  {
    key: "POST /api/registry/teams/:id/leave",
    object: "a side team the role is a plain member of",
    allowed: ACCOUNT,
    req: async (w, r) => ({ params: { id: await sideTeam(w, acct(w, r) ? own(w, r) : undefined) } }),
  },
  {
    key: "POST /api/events/:id/withdraw",
    object: "TS (solo): own registration",
    allowed: ACCOUNT,
    req: (w) => ({ params: { id: w.TS }, json: {} }),
  },
  {
    key: "POST /api/events/:id/withdraw",
    object: "TT / team B (other)",
    allowed: NONE,
    req: (w) => ({ params: { id: w.TT }, json: { team_id: w.B } }),
  },
  {
    // Last: the manager withdraws team A; the leader then finds it no longer registered (400).
    key: "POST /api/events/:id/withdraw",
    object: "TT / team A",
    allowed: ["manager", "leader"],
    req: (w) => ({ params: { id: w.TT }, json: { team_id: w.A } }),
  },
];

/**
 * Issue #22 §5: the administrator of a hosted tournament — the `player` role, approved proposer
 * of H — is an actor of every tournament-scoped route. Each route whose rows give T to its
 * administrators (or its registration moderators, or S's managers) gets a row on H, the same
 * request aimed at H (squad S replaced by H's squad SH): the host and the site-wide roles may (a 400/404 about an object that is
 * not in H still passes the permission check); the series roles of X, the captain of S and
 * everyone else are refused. The host is refused on T and U by those routes' own rows, where
 * `player` is never allowed. Routes that already have an H row keep theirs. Appended last, so
 * what the host does to H cannot spoil another row.
 */
function hostedRows(rows: readonly Row[]): Row[] {
  const forH = new Map<readonly Role[], readonly Role[]>([
    [X_ADMINS, ["player", ...EVENT_ADMINS]],
    [S_MANAGERS, ["player", ...EVENT_ADMINS]],
    [X_MODERATORS, ["player", ...Y_MODERATORS]],
  ]);
  const tournamentScoped = (key: string) => {
    const path = key.slice(key.indexOf(" ") + 1);
    return path.startsWith("/api/events/:id") || path === FFA_SHEET_PATH;
  };
  const done = new Set(rows.filter((r) => r.object.startsWith("H ")).map((r) => r.key));
  const out: Row[] = [];
  for (const row of rows) {
    const allowed = forH.get(row.allowed);
    // Rows about a hidden (unpublished) T test visibility, not the role: another row of the key serves.
    if (!allowed || row.hidden404 || !tournamentScoped(row.key) || done.has(row.key)) continue;
    done.add(row.key);
    out.push({
      ...row,
      object: `H (hosted by player, no series) instead of ${row.object}`,
      allowed,
      req: async (w, role) => {
        const r = (await row.req?.(w, role)) ?? {};
        const h = await hostedTournament(w);
        // Squad S of T becomes squad SH of H (the squad-scoped routes judge the squad's tournament).
        const params: Record<string, string | number> = { ...r.params, id: h.id };
        if (params.squadId === w.S) params.squadId = h.squad;
        return { ...r, params };
      },
    });
  }
  return out;
}
MATRIX.push(...hostedRows(MATRIX));

/** The `message` of an error answer, or the start of the body. */
function messageOf(body: string): string {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message ?? "");
  } catch {
    return body.slice(0, 80);
  }
}

function tidReq(w: World): CellRequest {
  return { params: tid(w) };
}
function uidReq(w: World): CellRequest {
  return { params: uid(w) };
}
async function clearInvitations(w: World, squadId: number) {
  await w.t.database.db.deleteFrom("squad_invitations").where("squad_id", "=", squadId).execute();
}

// --- the run ------------------------------------------------------------------------------------------

const methodAndPath = (key: string) => {
  const i = key.indexOf(" ");
  return { method: key.slice(0, i), path: key.slice(i + 1) };
};

/** Guarded paths: the API, the FFA sheet download and the metrics (route-access.ts). */
const guarded = (path: string) => path.startsWith("/api/") || path === FFA_SHEET_PATH || path === METRICS_PATH;

describe.each(await dialects())("authorization matrix (%s)", (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    // Live streams end at once here (inject cannot read a stream that never ends).
    t = await createTestApp(dialect, { SSE_MAX_STREAM_MS: "10" });
    w = await buildWorld(t);
  }, 60_000);
  afterAll(() => t?.close());

  it("has a row for every route the app registers, and no row for a route it does not", () => {
    const matrixKeys = new Set(MATRIX.map((r) => r.key));
    const accessKeys = Object.keys(ROUTE_ACCESS);
    // Every access rule is stated in the matrix and every matrix row is an access rule.
    expect(accessKeys.filter((k) => !matrixKeys.has(k))).toEqual([]);
    expect([...matrixKeys].filter((k) => !(k in ROUTE_ACCESS))).toEqual([]);
    // Every row names a route the app has.
    const missing = [...matrixKeys].filter((k) => {
      const { method, path } = methodAndPath(k);
      return !t.app.hasRoute({ method: method as "GET", url: path });
    });
    expect(missing).toEqual([]);
    // Every guarded route the app registered has a row (HEAD answers as its GET).
    expect(registered.size).toBeGreaterThan(100);
    const unstated = [...registered].filter((k) => {
      const { method, path } = methodAndPath(k);
      return guarded(path) && method !== "HEAD" && !matrixKeys.has(k);
    });
    expect(unstated).toEqual([]);
  });

  it("answers every route × role as the matrix says", async () => {
    const mismatches: string[] = [];
    const counts = Object.fromEntries(ROLES.map((r) => [r, { allowed: 0, refused: 0 }])) as Record<
      Role,
      { allowed: number; refused: number }
    >;
    /** One cell: the role's request, sent from its browser (or a fresh session of it). */
    const call = async (row: Row, role: Role) => {
      const { method, path } = methodAndPath(row.key);
      const req = row.req ? await row.req(w, role) : {};
      const c = row.fresh ? await freshClient(w, role) : w.client[role];
      const res = await send(c, method, path, req, w.ip[role]);
      await row.after?.(w);
      return res;
    };
    for (const row of MATRIX) {
      // Reads change nothing: their roles run at once. Writes run one role at a time, least privileged first.
      const concurrent = row.key.startsWith("GET ") && !row.fresh && !row.after;
      const answers = concurrent
        ? await Promise.all(ROLES.map((role) => call(row, role)))
        : await ROLES.reduce<Promise<Awaited<ReturnType<typeof call>>[]>>(
            async (done, role) => [...(await done), await call(row, role)],
            Promise.resolve([]),
          );
      ROLES.forEach((role, i) => {
        const res = answers[i]!;
        const status = res.statusCode;
        const refused = status === 401 || status === 403 || (row.hidden404 === true && status === 404);
        counts[role][refused ? "refused" : "allowed"]++;
        const shouldAllow = row.allowed.includes(role);
        if (process.env.MATRIX_DEBUG && !refused && status >= 300)
          console.log(`DEBUG ${status} ${row.key} [${row.object}] ${role}: ${res.body.slice(0, 140)}`);
        const expectedRefusal = row.hidden404 ? [404, role === "anonymous" ? 401 : 403] : [role === "anonymous" ? 401 : 403];
        const ok =
          status < 500 && (shouldAllow ? !refused : expectedRefusal.includes(status)) && (row.neverSucceeds !== true || status >= 400);
        if (!ok) {
          mismatches.push(
            `${row.key} [${row.object}] as ${role}: expected ${shouldAllow ? "allowed" : `refused (${expectedRefusal.join("/")})`}${row.neverSucceeds ? " and no success" : ""}, got ${status} ${messageOf(res.body)}`,
          );
        }
      });
    }
    const cells = MATRIX.length * ROLES.length;
    const lines = ROLES.map(
      (r) =>
        `  ${r.padEnd(16)} allowed ${String(counts[r].allowed).padStart(3)}  refused ${String(counts[r].refused).padStart(3)}  (${ROLE_NOTES[r]})`,
    );
    console.log(
      `authorization matrix (${dialect}): ${MATRIX.length} rows over ${new Set(MATRIX.map((r) => r.key)).size} routes × ${ROLES.length} roles = ${cells} cells\n${lines.join("\n")}`,
    );
    expect(mismatches).toEqual([]);
  }, 360_000);
});
