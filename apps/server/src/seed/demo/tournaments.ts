import { GAME_MODES, type GameModeKey, EVENT_FORMAT } from "@site/contract";
import type { Insertable } from "kysely";
import type { DB } from "../../db/schema.js";
import type { SeriesFull, TournamentFull, TournamentKind } from "./model.js";
import { DAY, HOUR, Rng, YEAR } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import { LAN_VENUES, POST_REGISTRATION_MESSAGES, RULES_TEXT, TEAM_ADJECTIVES, TOURNAMENT_DESCRIPTIONS } from "./words.js";

/** Tournaments: historical, past, ongoing, upcoming and dateless events, some in series; ids follow creation time. */

const SEASONS = ["Winter", "Winter", "Spring", "Spring", "Spring", "Summer", "Summer", "Summer", "Autumn", "Autumn", "Autumn", "Winter"];

function modeFor(rng: Rng, kind: TournamentKind, mkworldEra: boolean): GameModeKey {
  if (kind === "historical") {
    return rng.weighted<GameModeKey>([
      ["mkw_vs_race", 35],
      ["mk8u_150", 30],
      ["mk8u_200", 10],
      ["mk7_vs_race", 15],
      ["mk8dx_150", 10],
    ]);
  }
  if (mkworldEra) {
    return rng.weighted<GameModeKey>([
      ["mkworld_150", 55],
      ["mkworld_knockout", 12],
      ["mk8dx_150", 15],
      ["mk8dx_200", 8],
      ["mk8dx_battle_bobomb", 2],
      ["mk8dx_battle_coin", 2],
      ["mkw_vs_race", 3],
      ["smk_match_race", 1],
      ["switch_other", 2],
    ]);
  }
  return rng.weighted<GameModeKey>([
    ["mk8dx_150", 50],
    ["mk8dx_200", 20],
    ["mk8dx_battle_bobomb", 2],
    ["mk8dx_battle_renegade", 2],
    ["mk8dx_battle_coin", 2],
    ["mk8dx_battle_shine", 2],
    ["mk8dx_mixed", 4],
    ["mkw_vs_race", 8],
    ["mktour_vs_race", 4],
    ["mk7_vs_race", 2],
    ["mk8u_150", 2],
    ["smk_match_race", 1],
    ["switch_other", 1],
  ]);
}

export function generateTournaments(cfg: ScaleConfig, now: number, series: SeriesFull[]): TournamentFull[] {
  const rng = new Rng("tournaments");
  const c = cfg.tournaments;
  const mkworldEra = now - 520 * DAY;
  const pastCount = c.total - c.historical - c.noDate - c.ongoing - c.upcoming - 1;
  const kinds: TournamentKind[] = [
    ...Array<TournamentKind>(c.historical).fill("historical"),
    ...Array<TournamentKind>(c.noDate).fill("nodate"),
    ...Array<TournamentKind>(c.ongoing).fill("ongoing"),
    ...Array<TournamentKind>(c.upcoming).fill("upcoming"),
    ...Array<TournamentKind>(pastCount).fill("past"),
  ];
  const list: TournamentFull[] = kinds.map((kind) => makeTournament(rng, kind, now, mkworldEra, series, false));
  // The newest finished tournament feeds the home results panel: a published squad cup of
  // at most four players per squad, so the panel shows member names.
  list.push(makeTournament(rng, "past", now, mkworldEra, series, true));

  // Unpublished drafts: some upcoming, a past one that was never announced, a dateless one.
  const draftable = rng.shuffle(list.filter((t) => !t.featured && t.kind !== "historical"));
  draftable.slice(0, c.unpublished).forEach((t) => {
    t.published = false;
    t.registrationsOpen = false;
  });

  // The check-in window: the open solo or squad event starting soonest asks for check-ins and
  // starts in a day and a half, so its window is open (tournamentRow) while players check in.
  const soonest = list
    .filter((t) => t.kind === "upcoming" && t.published && t.registrationsOpen && t.format !== EVENT_FORMAT.team)
    .sort((a, b) => a.start! - b.start!)[0];
  if (soonest) {
    const duration = soonest.end! - soonest.start!;
    soonest.checkinRequired = true;
    soonest.start = now + 36 * HOUR;
    soonest.end = soonest.start + duration;
    soonest.created = Math.min(soonest.created, soonest.start - HOUR);
  }

  // The schedule (issue #17 §2): the open solo or squad events starting soonest after three
  // days, one with check-ins and one without, close registrations and run the check-in window on
  // their own, so their pages count down to it. Not the soonest event above (the times e2e
  // reads its single countdown), and nothing drawn from rng, so the rest of the data is unchanged.
  const later = list
    .filter((t) => t.kind === "upcoming" && t.published && t.registrationsOpen && t.format !== EVENT_FORMAT.team && t !== soonest)
    .filter((t) => t.start !== null && t.start - now > 3 * DAY)
    .sort((a, b) => a.start! - b.start!);
  for (const pick of [later.find((t) => t.checkinRequired), later.find((t) => !t.checkinRequired)]) if (pick) pick.scheduled = true;

  // Ids follow creation time like an autoincrement would; numbers (#n) follow start dates.
  list.sort((a, b) => a.created - b.created);
  list.forEach((t, i) => (t.id = i + 1));
  const counters = new Map<string, number>();
  const uses = new Map<string, number>();
  for (const t of list) uses.set(t.titleBase, (uses.get(t.titleBase) ?? 0) + 1);
  for (const t of [...list].sort((a, b) => (a.start ?? a.created) - (b.start ?? b.created))) {
    // "Nations Cup 2024" stays unnumbered unless two events share the name.
    if (!t.numbered && uses.get(t.titleBase)! < 2) continue;
    const n = (counters.get(t.titleBase) ?? 0) + 1;
    counters.set(t.titleBase, n);
    t.title = t.titleBase.endsWith("Season") ? `${t.titleBase} ${n}` : `${t.titleBase} #${n}`;
  }
  return list;
}

function makeTournament(
  rng: Rng,
  kind: TournamentKind,
  now: number,
  mkworldEraStart: number,
  series: SeriesFull[],
  featured: boolean,
): TournamentFull {
  // Dates first: they decide which games were being played.
  let start: number | null = null;
  if (kind === "historical") start = now - rng.time(6.3 * YEAR, 11 * YEAR);
  else if (kind === "past") start = featured ? now - 2 * DAY - 3 * HOUR : now - 3 * DAY - Math.floor(5 * YEAR * Math.pow(rng.next(), 1.6));
  else if (kind === "upcoming") start = now + rng.time(6 * HOUR, 70 * DAY);
  const inMkworld = start === null ? true : start >= mkworldEraStart;

  // A series, when one fits the era.
  let s: SeriesFull | null = null;
  if (!featured) {
    const fits = series.filter((x) =>
      kind === "historical"
        ? x.era === "historical"
        : x.era === "any" ||
          (x.era === "mkworld" && inMkworld) ||
          (x.era === "classic" && (start === null || start < mkworldEraStart + 60 * DAY)),
    );
    if (fits.length > 0 && kind !== "nodate" && rng.chance(kind === "historical" ? 0.6 : 0.5)) s = rng.pick(fits);
  }

  // A team series does not run before the registry had teams.
  if (s && s.format === EVENT_FORMAT.team && kind !== "historical" && start !== null && start <= now - 4.5 * YEAR) s = null;
  let mode: GameModeKey = featured ? "mkworld_150" : s ? s.mode : modeFor(rng, kind, inMkworld);
  if (s?.organizer === "lan" && inMkworld) mode = "mkworld_150";
  const isCategory = GAME_MODES[mode].category;
  let format: 0 | 1 | 2;
  if (featured) format = 2;
  else if (s) format = s.format;
  else if (kind === "historical") format = isCategory && rng.chance(0.5) ? 0 : 1;
  else if (kind === "nodate") format = 1;
  // Team events need a registry with rosters: none in the first years of the dataset.
  else if (isCategory && start !== null && start > now - 4.5 * YEAR)
    format = rng.weighted<0 | 1 | 2>([
      [1, 40],
      [2, 38],
      [0, 22],
    ]);
  else
    format = rng.weighted<0 | 1 | 2>([
      [1, 60],
      [2, 40],
    ]);

  const organizer = featured
    ? "mkc"
    : s
      ? s.organizer
      : rng.weighted<string>([
          ["mkc", 68],
          ["affiliate", 24],
          ["lan", 8],
        ]);
  const location = organizer === "lan" ? rng.pick(LAN_VENUES) : null;
  const isLeague = format === EVENT_FORMAT.team && rng.chance(0.6);
  let duration: number;
  if (featured) duration = 5 * HOUR;
  else if (organizer === "lan") duration = rng.int(1, 3) * DAY - 10 * HOUR;
  else if (isLeague) duration = rng.int(3, 8) * 7 * DAY;
  else if (rng.chance(0.2)) duration = 2 * DAY;
  else duration = rng.int(3, 6) * HOUR;

  let end: number | null = start === null ? null : start + duration;
  if (kind === "past" && !featured) {
    // Past events must end before the featured one (2 days ago); stretch back from the end.
    end = Math.min(end!, now - 3 * DAY);
    start = Math.min(start!, end - duration);
  }
  if (kind === "ongoing") {
    // Under way right now: started between an hour ago and (almost) its whole duration ago.
    start = now - rng.time(HOUR, Math.min(duration - HOUR, 12 * DAY));
    end = start + duration;
  }

  // Sizes and requirements.
  let minSize = 1;
  let maxSize = 1;
  if (format === EVENT_FORMAT.squad) {
    maxSize = featured
      ? 4
      : rng.weighted<number>([
          [2, 35],
          [3, 15],
          [4, 30],
          [6, 20],
        ]);
    minSize = featured ? 2 : maxSize <= 2 ? 2 : rng.pick([2, maxSize - 1, maxSize]);
  } else if (format === EVENT_FORMAT.team) {
    minSize = rng.weighted<number>([
      [4, 35],
      [5, 35],
      [6, 30],
    ]);
    maxSize = 12;
  }
  const abbrev = GAME_MODES[mode].abbrev;
  const startDate = start === null ? null : new Date(start);
  const season = startDate ? SEASONS[startDate.getUTCMonth()]! : "Open";
  const year = startDate ? startDate.getUTCFullYear() : 0;

  let titleBase: string;
  let numbered = true;
  if (featured) titleBase = `${abbrev} Squad Cup`;
  else if (s) titleBase = s.organizer === "lan" && location ? `${s.titleBase} ${location[0].split(",")[0]}` : s.titleBase;
  else if (kind === "nodate") {
    titleBase = rng.pick([`${abbrev} Ladder`, `${abbrev} Time Trial Challenge`, `${abbrev} Open Lobby Series`]);
  } else if (organizer === "lan" && location) {
    titleBase = `${location[0].split(",")[0]} Kart Open ${year}`;
    numbered = false;
  } else if (!GAME_MODES[mode].category && mode.startsWith("mk8dx_battle")) titleBase = `${abbrev} Battle Royale`;
  else if (format === EVENT_FORMAT.solo) {
    const r = rng.next();
    if (r < 0.45) titleBase = `${abbrev} ${season} Cup`;
    else if (r < 0.7) titleBase = `${abbrev} Weekly`;
    else if (r < 0.88) titleBase = `${rng.pick(TEAM_ADJECTIVES)} Cup`;
    else {
      titleBase = `${abbrev} Open ${year}`;
      numbered = false;
    }
  } else if (format === EVENT_FORMAT.squad) {
    const r = rng.next();
    if (r < 0.35) titleBase = `${mode.endsWith("200") ? "200cc" : abbrev} Squad Showdown`;
    else if (r < 0.6) titleBase = `${abbrev} ${maxSize}v${maxSize} Cup`;
    else if (r < 0.8) titleBase = maxSize === 2 ? "Duos Draft" : `${abbrev} Squad Cup`;
    else {
      titleBase = `${season} Squad Clash ${year}`;
      numbered = false;
    }
  } else {
    const r = rng.next();
    if (r < 0.4) titleBase = `${abbrev} Team Cup`;
    else if (r < 0.7) titleBase = isLeague ? "Clan Wars Season" : `${abbrev} War Cup`;
    else {
      titleBase = `Nations Cup ${year}`;
      numbered = false;
    }
  }
  if (kind === "historical" && !s) {
    titleBase = `${abbrev} ${rng.pick(["Invitational", "Championship", "Grand Prix", "Masters"])} ${year}`;
    numbered = false;
  }

  let created: number;
  if (kind === "historical") created = start! - rng.time(14 * DAY, 45 * DAY);
  else if (kind === "nodate") created = now - rng.time(30 * DAY, 2 * YEAR);
  else if (kind === "upcoming") created = Math.min(now - rng.time(HOUR, 40 * DAY), start! - HOUR);
  else created = Math.min(start! - rng.time(7 * DAY, 60 * DAY), now - HOUR);

  const solo = format === EVENT_FORMAT.solo;
  const teamEvent = format === EVENT_FORMAT.team;
  const checkinRequired = !teamEvent && rng.chance(0.35);
  const key = teamEvent ? "team" : solo ? "solo" : "squad";
  const histCount = kind === "historical" ? rng.int(8, 32) : 0;
  return {
    id: 0,
    kind,
    title: titleBase,
    titleBase,
    numbered,
    start,
    end,
    created,
    mode,
    format,
    minSize,
    maxSize,
    organizer,
    location,
    series: s,
    templateId: s && rng.chance(0.6) ? rng.pick(s.templateIds) : null,
    published: true,
    featured,
    registrationsOpen: kind === "nodate" || (kind === "upcoming" && rng.chance(0.9)) || (kind === "ongoing" && isLeague && rng.chance(0.5)),
    teamTagRequired: format === EVENT_FORMAT.squad && (featured || rng.chance(0.6)),
    teamNameRequired: format === EVENT_FORMAT.squad && rng.chance(0.4),
    hostRequired: !teamEvent && rng.chance(0.35),
    miiRequired: !teamEvent && rng.chance(0.4),
    miiMax: rng.pick([10, 10, 12]),
    checkinRequired,
    verificationRequired: rng.chance(0.08),
    prValue: teamEvent && rng.chance(0.4) ? rng.pick([10, 20, 30, 40]) : 0,
    description: rng.pick(TOURNAMENT_DESCRIPTIONS[key]),
    rules: rng.pick(RULES_TEXT),
    postMessage: rng.pick(POST_REGISTRATION_MESSAGES),
    showOnProfiles: rng.chance(0.97),
    seriesStats: rng.chance(0.95),
    override: kind === "historical" ? histCount + rng.int(0, 40) : null,
    histCount,
  };
}

export function tournamentRow(t: TournamentFull, now: number): Insertable<DB["tournaments"]> {
  // Check-in: closed once played; open for events starting within three days (the same rule
  // writeEntries uses to check players in).
  let checkinStatus = 0;
  if (t.checkinRequired && (t.kind === "past" || t.kind === "ongoing" || t.kind === "historical")) checkinStatus = 2;
  else if (t.checkinRequired && t.kind === "upcoming" && t.registrationsOpen && t.start !== null && t.start - now < 3 * DAY)
    checkinStatus = 1;
  return {
    id: t.id,
    title: t.title,
    logo_upload_id: null,
    start_date: t.start,
    end_date: t.end,
    transfer_deadline: t.format === EVENT_FORMAT.team && t.start !== null ? t.start - 2 * DAY : null,
    organizer: t.organizer,
    location: t.location?.[0] ?? null,
    location_url: t.location?.[1] ?? null,
    tournament_series_id: t.series?.id ?? null,
    series_stats_include: t.seriesStats ? 1 : 0,
    template_id: t.templateId,
    game: GAME_MODES[t.mode].game,
    game_mode: t.mode,
    event_format: t.format,
    pr_value: t.prValue,
    minimum_team_size: t.minSize,
    maximum_team_size: t.maxSize,
    team_name_required: t.teamNameRequired ? 1 : 0,
    team_tag_required: t.teamTagRequired ? 1 : 0,
    player_host_required: t.hostRequired ? 1 : 0,
    player_mii_name_required: t.miiRequired ? 1 : 0,
    player_mii_name_max_length: t.miiMax,
    checkin_required: t.checkinRequired ? 1 : 0,
    checkin_status: checkinStatus,
    checkin_minimum: t.checkinRequired ? (t.format === EVENT_FORMAT.solo ? 1 : t.minSize) : 0,
    // Every row has the three columns (multi-row inserts share one column list).
    registrations_close_at: t.scheduled && t.start !== null ? t.start - 6 * HOUR : null,
    checkin_opens_at: t.scheduled && t.checkinRequired && t.start !== null ? t.start - 2 * HOUR : null,
    checkin_closes_at: t.scheduled && t.checkinRequired && t.start !== null ? t.start - 15 * 60_000 : null,
    verification_required: t.verificationRequired ? 1 : 0,
    description: t.description,
    rules: t.rules,
    post_registration_message: t.postMessage,
    published: t.published ? 1 : 0,
    registrations_open: t.registrationsOpen ? 1 : 0,
    show_on_profiles: t.showOnProfiles ? 1 : 0,
    is_historical: t.kind === "historical" ? 1 : 0,
    total_registrations_override: t.override,
    created_at: t.created,
  };
}
