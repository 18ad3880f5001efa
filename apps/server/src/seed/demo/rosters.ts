import { type GameModeKey, TEAM_CATEGORY_KEYS } from "@site/contract";
import { demoPlayers, leaderTeamOf, type PlayerRec, type TeamRec, type TransferRec } from "./model.js";
import { DAY, HOUR, MIN, Rng, YEAR } from "./rng.js";
import type { ScaleConfig } from "./scale.js";

/**
 * Builds every roster over time and returns the transfer history that matches it: each
 * accepted transfer's from-team membership ends (left_at) and its to-team membership starts
 * (joined_at) at the transfer's created_at. A player has at most one active membership per
 * category, and stints of one player in one category never overlap.
 */
export function simulateRosters(cfg: ScaleConfig, now: number, players: PlayerRec[], teams: TeamRec[]): TransferRec[] {
  const rng = new Rng("rosters");
  const events: TransferRec[] = [];
  const demo = demoPlayers(players);
  const leaderTeam = leaderTeamOf(teams, players);
  const pickTeam = (cat: GameModeKey, not: TeamRec[]) =>
    teams.find(
      (t) => t.cat === cat && t.status === "approved" && !t.historical && !t.shadow && !not.includes(t) && t.created < now - 30 * DAY,
    );
  const forced = new Map<TeamRec, Array<{ p: PlayerRec; leader: boolean }>>();
  const force = (t: TeamRec | undefined, p: PlayerRec, leader: boolean) => {
    if (t) forced.set(t, [...(forced.get(t) ?? []), { p, leader }]);
  };
  force(leaderTeam, demo[3]!, true);
  force(pickTeam("mkworld_150", [leaderTeam]), demo[4]!, false);
  force(pickTeam("mk8dx_150", []), demo[5]!, false);
  force(pickTeam("mk8dx_200", []), demo[0]!, false);

  const shadowPool = rng.shuffle(players.filter((p) => p.shadow));
  let shadowCursor = 0;

  for (const cat of TEAM_CATEGORY_KEYS) {
    const catTeams = teams.filter((t) => t.cat === cat);
    const movable = catTeams.filter((t) => t.status === "approved" && !t.historical && !t.shadow);
    const active = new Set<number>();
    const firstStart = new Map<number, number>();
    // Demo players only join the teams chosen for them above, so their profiles stay predictable.
    const pool = rng.shuffle(players.filter((p) => !p.shadow && !p.banned && !p.demo && p.cats.includes(cat)));
    let cursor = 0;

    for (const team of catTeams) {
      if (team.historical) continue;
      const size = team.shadow
        ? rng.int(2, 5)
        : team.status === "approved"
          ? rng.int(cfg.rosterMin, cfg.rosterMax)
          : team.status === "unapproved"
            ? rng.int(1, 3)
            : 1;
      // Forced leaders first (founders), forced plain members after the founder.
      const forcedHere = forced.get(team) ?? [];
      const chosen = forcedHere.filter((f) => f.leader);
      const forcedMembers = forcedHere.filter((f) => !f.leader);
      while (chosen.length < size - forcedMembers.length) {
        if (team.shadow) {
          const p = shadowPool[shadowCursor++ % Math.max(1, shadowPool.length)];
          if (!p || active.has(p.id)) break;
          chosen.push({ p, leader: chosen.length === 0 });
          continue;
        }
        if (cursor >= pool.length) break;
        // The founder should predate the team, and most of a roster should have been around
        // when it formed (otherwise old teams had no roster in old team tournaments).
        if (chosen.length === 0 || rng.chance(0.8)) {
          const before = chosen.length === 0 ? team.created : team.created + 30 * DAY;
          for (let j = cursor; j < Math.min(pool.length, cursor + 80); j++) {
            if (pool[j]!.created < before) {
              [pool[cursor], pool[j]] = [pool[j]!, pool[cursor]!];
              break;
            }
          }
        }
        chosen.push({ p: pool[cursor++]!, leader: chosen.length === 0 });
      }
      chosen.push(...forcedMembers);
      if (chosen.length > 2 && !chosen.some((c, i) => i > 0 && c.leader) && !chosen[1]!.p.demo && rng.chance(0.35)) {
        chosen[1]!.leader = true;
      }
      const managerIndex = chosen.length > 3 && rng.chance(0.15) ? chosen.length - 1 : -1;

      chosen.forEach(({ p, leader }, i) => {
        active.add(p.id);
        const founder = i === 0 && p.created < team.created;
        const base = Math.min(Math.max(team.created, p.created) + rng.int(1, 72) * HOUR, now - MIN);
        let joined: number;
        const r = rng.next();
        if (founder) joined = team.created;
        // Most of a roster forms in the team's first weeks; the rest trickles in since,
        // with a few arrivals in the last weeks (the recent transfers).
        else if (r < 0.55) joined = Math.min(base + rng.time(0, 45 * DAY), now - MIN);
        else if (r < 0.58) joined = Math.max(base, now - rng.time(HOUR, 40 * DAY));
        else joined = Math.floor(base + (now - MIN - base) * rng.next());
        team.members.push({ pid: p.id, joined, left: null, leader, manager: i === managerIndex });
        if (team.shadow) return;

        // Earlier teams of this player in this category, newest first.
        let cur = team;
        let curStart = joined;
        for (let depth = 0; depth < 3 && !p.demo && rng.chance(depth === 0 ? 0.35 : 0.25); depth++) {
          const latest = curStart - 14 * DAY;
          let prev: TeamRec | undefined;
          for (let tries = 0; tries < 6 && !prev; tries++) {
            const c = movable[Math.floor(rng.next() * movable.length)];
            if (c && c !== cur && c.created < latest - DAY && Math.max(c.created, p.created) < latest) prev = c;
          }
          if (!prev) break;
          const start = rng.time(Math.max(prev.created, p.created), latest);
          prev.members.push({ pid: p.id, joined: start, left: curStart, leader: false, manager: false });
          events.push({ pid: p.id, from: prev, to: cur, cat, at: curStart, status: "accepted", decidedAt: curStart });
          cur = prev;
          curStart = start;
        }
        if (!(founder && cur === team))
          events.push({ pid: p.id, from: null, to: cur, cat, at: curStart, status: "accepted", decidedAt: curStart });
        firstStart.set(p.id, curStart);
      });
    }

    // Free agents: played for a team, left, teamless now (some left in the last weeks).
    const freeAgents = Math.round(active.size * 0.15);
    for (let k = 0; k < freeAgents && cursor < pool.length; k++) {
      const p = pool[cursor++]!;
      const t = movable[Math.floor(rng.next() * movable.length)];
      if (!t) break;
      const lo = Math.max(t.created, p.created);
      if (lo > now - 10 * DAY) continue;
      const joined = rng.time(lo, now - 9 * DAY);
      const left = rng.chance(0.15) ? rng.time(Math.max(joined + DAY, now - 30 * DAY), now - HOUR) : rng.time(joined + DAY, now - HOUR);
      t.members.push({ pid: p.id, joined, left, leader: false, manager: false });
      events.push({ pid: p.id, from: null, to: t, cat, at: joined, status: "accepted", decidedAt: joined });
      events.push({ pid: p.id, from: t, to: null, cat, at: left, status: "accepted", decidedAt: left });
      firstStart.set(p.id, joined);
    }

    // Historical teams: whole rosters that ended when the team disbanded, before the
    // members' later careers in this category began.
    for (const team of catTeams) {
      if (!team.historical) continue;
      const size = rng.int(4, 8);
      const end = team.disbandAt;
      for (let tries = 0; tries < 80 && team.members.length < size && pool.length > 0; tries++) {
        const p = pool[Math.floor(rng.next() * pool.length)]!;
        const fs = firstStart.get(p.id);
        if ((fs !== undefined && fs <= end + DAY) || p.created >= end - 30 * DAY) continue;
        const lo = Math.max(team.created, p.created);
        if (lo >= end - 7 * DAY) continue;
        const founder = team.members.length === 0 && p.created < team.created;
        const joined = founder ? team.created : rng.time(lo, end - 7 * DAY);
        team.members.push({ pid: p.id, joined, left: end, leader: team.members.length === 0, manager: false });
        if (!founder) events.push({ pid: p.id, from: null, to: team, cat, at: joined, status: "accepted", decidedAt: joined });
        events.push({ pid: p.id, from: team, to: null, cat, at: end, status: "accepted", decidedAt: end });
        firstStart.set(p.id, joined);
      }
    }

    // Invitations not answered yet, and a few old declined or cancelled ones.
    const invites = Math.max(1, Math.round((cfg.pendingInvites * catTeams.length) / teams.length));
    for (let k = 0; k < invites * 3; k++) {
      const p = pool[Math.floor(rng.next() * pool.length)];
      const t = movable[Math.floor(rng.next() * movable.length)];
      if (!p || !t || active.has(p.id)) continue;
      if (k < invites)
        events.push({ pid: p.id, from: null, to: t, cat, at: now - rng.time(HOUR, 6 * DAY), status: "invited", decidedAt: null });
      else {
        const at = now - rng.time(7 * DAY, YEAR);
        if (at < Math.max(t.created, p.created)) continue;
        events.push({
          pid: p.id,
          from: null,
          to: t,
          cat,
          at,
          status: rng.chance(0.6) ? "declined" : "cancelled",
          decidedAt: at + rng.time(HOUR, 3 * DAY),
        });
      }
    }
  }
  // player@ has an open invitation from leader@'s team, so the demo can accept one.
  events.push({ pid: demo[5]!.id, from: null, to: leaderTeam, cat: leaderTeam.cat, at: now - 2 * DAY, status: "invited", decidedAt: null });

  // Only part of the moves are on record (the old site logged few of them), recent ones more.
  const trackRng = new Rng("transfer-tracking");
  const kept = events.filter((e) => {
    if (e.status !== "accepted") return true;
    if (e.at >= now - 60 * DAY) return trackRng.chance(0.5);
    return trackRng.chance(e.at >= now - YEAR ? Math.min(1, cfg.transferTracking * 2.5) : cfg.transferTracking);
  });
  kept.sort((a, b) => a.at - b.at);
  return kept;
}
