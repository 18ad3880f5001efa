import { GAME_MODES, GAMES, EVENT_FORMAT } from "@site/contract";
import { demoPlayers, type Entrant, leaderTeamOf, type PlayerRec, type TeamRec, type TournamentFull } from "./model.js";
import { makeTag, makeTeamName } from "./names.js";
import { addHistoricalPlacements, addPlacements } from "./placements.js";
import { DAY, HOUR, MIN, Rng } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import { registerTeams } from "./team-registrations.js";
import type { EntryIds, ForcedDone, RegExtra, TournamentEntries } from "./entries.js";
import type { Writer } from "./writer.js";

/**
 * Registrations for every dated or dateless tournament, squads and team registrations, and
 * placements for every finished one. Returns the number of registration rows. Streams rows
 * through the writer so the large scale does not hold 500,000 registrations in memory.
 */
export async function writeEntries(
  w: Writer,
  cfg: ScaleConfig,
  now: number,
  players: PlayerRec[],
  teams: TeamRec[],
  tournaments: TournamentFull[],
): Promise<number> {
  const rng = new Rng("entries");
  const showcase = new Rng("showcase");
  // Players are sorted by creation time, so "players who existed at time x" is a prefix.
  const eligibleCount = (at: number) => {
    let lo = 0;
    let hi = players.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (players[mid]!.created < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const demo = demoPlayers(players);
  const leaderTeam = leaderTeamOf(teams, players);
  const teamsByCat = new Map<string, TeamRec[]>();
  for (const t of teams) {
    if (t.status !== "approved" || t.shadow) continue;
    teamsByCat.set(t.cat, [...(teamsByCat.get(t.cat) ?? []), t]);
  }
  const ids: EntryIds = { reg: 0, squad: 0, teamReg: 0, placement: 0, invitation: 0 };
  const forcedDone: ForcedDone = { solo: false, squad: false, team: false };

  for (const t of tournaments) {
    if (t.kind === "historical") {
      addHistoricalPlacements(w, rng, t, players, teamsByCat.get(t.mode) ?? [], ids);
      continue;
    }
    const fcType = GAMES_FC[GAME_MODES[t.mode].game];
    const fcOk = (p: PlayerRec) =>
      fcType === null || (fcType === "switch" ? p.switchFc : fcType === "nnid" ? p.nnid : fcType === "3ds" ? p.fc3ds : p.mktFc) !== null;
    const lo = t.kind === "past" || t.kind === "ongoing" ? Math.max(t.created, t.start! - 21 * DAY) : t.created;
    const hi = t.kind === "past" || t.kind === "ongoing" ? Math.min(t.start! - 15 * MIN, now - MIN) : now - MIN;
    const regAt = () => rng.time(lo, Math.max(lo + MIN, hi));
    const taken = new Set<number>();
    const take = (p: PlayerRec) => {
      taken.add(p.id);
      return p;
    };
    const samplePlayer = (at: number): PlayerRec | null => {
      const k = eligibleCount(at);
      for (let tries = 0; tries < 40 && k > 0; tries++) {
        const p = players[Math.floor(rng.next() * k)]!;
        if (taken.has(p.id) || (p.banned && t.kind !== "past")) continue;
        if (p.shadow && !rng.chance(0.1)) continue;
        if (!fcOk(p) && !rng.chance(0.25)) continue;
        return take(p);
      }
      return null;
    };
    const openForDemo = t.kind === "upcoming" && t.published && t.registrationsOpen;
    const checkinOpen = t.checkinRequired && t.kind === "upcoming" && t.registrationsOpen && t.start !== null && t.start - now < 3 * DAY;
    const played = t.kind === "past" || t.kind === "ongoing";
    let factor = 1;
    if (t.kind === "upcoming") factor = t.published ? 0.25 + rng.next() * 0.55 : 0;
    else if (t.kind === "nodate") factor = 0.3;
    const status = () =>
      played
        ? rng.weighted([
            ["registered", 90],
            ["withdrawn", 7],
            ["rejected", 3],
          ] as const)
        : rng.weighted([
            ["registered", 95],
            ["withdrawn", 5],
          ] as const);
    const checkedIn = () => (t.checkinRequired ? (played ? rng.chance(0.88) : checkinOpen && rng.chance(0.4)) : false);
    const verified = () => (t.verificationRequired ? (played || rng.chance(0.6) ? 1 : 0) : 0);
    const mii = (p: PlayerRec, tag: string) =>
      t.miiRequired ? `${tag ? `${tag} ` : ""}${p.name.replace(/\s+/g, "")}`.slice(0, t.miiMax) : null;
    const reg = (p: PlayerRec, at: number, st: string, extra: RegExtra) =>
      w.add("registrations", {
        id: ++ids.reg,
        tournament_id: t.id,
        player_id: p.id,
        status: st,
        squad_id: extra.squad ?? null,
        team_id: extra.team ?? null,
        is_captain: extra.captain ? 1 : 0,
        is_representative: extra.rep ? 1 : 0,
        // A representative is never opted out (opting out drops the flag, 001 §4).
        opted_out: extra.team && (rng.chance(0.03) || extra.optOut) && !extra.rep ? 1 : 0,
        mii_name: mii(p, extra.tag ?? ""),
        can_host: t.hostRequired && rng.chance(0.3) ? 1 : 0,
        checked_in: extra.checked ? 1 : 0,
        verified: verified(),
        custom_field: null,
        registered_at: at,
      });
    const entrants: Entrant[] = [];

    const e: TournamentEntries = {
      w,
      rng,
      showcase,
      cfg,
      t,
      players,
      ids,
      entrants,
      taken,
      hi,
      played,
      openForDemo,
      checkinOpen,
      factor,
      regAt,
      take,
      samplePlayer,
      status,
      checkedIn,
      verified,
      reg,
    };
    if (t.format === EVENT_FORMAT.solo) registerSolo(e, demo, forcedDone);
    else if (t.format === EVENT_FORMAT.squad) registerSquads(e, demo, forcedDone);
    else registerTeams(e, teamsByCat, leaderTeam, forcedDone);

    if (t.kind === "past" && entrants.length > 0) addPlacements(w, rng, t, entrants, ids);
    await w.flushIfFull();
  }
  return ids.reg;
}

/** fc_type of each game, read from the contract; null means the game has no friend code. */
const GAMES_FC: Record<string, string | null> = Object.fromEntries(Object.entries(GAMES).map(([k, g]) => [k, g.fc_type]));

/** A solo event: the demo players first in the first open one, then sampled players. */
function registerSolo(e: TournamentEntries, demo: PlayerRec[], forcedDone: ForcedDone): void {
  const { rng, cfg, t, entrants, openForDemo, checkinOpen, factor, regAt, take, samplePlayer, status, checkedIn, reg } = e;
  const forced = openForDemo && !forcedDone.solo ? [demo[5]!, demo[4]!, demo[3]!] : [];
  if (forced.length) forcedDone.solo = true;
  for (const p of forced) reg(take(p), regAt(), "registered", { checked: checkinOpen });
  const n = Math.round(rng.int(20, 120) * cfg.entrantScale * factor);
  for (let i = 0; i < n; i++) {
    const at = regAt();
    const p = samplePlayer(at);
    if (!p) continue;
    const st = status();
    const checked = checkedIn();
    reg(p, at, st, { checked });
    if (st === "registered" && (!t.checkinRequired || checked)) entrants.push({ type: "player", id: p.id });
  }
}

/**
 * A squad event: squads of sampled players. In the first open one leader@ and player@ captain
 * the first squad, the second squad is full (maximum_team_size members) and the third is one
 * member short of the minimum with an invitation out (001 §5 Squad rules: registered, but not
 * yet eligible). Elsewhere a few teammates of open events have not answered their invitation yet.
 */
function registerSquads(e: TournamentEntries, demo: PlayerRec[], forcedDone: ForcedDone): void {
  const { w, rng, cfg, t, ids, entrants, hi, played, openForDemo, factor, regAt, take, samplePlayer, status, checkedIn, verified, reg } = e;
  const demoEvent = openForDemo && !forcedDone.squad;
  if (demoEvent) forcedDone.squad = true;
  const count = t.featured
    ? Math.max(24, Math.round(rng.int(24, 36) * cfg.entrantScale))
    : Math.max(demoEvent ? 3 : 0, Math.round(rng.int(10, 36) * cfg.entrantScale * factor));
  for (let s = 0; s < count; s++) {
    const at = regAt();
    const forceDemo = demoEvent && s === 0;
    const forceFull = demoEvent && s === 1;
    const forceShort = demoEvent && s === 2 && t.minSize >= 2;
    const drawn = rng.chance(0.7) ? t.maxSize : rng.int(t.minSize, t.maxSize);
    const size = forceFull ? t.maxSize : forceShort ? t.minSize - 1 : drawn;
    const members: PlayerRec[] = forceDemo ? [take(demo[3]!), take(demo[5]!)] : [];
    for (let tries = 0; members.length < size && tries < size * 3; tries++) {
      const p = samplePlayer(at);
      if (p) members.push(p);
    }
    if (members.length < (forceShort ? size : t.minSize)) continue;
    const name = t.teamNameRequired || rng.chance(0.5) ? makeTeamName(rng, new Set()).slice(0, 30) : `Squad ${s + 1}`;
    const tag = t.teamTagRequired || rng.chance(0.3) ? makeTag(rng, name, new Set(), "squad") : "";
    const st = forceDemo || forceFull || forceShort ? "registered" : status();
    const squadId = ++ids.squad;
    w.add("squads", {
      id: squadId,
      tournament_id: t.id,
      squad_name: name,
      squad_tag: tag,
      squad_color: rng.int(1, 40),
      status: st,
      verified: verified(),
      created_at: at,
    });
    const invite = (p: PlayerRec, created: number) =>
      w.add("squad_invitations", {
        id: ++ids.invitation,
        tournament_id: t.id,
        squad_id: squadId,
        player_id: p.id,
        invited_by: members[0]!.id,
        created_at: created,
      });
    members.forEach((p, i) => {
      // Teammates accept their invitations a little after the captain registers.
      const memberAt = i === 0 ? at : Math.min(at + rng.time(MIN, 2 * DAY), Math.max(at, hi));
      // Only accounts in good standing can be invited (squads.service invite).
      const pending =
        st === "registered" &&
        !played &&
        i > 0 &&
        !forceDemo &&
        !forceFull &&
        !forceShort &&
        rng.chance(0.05) &&
        p.userId !== null &&
        !p.banned;
      if (pending) invite(p, memberAt);
      else reg(p, memberAt, st, { squad: squadId, captain: i === 0, tag, checked: st === "registered" && checkedIn() });
    });
    if (forceShort) {
      const p = samplePlayer(at);
      if (p && p.userId !== null && !p.banned) invite(p, Math.min(at + HOUR, Math.max(at, hi)));
    }
    if (st === "registered") entrants.push({ type: "squad", id: squadId });
  }
}
