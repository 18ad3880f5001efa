import { type GameModeKey, LANGUAGES } from "@site/contract";
import { makeTag, makeTeamName } from "./names.js";
import { CATEGORY_WEIGHTS, type PlayerRec, type TeamRec, type TransferRec } from "./model.js";
import { DAY, HOUR, Rng, YEAR } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import { TEAM_DESCRIPTIONS } from "./words.js";
import type { Writer } from "./writer.js";

/** Teams (with organisations of sister teams) and their rows; rosters are built in rosters.ts. */

const OTHER_LANGUAGE_NAMES = ["Japanese", "Italian", "Dutch", "Korean", "Polish", "Swedish"];

export function generateTeams(cfg: ScaleConfig, now: number): TeamRec[] {
  const rng = new Rng("teams");
  const mkworldEra = now - 520 * DAY;
  const names = new Set<string>();
  const tags = new Set<string>();
  const baseCount = Math.round(cfg.teams * 0.92);
  const teams: TeamRec[] = [];
  for (let i = 0; i < baseCount; i++) {
    const cat = rng.weighted(CATEGORY_WEIGHTS);
    const name = makeTeamName(rng, names);
    const language = rng.weighted<string>([
      ["en", 55],
      ["fr", 12],
      ["es", 10],
      ["de", 6],
      ["pt", 4],
      ["other", 5],
      ["", 8],
    ]);
    teams.push({
      id: 0,
      name,
      tag: makeTag(rng, name, tags, cat),
      color: rng.int(1, 40),
      cat,
      // Older games' teams mostly formed in their heyday, years ago.
      created:
        cat === "mkworld_150"
          ? rng.time(mkworldEra, now - HOUR)
          : now - 6 * YEAR + Math.floor((6 * YEAR - HOUR) * Math.pow(rng.next(), 1.5)),
      status: "approved",
      historical: false,
      shadow: false,
      disbandAt: 0,
      primary: null,
      recruitment: rng.weighted([
        ["recruiting", 50],
        ["invite_only", 25],
        ["closed", 25],
      ] as const),
      language,
      languageName: language === "other" ? rng.pick(OTHER_LANGUAGE_NAMES) : language ? LANGUAGES[language as keyof typeof LANGUAGES] : "",
      description: rng.chance(0.75) ? rng.pick(TEAM_DESCRIPTIONS)(name) : "",
      nameChangedAt: null,
      members: [],
    });
  }
  // Statuses: new teams wait for approval; a few were turned down.
  const order = rng.shuffle([...teams]);
  const unapproved = Math.round(baseCount * 0.06);
  const disapproved = Math.round(baseCount * 0.03);
  order.slice(0, unapproved).forEach((t) => {
    t.status = "unapproved";
    t.created = now - rng.time(HOUR, 21 * DAY);
  });
  order.slice(unapproved, unapproved + disapproved).forEach((t) => {
    t.status = "disapproved";
    t.created = now - rng.time(5 * DAY, 120 * DAY);
  });
  const rest = order.slice(unapproved + disapproved);
  const oldEnough = rest.filter((t) => t.cat !== "mkworld_150" && t.created < now - 400 * DAY);
  oldEnough.slice(0, cfg.historicalTeams).forEach((t) => {
    t.historical = true;
    t.recruitment = "closed";
    t.disbandAt = rng.time(t.created + 180 * DAY, now - 60 * DAY);
  });
  rest
    .filter((t) => !t.historical)
    .slice(0, cfg.shadowTeams)
    .forEach((t) => (t.shadow = true));
  for (const t of rest) if (!t.historical && rng.chance(0.05)) t.nameChangedAt = rng.time(t.created, now);

  // Organisations: sister teams in other categories share name, tag and colour and point at
  // the primary team. They are created later, so the primary always has the lower id.
  const primaries = rest.filter((t) => !t.historical && !t.shadow);
  const orgCats = new Map<TeamRec, Set<GameModeKey>>();
  for (let made = 0, guard = 0; made < cfg.teams - baseCount && guard < cfg.teams * 20; guard++) {
    const p = rng.pick(primaries);
    const cats = orgCats.get(p) ?? new Set([p.cat]);
    const cat = rng.weighted(CATEGORY_WEIGHTS);
    if (cats.has(cat)) continue;
    const lo = Math.max(p.created + DAY, cat === "mkworld_150" ? mkworldEra : 0);
    if (lo >= now - HOUR) continue;
    cats.add(cat);
    orgCats.set(p, cats);
    teams.push({
      ...p,
      cat,
      created: rng.time(lo, now - HOUR),
      primary: p,
      nameChangedAt: null,
      members: [],
      description: p.description,
    });
    made++;
  }
  teams.sort((a, b) => a.created - b.created);
  teams.forEach((t, i) => (t.id = i + 1));
  return teams;
}

/**
 * Team rows (with the old names of renamed teams), memberships and transfers. `rng` and
 * `usedNames` are the "team-rows" stream that writeModerationQueues goes on consuming.
 */
export function writeTeams(
  w: Writer,
  rng: Rng,
  usedNames: Set<string>,
  players: PlayerRec[],
  teams: TeamRec[],
  transfers: TransferRec[],
): void {
  let historyId = players.filter((p) => p.oldName).length;
  for (const t of teams) {
    w.add("teams", {
      id: t.id,
      team_name: t.name,
      team_tag: t.tag,
      team_color: t.color,
      logo_upload_id: null,
      recruitment_status: t.recruitment,
      team_description: t.description,
      main_language: t.language,
      language_name: t.languageName,
      category: t.cat,
      primary_team_id: t.primary?.id ?? null,
      team_status: t.status,
      is_historical: t.historical ? 1 : 0,
      is_shadow: t.shadow ? 1 : 0,
      created_at: t.created,
      name_changed_at: t.nameChangedAt,
    });
    if (t.nameChangedAt) {
      w.add("name_history", {
        id: ++historyId,
        table_name: "teams",
        field_name: "team_name",
        row_id: t.id,
        from_value: makeTeamName(rng, usedNames),
        to_value: t.name,
        changed_at: t.nameChangedAt,
      });
    }
  }
  const memberships = teams.flatMap((t) => t.members.map((m) => ({ team: t, m })));
  memberships.sort((a, b) => a.m.joined - b.m.joined);
  memberships.forEach(({ team, m }, i) =>
    w.add("team_memberships", {
      id: i + 1,
      team_id: team.id,
      player_id: m.pid,
      is_leader: m.leader ? 1 : 0,
      is_manager: m.manager ? 1 : 0,
      joined_at: m.joined,
      left_at: m.left,
    }),
  );
  transfers.forEach((e, i) =>
    w.add("transfers", {
      id: i + 1,
      player_id: e.pid,
      from_team_id: e.from?.id ?? null,
      to_team_id: e.to?.id ?? null,
      category: e.cat,
      status: e.status,
      created_at: e.at,
      decided_at: e.decidedAt,
    }),
  );
}
