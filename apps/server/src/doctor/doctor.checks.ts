import { checkPlacementList, EVENT_FORMAT, GAME_MODES, isSquadEvent, isTeamEvent } from "@site/contract";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import * as repo from "./doctor.repository.js";

/**
 * The doctor's checks (`npm run doctor`, docs/decisions.md "#15 hardening: doctor and demo
 * data"): each is one rule the services keep, read back from the database. A check only reads
 * (SELECT) and returns the rows that break its rule as violations naming their ids; it never
 * flags what the services allow (a squad below its minimum while registering, a team that
 * registered at the minimum and lost members since, a gap in the placements).
 */

type Db = Kysely<DB>;

/** One broken rule: the check's name, the ids of the rows involved, and what is wrong. */
export interface Violation {
  check: string;
  ids: Record<string, number | string | null>;
  message: string;
}

/** A named rule and the function that finds the rows breaking it. */
export interface Check {
  name: string;
  rule: string;
  run: (db: Db) => Promise<Violation[]>;
}

/** `waitlisted`: past the tournament's cap, in the queue (issue #22). */
const REGISTRATION_STATUSES = ["registered", "waitlisted", "withdrawn", "rejected"] as const;
/** A team registration past the cap waits too (`waitlisted`, issue #22 §1). */
const TEAM_REGISTRATION_STATUSES = ["registered", "waitlisted", "withdrawn", "rejected"] as const;
const OPEN_TRANSFERS = ["invited", "requested"] as const;
const DECIDED_TRANSFERS = ["accepted", "declined", "cancelled", "rejected"] as const;
/** At most this many representatives per team registration (TEAM_REGISTRATION_MESSAGES.maxRepresentatives). */
export const MAX_REPRESENTATIVES = 3;

const FORMAT_NAMES: Record<number, string> = { [EVENT_FORMAT.team]: "team", [EVENT_FORMAT.solo]: "solo", [EVENT_FORMAT.squad]: "squad" };
const formatName = (f: number) => FORMAT_NAMES[f] ?? `format ${f}`;
const entrantTypeOf = (f: number) => (isTeamEvent(f) ? "team" : isSquadEvent(f) ? "squad" : "player");

// ---------------------------------------------------------------------------------------
// Registrations
// ---------------------------------------------------------------------------------------

/** One registration row per player per tournament (UNIQUE(tournament_id, player_id): a player plays for one entrant). */
export async function checkRegistrationUnique(db: Db): Promise<Violation[]> {
  return (await repo.duplicateRegistrations(db)).map((r) => ({
    check: "registration-unique",
    ids: { tournament: r.tournament_id, player: r.player_id },
    message: `${Number(r.n)} registration rows for one player`,
  }));
}

/** Registration rows are registered, waitlisted, withdrawn or rejected; squad invitations are rows of squad_invitations. */
export async function checkRegistrationStatus(db: Db): Promise<Violation[]> {
  return (await repo.registrationsWithStatusOutside(db, REGISTRATION_STATUSES)).map((r) => ({
    check: "registration-status",
    ids: { registration: r.id, tournament: r.tournament_id, player: r.player_id },
    message: `status '${r.status}' is none of ${REGISTRATION_STATUSES.join(", ")}`,
  }));
}

/** A row fits its tournament's format: solo rows have no squad or team; squad rows a squad of that tournament; team rows a team. */
export async function checkRegistrationFormat(db: Db): Promise<Violation[]> {
  return (await repo.registrationsOffFormat(db, EVENT_FORMAT)).map((r) => {
    let what: string;
    if (r.event_format === EVENT_FORMAT.solo) what = "a solo row with a squad or team";
    else if (r.event_format === EVENT_FORMAT.squad)
      what =
        r.squad_id === null
          ? "a squad-tournament row without a squad"
          : r.team_id !== null
            ? "a squad row with a team"
            : "its squad is of another tournament";
    else if (r.event_format === EVENT_FORMAT.team)
      what = r.team_id === null ? "a team-tournament row without a team" : "a team row with a squad";
    else what = `unknown event_format ${r.event_format}`;
    return {
      check: "registration-format",
      ids: { registration: r.id, tournament: r.tournament_id, player: r.player_id, squad: r.squad_id, team: r.team_id },
      message: what,
    };
  });
}

/** Captains are squad members, representatives and opt-outs team members, and only withdrawn solo/squad rows carry the check-in withdrawal mark. */
export async function checkRegistrationFlags(db: Db): Promise<Violation[]> {
  return (await repo.registrationsWithStrayFlags(db)).map((r) => {
    const what: string[] = [];
    if (r.is_captain === 1 && r.squad_id === null) what.push("captain without a squad");
    if (r.is_representative === 1 && r.team_id === null) what.push("representative without a team");
    if (r.opted_out === 1 && r.team_id === null) what.push("opted out without a team");
    if (r.withdrawn_at_checkin === 1 && r.status !== "withdrawn") what.push(`withdrawn at check-in but ${r.status}`);
    if (r.withdrawn_at_checkin === 1 && r.team_id !== null) what.push("withdrawn at check-in on a team row");
    return {
      check: "registration-flags",
      ids: { registration: r.id, tournament: r.tournament_id, player: r.player_id },
      message: what.join("; "),
    };
  });
}

// ---------------------------------------------------------------------------------------
// Squads
// ---------------------------------------------------------------------------------------

/** Squads exist only in squad tournaments. */
export async function checkSquadFormat(db: Db): Promise<Violation[]> {
  return (await repo.squadsOutsideSquadTournaments(db, EVENT_FORMAT.squad)).map((s) => ({
    check: "squad-format",
    ids: { squad: s.id, tournament: s.tournament_id },
    message: `a squad in a ${formatName(s.event_format)} tournament`,
  }));
}

/** A registered squad has at most maximum_team_size registered members (joining, accepting and adding refuse a full squad). */
export async function checkSquadSize(db: Db): Promise<Violation[]> {
  return (await repo.squadRowCounts(db))
    .filter((s) => s.status === "registered" && Number(s.registered) > s.maximum_team_size)
    .map((s) => ({
      check: "squad-size",
      ids: { squad: s.id, tournament: s.tournament_id },
      message: `${Number(s.registered)} registered members, maximum_team_size ${s.maximum_team_size}`,
    }));
}

/** A squad that is withdrawn or rejected has no registered members (moving or withdrawing a squad moves its members). */
export async function checkSquadStatus(db: Db): Promise<Violation[]> {
  return (await repo.registeredRowsOfInactiveSquads(db)).map((r) => ({
    check: "squad-status",
    ids: { registration: r.id, tournament: r.tournament_id, player: r.player_id, squad: r.squad_id },
    message: `a registered member of a ${r.squad_status} squad`,
  }));
}

/**
 * A squad has at most one captain (changing the captain moves the flag), and a registered squad
 * with registered members has its captain's row (registering a squad makes the registrant its
 * captain; a shadow squad registered by staff has no rows at all).
 */
export async function checkSquadCaptain(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const s of await repo.squadRowCounts(db)) {
    const captains = Number(s.captains);
    const ids = { squad: s.id, tournament: s.tournament_id };
    if (captains > 1) out.push({ check: "squad-captain", ids, message: `${captains} captains` });
    else if (captains === 0 && s.status === "registered" && Number(s.registered) > 0)
      out.push({ check: "squad-captain", ids, message: `a registered squad of ${Number(s.registered)} members without a captain` });
  }
  return out;
}

/** Open squad invitations point at a registered squad of the same tournament and a player not registered there. */
export async function checkSquadInvitations(db: Db): Promise<Violation[]> {
  return (await repo.staleSquadInvitations(db)).map((i) => {
    let what: string;
    if (i.squad_tournament_id === null) what = "the squad does not exist";
    else if (i.squad_tournament_id !== i.tournament_id) what = `the squad is of tournament ${i.squad_tournament_id}`;
    else if (i.squad_status !== "registered" && i.squad_status !== "waitlisted") what = `the squad is ${i.squad_status}`;
    else what = "the invited player is already registered";
    return {
      check: "squad-invitation",
      ids: { invitation: i.id, tournament: i.tournament_id, squad: i.squad_id, player: i.player_id },
      message: what,
    };
  });
}

// ---------------------------------------------------------------------------------------
// Team registrations and representatives
// ---------------------------------------------------------------------------------------

/** Team registrations are in team tournaments, with a known status and a secondary team other than the primary. */
export async function checkTeamRegistrationFormat(db: Db): Promise<Violation[]> {
  return (await repo.teamRegistrationsOffFormat(db, EVENT_FORMAT.team, TEAM_REGISTRATION_STATUSES)).map((r) => {
    const what: string[] = [];
    if (r.event_format !== EVENT_FORMAT.team) what.push(`a team registration in a ${formatName(r.event_format)} tournament`);
    if (r.secondary_team_id === r.team_id) what.push("the secondary team is the primary team");
    if (!(TEAM_REGISTRATION_STATUSES as readonly string[]).includes(r.status)) what.push(`status '${r.status}'`);
    return {
      check: "team-registration-format",
      ids: { team_registration: r.id, tournament: r.tournament_id, team: r.team_id },
      message: what.join("; "),
    };
  });
}

/** A team takes part in at most one registered team registration of a tournament, as primary or secondary team. */
export async function checkTeamRegistrationOnce(db: Db): Promise<Violation[]> {
  const uses = new Map<string, Array<{ id: number; tournament: number; team: number }>>();
  for (const r of await repo.registeredTeamRegistrations(db)) {
    for (const team of new Set([r.team_id, r.secondary_team_id])) {
      if (team === null) continue;
      const key = `${r.tournament_id}:${team}`;
      uses.set(key, [...(uses.get(key) ?? []), { id: r.id, tournament: r.tournament_id, team }]);
    }
  }
  return [...uses.values()]
    .filter((list) => list.length > 1)
    .map((list) => ({
      check: "team-registration-once",
      ids: { tournament: list[0]!.tournament, team: list[0]!.team, team_registrations: list.map((x) => x.id).join(",") },
      message: `the team is in ${list.length} registered team registrations`,
    }));
}

/** A member row (a registration with a team) belongs to its team's registration in that tournament and is registered only while it is. */
export async function checkTeamMemberRows(db: Db): Promise<Violation[]> {
  return (await repo.orphanTeamMemberRows(db)).map((r) => ({
    check: "team-member-rows",
    ids: { registration: r.id, tournament: r.tournament_id, team: r.team_id, player: r.player_id },
    message:
      r.team_status === null
        ? "no team registration of this team in this tournament"
        : `a registered member of a ${r.team_status} team registration`,
  }));
}

/** At most 3 registered representatives per team registration. */
export async function checkRepresentativeCount(db: Db): Promise<Violation[]> {
  return (await repo.representativeCounts(db, MAX_REPRESENTATIVES)).map((r) => ({
    check: "representative-count",
    ids: { tournament: r.tournament_id, team: r.team_id },
    message: `${Number(r.n)} representatives (at most ${MAX_REPRESENTATIVES})`,
  }));
}

/** A team leader is never a representative: no representative row belongs to a current leader of the registration's primary or secondary team. */
export async function checkRepresentativeNotLeader(db: Db): Promise<Violation[]> {
  return (await repo.representativesWhoLead(db)).map((r) => ({
    check: "representative-not-leader",
    ids: { registration: r.id, tournament: r.tournament_id, team: r.team_id, player: r.player_id },
    message: `a representative who leads team ${r.led_team_id}${r.status === "registered" ? "" : ` (${r.status} row)`}`,
  }));
}

/** Representatives are not opted out, and are registered while their team registration is (a member no longer eligible loses the flag). */
export async function checkRepresentativeState(db: Db): Promise<Violation[]> {
  return (await repo.representativesOutOfPlace(db)).map((r) => ({
    check: "representative-state",
    ids: { registration: r.id, tournament: r.tournament_id, team: r.team_id, player: r.player_id },
    message: r.opted_out === 1 ? "an opted-out representative" : `a ${r.status} representative of a registered team`,
  }));
}

// ---------------------------------------------------------------------------------------
// Placements
// ---------------------------------------------------------------------------------------

/**
 * Placement lists as the editor saves them (checkPlacementList, read in the stored order: placed
 * rows by placement, then DQ rows): an entrant once, the entrant kind of the tournament's format,
 * DQ rows without placement or bound, a tie's bound better than its placement and shared by
 * every row of the tie, no more rows in a tie than its range holds, ranges that do not overlap,
 * titles within the limit, and no bound equal to its placement (the save stores that as none).
 */
export async function checkPlacementLists(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  const byTournament = new Map<number, Awaited<ReturnType<typeof repo.placementRows>>>();
  for (const p of await repo.placementRows(db)) {
    const list = byTournament.get(p.tournament_id);
    if (list) list.push(p);
    else byTournament.set(p.tournament_id, [p]);
  }
  for (const [tournament, rows] of byTournament) {
    const expected = entrantTypeOf(rows[0]!.event_format);
    for (const p of rows) {
      if (p.entrant_type !== expected)
        out.push({
          check: "placement-list",
          ids: { placement: p.id, tournament, entrant: p.entrant_id },
          message: `a ${p.entrant_type} placement in a ${formatName(p.event_format)} tournament`,
        });
      if (p.placement_upper_bound !== null && p.placement_upper_bound === p.placement)
        out.push({
          check: "placement-list",
          ids: { placement: p.id, tournament, entrant: p.entrant_id },
          message: "an upper bound equal to its placement",
        });
    }
    // Rows of another kind are reported above; their ids would read as duplicates of this kind's.
    const broken = checkPlacementList(rows.filter((p) => p.entrant_type === expected).map((p) => ({ ...p, dq: p.dq === 1 })));
    if (broken) out.push({ check: "placement-list", ids: { tournament }, message: broken });
  }
  return out;
}

/**
 * Every placement names an entrant of its tournament (the save refuses others): a solo
 * registration, a squad of the tournament, or a team registration. Historical tournaments keep
 * results without registrations, so there the player or team only has to exist.
 */
export async function checkPlacementEntrants(db: Db): Promise<Violation[]> {
  return (await repo.placementsWithoutEntrant(db)).map((p) => ({
    check: "placement-entrant",
    ids: { placement: p.id, tournament: p.tournament_id, [p.entrant_type]: p.entrant_id },
    message: p.is_historical ? `no such ${p.entrant_type}` : `the ${p.entrant_type} is not an entrant of this tournament`,
  }));
}

// ---------------------------------------------------------------------------------------
// Teams, memberships and transfers
// ---------------------------------------------------------------------------------------

/**
 * Memberships are intervals (left_at not before joined_at) that never overlap for one player in
 * one team, nor in two teams of one category: joining ends the player's current membership of
 * the category at the moment the new one starts, so at most one is active per category.
 */
export async function checkMembershipIntervals(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  let group = "";
  let latest: { id: number; team: number; end: number } | null = null;
  for (const m of await repo.membershipsByPlayer(db)) {
    const end = m.left_at ?? Number.POSITIVE_INFINITY;
    if (m.left_at !== null && m.left_at < m.joined_at)
      out.push({
        check: "membership-intervals",
        ids: { membership: m.id, team: m.team_id, player: m.player_id },
        message: "left before it joined",
      });
    const key = `${m.player_id}:${m.category}`;
    if (key !== group) {
      group = key;
      latest = null;
    }
    if (latest && m.joined_at < latest.end) {
      out.push({
        check: "membership-intervals",
        ids: { player: m.player_id, memberships: `${latest.id},${m.id}`, teams: `${latest.team},${m.team_id}` },
        message:
          latest.team === m.team_id
            ? "two overlapping memberships of one team"
            : `on two ${m.category} teams at once${m.left_at === null && latest.end === Number.POSITIVE_INFINITY ? " (both active)" : ""}`,
      });
    }
    if (!latest || end > latest.end) latest = { id: m.id, team: m.team_id, end };
  }
  return out;
}

/** A member is a leader, a manager or neither, never both (the role change sets one). */
export async function checkMembershipRoles(db: Db): Promise<Violation[]> {
  return (await repo.leadersWhoManage(db)).map((m) => ({
    check: "membership-role",
    ids: { membership: m.id, team: m.team_id, player: m.player_id },
    message: "both leader and manager",
  }));
}

/** A team with active members has an active leader (the last leader cannot leave, be removed or demoted while others remain). */
export async function checkTeamLeaders(db: Db): Promise<Violation[]> {
  return (await repo.teamsWithoutActiveLeader(db)).map((t) => ({
    check: "team-leader",
    ids: { team: t.team_id },
    message: `${Number(t.members)} active members and no active leader`,
  }));
}

/** An accepted transfer is the membership change it records: the to-team membership starts and the from-team one ends at its time. */
export async function checkTransferMemberships(db: Db): Promise<Violation[]> {
  return (await repo.transfersWithoutMembership(db)).map((x) => ({
    check: "transfer-membership",
    ids: { transfer: x.id, player: x.player_id, from_team: x.from_team_id, to_team: x.to_team_id },
    message: "no membership starts or ends at the transfer's time",
  }));
}

/** Transfers are invited/requested (open, to a team, undecided) or accepted/declined/cancelled/rejected (with a decision date). */
export async function checkTransferStates(db: Db): Promise<Violation[]> {
  return (await repo.transfersInBadState(db, OPEN_TRANSFERS, DECIDED_TRANSFERS)).map((x) => ({
    check: "transfer-state",
    ids: { transfer: x.id, player: x.player_id },
    message: (OPEN_TRANSFERS as readonly string[]).includes(x.status)
      ? x.to_team_id === null
        ? `an open '${x.status}' transfer to no team`
        : `an open '${x.status}' transfer with a decision date`
      : (DECIDED_TRANSFERS as readonly string[]).includes(x.status)
        ? `a '${x.status}' transfer without a decision date`
        : `status '${x.status}'`,
  }));
}

// ---------------------------------------------------------------------------------------
// Moderation state
// ---------------------------------------------------------------------------------------

/** players.is_banned is set exactly while the player has an open ban, and a player's account is banned exactly while the player is. */
export async function checkBanFlags(db: Db): Promise<Violation[]> {
  const players = (await repo.banMismatches(db)).map((p) => {
    const open = Number(p.open_bans ?? 0);
    const what: string[] = [];
    if (p.is_banned === 1 && open === 0) what.push("banned without an open ban");
    if (p.is_banned === 0 && open > 0) what.push(`${open} open ban(s) but not banned`);
    if (p.user_id !== null && p.state !== null && (p.is_banned === 1) !== (p.state === "banned"))
      what.push(`player ${p.is_banned === 1 ? "banned" : "not banned"}, account ${p.state}`);
    return { check: "ban-flags", ids: { player: p.id, user: p.user_id }, message: what.join("; ") };
  });
  const accounts = (await repo.bannedAccountsWithoutBannedPlayer(db)).map((u) => ({
    check: "ban-flags",
    ids: { user: u.id },
    message: "a banned account without a player (accounts are banned through their player)",
  }));
  return [...players, ...accounts];
}

/** Profile changes are pending (undecided) or approved/declined (decided), and a player or team has at most one pending change per field. */
export async function checkProfileChanges(db: Db): Promise<Violation[]> {
  const states = (await repo.profileChangesInBadState(db)).map((c) => ({
    check: "profile-change",
    ids: { profile_change: c.id, [c.table_name]: c.row_id },
    message: ["pending", "approved", "declined"].includes(c.status)
      ? `a ${c.status} change ${c.status === "pending" ? "with" : "without"} a decision date`
      : `status '${c.status}'`,
  }));
  const dupes = (await repo.duplicatePendingChanges(db)).map((c) => ({
    check: "profile-change",
    ids: { [c.table_name]: c.row_id },
    message: `${Number(c.n)} pending ${c.field_name} changes`,
  }));
  return [...states, ...dupes];
}

/** An account has at most one pending claim on a team. */
export async function checkTeamClaims(db: Db): Promise<Violation[]> {
  return (await repo.duplicatePendingClaims(db)).map((c) => ({
    check: "team-claim",
    ids: { team: c.team_id, user: c.user_id },
    message: `${Number(c.n)} pending claims by one account`,
  }));
}

// ---------------------------------------------------------------------------------------
// Tournaments
// ---------------------------------------------------------------------------------------

/**
 * Tournament settings as the save writes them: 1 ≤ minimum ≤ maximum team size (solo: 1 and 1),
 * the end not before the start, the game of the game mode, no check-in for team tournaments and
 * a check-in status of 0, 1 or 2.
 */
export async function checkTournamentSettings(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const t of await repo.tournamentSettings(db)) {
    const what: string[] = [];
    if (t.minimum_team_size < 1 || t.minimum_team_size > t.maximum_team_size)
      what.push(`team size ${t.minimum_team_size}..${t.maximum_team_size}`);
    if (t.event_format === EVENT_FORMAT.solo && (t.minimum_team_size !== 1 || t.maximum_team_size !== 1))
      what.push(`a solo tournament with team size ${t.minimum_team_size}..${t.maximum_team_size}`);
    if (t.start_date !== null && t.end_date !== null && t.end_date < t.start_date) what.push("ends before it starts");
    const mode = (GAME_MODES as Record<string, { game: string }>)[t.game_mode];
    if (!mode) what.push(`unknown game mode '${t.game_mode}'`);
    else if (mode.game !== t.game) what.push(`game '${t.game}' but mode '${t.game_mode}' is of '${mode.game}'`);
    if (isTeamEvent(t.event_format) && t.checkin_required !== 0) what.push("a team tournament with check-ins");
    if (![0, 1, 2].includes(t.checkin_status)) what.push(`checkin_status ${t.checkin_status}`);
    if (what.length) out.push({ check: "tournament-settings", ids: { tournament: t.id }, message: what.join("; ") });
  }
  return out;
}

/** Every check, in the order the doctor runs and prints them. */
export const CHECKS: readonly Check[] = [
  { name: "registration-unique", rule: "one registration per player per tournament", run: checkRegistrationUnique },
  { name: "registration-status", rule: "registration rows are registered, withdrawn or rejected", run: checkRegistrationStatus },
  { name: "registration-format", rule: "registration rows fit their tournament's format", run: checkRegistrationFormat },
  {
    name: "registration-flags",
    rule: "captain, representative, opt-out and check-in marks on the right rows",
    run: checkRegistrationFlags,
  },
  { name: "squad-format", rule: "squads only in squad tournaments", run: checkSquadFormat },
  { name: "squad-size", rule: "registered squads within maximum_team_size", run: checkSquadSize },
  { name: "squad-status", rule: "withdrawn and rejected squads have no registered members", run: checkSquadStatus },
  { name: "squad-captain", rule: "one captain per registered squad, never two", run: checkSquadCaptain },
  { name: "squad-invitation", rule: "open invitations to registered squads of unregistered players", run: checkSquadInvitations },
  {
    name: "team-registration-format",
    rule: "team registrations in team tournaments, secondary team not the primary",
    run: checkTeamRegistrationFormat,
  },
  {
    name: "team-registration-once",
    rule: "a team in at most one registered team registration per tournament",
    run: checkTeamRegistrationOnce,
  },
  { name: "team-member-rows", rule: "member rows belong to their team's registration", run: checkTeamMemberRows },
  { name: "representative-count", rule: "at most 3 representatives per team registration", run: checkRepresentativeCount },
  { name: "representative-not-leader", rule: "a team leader is never a representative", run: checkRepresentativeNotLeader },
  { name: "representative-state", rule: "representatives registered and not opted out", run: checkRepresentativeState },
  { name: "placement-list", rule: "placement lists as the editor saves them (ties, DQ, order)", run: checkPlacementLists },
  { name: "placement-entrant", rule: "placements name entrants of their tournament", run: checkPlacementEntrants },
  { name: "membership-intervals", rule: "memberships never overlap in one team or one category", run: checkMembershipIntervals },
  { name: "membership-role", rule: "a member is never both leader and manager", run: checkMembershipRoles },
  { name: "team-leader", rule: "a team with members has a leader", run: checkTeamLeaders },
  { name: "transfer-membership", rule: "accepted transfers match the memberships", run: checkTransferMemberships },
  { name: "transfer-state", rule: "transfer statuses and decision dates agree", run: checkTransferStates },
  { name: "ban-flags", rule: "banned flags, open bans and account states agree", run: checkBanFlags },
  { name: "profile-change", rule: "profile change states; one pending change per field", run: checkProfileChanges },
  { name: "team-claim", rule: "one pending claim per team and account", run: checkTeamClaims },
  { name: "tournament-settings", rule: "tournament sizes, dates, game and check-in settings", run: checkTournamentSettings },
];

/** Runs every check (or those named in `only`) in order; only SELECTs. */
export async function runChecks(db: Db, only?: readonly string[]): Promise<{ checks: number; violations: Violation[] }> {
  const chosen = only ? CHECKS.filter((c) => only.includes(c.name)) : CHECKS;
  const violations: Violation[] = [];
  for (const c of chosen) violations.push(...(await c.run(db)));
  return { checks: chosen.length, violations };
}

/** One violation as a line: the check, what is wrong, and the ids (null ids left out). */
export function formatViolation(v: Violation): string {
  const ids = Object.entries(v.ids)
    .filter(([, id]) => id !== null)
    .map(([k, id]) => `${k.replace(/_/g, " ")} ${id}`)
    .join(", ");
  return `${v.check}: ${v.message} (${ids})`;
}
