import { EVENT_FORMAT } from "@site/contract";
import { DEMO_USERS, type People, type SeriesDef, type SeriesFull } from "./model.js";
import { DAY, Rng, YEAR } from "./rng.js";
import { LAN_VENUES, POST_REGISTRATION_MESSAGES, RULES_TEXT, TOURNAMENT_DESCRIPTIONS } from "./words.js";
import type { Writer } from "./writer.js";

/** The ten tournament series, their templates and the series staff roles. */

const SERIES_DEFS: SeriesDef[] = [
  {
    name: "Mario Kart World Open Series",
    slug: "mkworld-open-series",
    organizer: "mkc",
    mode: "mkworld_150",
    format: EVENT_FORMAT.solo,
    era: "mkworld",
    titleBase: "MKWorld Open Series",
    aggregation: "player_id",
    finalist: "top_3_or_finalist",
    published: true,
    short: "The flagship individual series of Mario Kart World: monthly qualifiers and a live final.",
  },
  {
    name: "MKWorld Knockout Cup",
    slug: "knockout-cup",
    organizer: "mkc",
    mode: "mkworld_knockout",
    format: EVENT_FORMAT.solo,
    era: "mkworld",
    titleBase: "Knockout Cup",
    aggregation: "player_id",
    finalist: "top_2",
    published: true,
    short: "Knockout Tour rallies: 24 racers, one survivor.",
  },
  {
    name: "MK8DX 150cc Squad Series",
    slug: "mk8dx-squad-series",
    organizer: "mkc",
    mode: "mk8dx_150",
    format: EVENT_FORMAT.squad,
    era: "classic",
    titleBase: "150cc Squad Series",
    aggregation: "squad_name",
    finalist: "top_3_or_finalist",
    published: true,
    short: "Four-player squads racing for the season title in Mario Kart 8 Deluxe.",
  },
  {
    name: "200cc Squad Showdown",
    slug: "200cc-squad-showdown",
    organizer: "mkc",
    mode: "mk8dx_200",
    format: EVENT_FORMAT.squad,
    era: "any",
    titleBase: "200cc Squad Showdown",
    aggregation: "squad_name",
    finalist: "top_2",
    published: true,
    short: "High-speed squad cups at 200cc. Brake early, brake often.",
  },
  {
    name: "World Cup of Teams",
    slug: "world-cup-of-teams",
    organizer: "mkc",
    mode: "mk8dx_150",
    format: EVENT_FORMAT.team,
    era: "classic",
    titleBase: "World Cup of Teams",
    aggregation: "team_id",
    finalist: "top_3_or_finalist",
    published: true,
    short: "The biggest team event of the year: groups, then a double-elimination bracket.",
  },
  {
    name: "MKWorld Team League",
    slug: "mkworld-team-league",
    organizer: "mkc",
    mode: "mkworld_150",
    format: EVENT_FORMAT.team,
    era: "mkworld",
    titleBase: "MKWorld Team League Season",
    aggregation: "team_id",
    finalist: "top_2",
    published: true,
    short: "Weekly 6v6 wars in divisions, with playoffs at the end of each season.",
  },
  {
    name: "Battle Mode Bonanza",
    slug: "battle-mode-bonanza",
    organizer: "affiliate",
    mode: "mk8dx_battle_shine",
    format: EVENT_FORMAT.solo,
    era: "classic",
    titleBase: "Battle Mode Bonanza",
    aggregation: "player_id",
    finalist: "none",
    published: false,
    short: "Shine Thief and friends, run by our affiliate battle community.",
  },
  {
    name: "Kart Krew LAN Circuit",
    slug: "kart-krew-lan",
    organizer: "lan",
    mode: "mk8dx_150",
    format: EVENT_FORMAT.solo,
    era: "any",
    titleBase: "Kart Krew LAN",
    aggregation: "player_id",
    finalist: "top_3_or_finalist",
    published: true,
    short: "In-person events across Europe and North America.",
  },
  {
    name: "Mario Kart Wii Classic Series",
    slug: "mkw-classic",
    organizer: "mkc",
    mode: "mkw_vs_race",
    format: EVENT_FORMAT.solo,
    era: "historical",
    titleBase: "MKW Classic",
    aggregation: "player_id",
    finalist: "none",
    published: true,
    short: "The Wii-era series, kept for the record.",
  },
  {
    name: "MK8 Legacy League",
    slug: "mk8-legacy-league",
    organizer: "mkc",
    mode: "mk8u_150",
    format: EVENT_FORMAT.team,
    era: "historical",
    titleBase: "MK8 Legacy League Season",
    aggregation: "team_id",
    finalist: "top_2",
    published: true,
    short: "Team league of the Wii U days.",
  },
];

/** The ten series with their templates (ids 1..n in definition order). */
export function generateSeries(): SeriesFull[] {
  let templateId = 0;
  return SERIES_DEFS.map((def, i) => {
    const names =
      def.format === EVENT_FORMAT.team
        ? ["League week", "Playoffs"]
        : def.organizer === "lan"
          ? ["LAN main event", "LAN side event", "Online qualifier"]
          : ["Weekly qualifier", "Final"];
    const templates = names.map((name) => ({ id: ++templateId, name }));
    return {
      id: i + 1,
      name: def.name,
      slug: def.slug,
      organizer: def.organizer,
      mode: def.mode,
      format: def.format,
      historical: def.era === "historical",
      published: def.published,
      era: def.era,
      titleBase: def.titleBase,
      location: def.organizer === "lan" ? LAN_VENUES[0]! : null,
      templateIds: templates.map((t) => t.id),
      def,
      templates,
    };
  });
}

export function writeSeries(w: Writer, now: number, series: SeriesFull[], people: People): void {
  const rng = new Rng("series-rows");
  for (const s of series) {
    const d = s.def;
    const created = s.historical ? now - rng.time(7 * YEAR, 9 * YEAR) : now - rng.time(200 * DAY, 3 * YEAR);
    w.add("tournament_series", {
      id: s.id,
      series_name: s.name,
      url_slug: s.slug,
      display_order: s.id * 10,
      logo_upload_id: null,
      organizer: s.organizer,
      location: s.location?.[0] ?? null,
      location_url: s.location?.[1] ?? null,
      game_mode: s.mode,
      default_event_format: s.format,
      short_description: d.short,
      full_description: `## ${s.name}\n\n${d.short}\n\n### Format\n\n${TOURNAMENT_DESCRIPTIONS[s.format === EVENT_FORMAT.team ? "team" : s.format === EVENT_FORMAT.solo ? "solo" : "squad"][0]}\n\n### Points\n\nPlacements in each event count towards the series standings; the best players qualify for the final.`,
      aggregation_field: d.aggregation,
      finalist_criteria: d.finalist,
      published: s.published ? 1 : 0,
      historical: s.historical ? 1 : 0,
      created_at: created,
    });
    for (const t of s.templates) {
      const squad = s.format === EVENT_FORMAT.squad;
      const team = s.format === EVENT_FORMAT.team;
      w.add("templates", {
        id: t.id,
        series_id: s.id,
        template_name: t.name,
        tournament_title: `${d.titleBase} #`,
        logo_mode: "default",
        logo_upload_id: null,
        organizer: s.organizer,
        location: s.location?.[0] ?? null,
        game_mode: s.mode,
        event_format: s.format,
        minimum_team_size: team ? 6 : squad ? 2 : 1,
        maximum_team_size: team ? 12 : squad ? 4 : 1,
        team_tag_required: squad ? 1 : 0,
        team_name_required: squad ? 1 : 0,
        player_host_required: team ? 0 : 1,
        player_ign_required: 0,
        pr_value: team ? 20 : 0,
        checkin_required: t.name === "Final" || t.name === "Playoffs" ? 1 : 0,
        checkin_minimum: squad ? 2 : null,
        verification_required: 0,
        description: TOURNAMENT_DESCRIPTIONS[team ? "team" : squad ? "squad" : "solo"][1],
        rules: RULES_TEXT[s.id % RULES_TEXT.length]!,
        post_registration_message: POST_REGISTRATION_MESSAGES[0]!,
        created_at: created + DAY,
      });
    }
  }
  // The event administrator runs two series; a staff member organizes one.
  w.add("series_roles", { id: 1, series_id: 1, user_id: 3, role: "series_admin", created_at: now - 100 * DAY });
  w.add("series_roles", { id: 2, series_id: 5, user_id: 3, role: "series_admin", created_at: now - 300 * DAY });
  const staff = people.users.find((u) => u.id > DEMO_USERS.length && u.state === "active");
  if (staff) w.add("series_roles", { id: 3, series_id: 4, user_id: staff.id, role: "series_mod", created_at: now - 50 * DAY });
}
