import { makeHandle, makeTag, makeTeamName } from "./names.js";
import { DEMO_USERS, type People, type PlayerRec, type TeamRec } from "./model.js";
import { DAY, HOUR, type Rng, YEAR } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import type { Writer } from "./writer.js";

/**
 * The moderation queues: claims on historical teams and player/team name and tag change
 * requests (pending ones plus some decided). Goes on with writeTeams' "team-rows" stream
 * (`rng`, `usedNames`), so it must run right after it.
 */
export function writeModerationQueues(
  w: Writer,
  rng: Rng,
  usedNames: Set<string>,
  cfg: ScaleConfig,
  now: number,
  players: PlayerRec[],
  people: People,
  teams: TeamRec[],
): void {
  // Claims on historical teams (someone wants to revive the old team).
  const accounts = people.users.filter((u) => u.id > DEMO_USERS.length && u.state === "active");
  const historical = teams.filter((t) => t.historical);
  const claimed = new Set<string>();
  for (let i = 0; i < Math.min(cfg.pendingClaims, historical.length); i++) {
    let team = rng.pick(historical);
    let user = rng.pick(accounts);
    // One pending claim per team and account (team-claims.service refuses a second).
    for (let tries = 0; claimed.has(`${team.id}:${user.id}`) && tries < 20; tries++) {
      team = rng.pick(historical);
      user = rng.pick(accounts);
    }
    if (claimed.has(`${team.id}:${user.id}`)) continue;
    claimed.add(`${team.id}:${user.id}`);
    w.add("team_claims", {
      id: claimed.size,
      team_id: team.id,
      user_id: user.id,
      status: "pending",
      created_at: now - rng.time(HOUR, 14 * DAY),
      decided_at: null,
    });
  }

  // Name and tag change requests: pending ones for the moderation queue (one per row and field,
  // as the saves refuse a second; the second pending team change is a tag change, so the queue
  // shows both kinds) plus some decided.
  const withAccounts = players.filter((p) => p.userId !== null && !p.demo);
  const leaderUser = new Map<number, number>();
  for (const t of teams) {
    const leader = t.members.find((m) => m.leader && m.left === null);
    const user = leader ? players[leader.pid - 1]?.userId : null;
    if (user) leaderUser.set(t.id, user);
  }
  const ledTeams = teams.filter((t) => leaderUser.has(t.id) && t.status === "approved" && !t.historical);
  let changeId = 0;
  let pendingTeamChanges = 0;
  const pendingKeys = new Set<string>();
  const decided = ["approved", "declined"] as const;
  for (let i = 0; i < cfg.pendingProfileChanges * 2; i++) {
    const pending = i < cfg.pendingProfileChanges;
    const created = pending ? now - rng.time(HOUR, 10 * DAY) : now - rng.time(15 * DAY, YEAR);
    const status = pending ? "pending" : rng.pick(decided);
    const decidedFields = pending
      ? { decided_by_user_id: null, decided_at: null }
      : { decided_by_user_id: 2, decided_at: created + rng.time(HOUR, 3 * DAY) };
    if (i % 2 === 0 || ledTeams.length === 0) {
      let p = rng.pick(withAccounts);
      for (let tries = 0; pending && pendingKeys.has(`players:${p.id}:display_name`) && tries < 20; tries++) p = rng.pick(withAccounts);
      if (pending && pendingKeys.has(`players:${p.id}:display_name`)) continue;
      if (pending) pendingKeys.add(`players:${p.id}:display_name`);
      w.add("profile_changes", {
        id: ++changeId,
        table_name: "players",
        field_name: "display_name",
        row_id: p.id,
        from_value: p.name,
        to_value: makeHandle(rng, p.country, usedNames),
        status,
        requested_by_user_id: p.userId,
        created_at: created,
        ...decidedFields,
      });
    } else {
      let t = rng.pick(ledTeams);
      const tagChange = rng.chance(0.4) || (pending && pendingTeamChanges === 1);
      const field = tagChange ? "team_tag" : "team_name";
      for (let tries = 0; pending && pendingKeys.has(`teams:${t.id}:${field}`) && tries < 20; tries++) t = rng.pick(ledTeams);
      if (pending && pendingKeys.has(`teams:${t.id}:${field}`)) continue;
      if (pending) {
        pendingKeys.add(`teams:${t.id}:${field}`);
        pendingTeamChanges++;
      }
      w.add("profile_changes", {
        id: ++changeId,
        table_name: "teams",
        field_name: field,
        row_id: t.id,
        from_value: tagChange ? t.tag : t.name,
        to_value: tagChange ? makeTag(rng, makeTeamName(rng, usedNames), new Set(), "x") : makeTeamName(rng, usedNames),
        status,
        requested_by_user_id: leaderUser.get(t.id)!,
        created_at: created,
        ...decidedFields,
      });
    }
  }
}
