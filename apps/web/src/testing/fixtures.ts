import type {
  LatestResults,
  MediaItem,
  NewsItem,
  NewsPost,
  PlayerListItem,
  SeriesListItem,
  Session,
  TeamListItem,
  TournamentList,
  TournamentListItem,
  Transaction,
} from "@site/contract";

/**
 * Contract-typed sample answers. Types come from the contract, so a schema change breaks these
 * fixtures at compile time instead of letting tests pass against a stale shape.
 */

const noPermissions = { canAdministrate: false, canModerate: false, canEventAdministrate: false, canEventModerate: false };

export const anonymousSession: Session = { user: null, csrfToken: "csrf-anon", permissions: noPermissions };

export function userSession(
  overrides: Partial<NonNullable<Session["user"]>> = {},
  permissions: Partial<Session["permissions"]> = {},
): Session {
  return {
    user: {
      id: 7,
      email: "rider@example.com",
      player_id: 42,
      display_name: "Rider",
      roles: [],
      is_supporter: false,
      site_theme: "forest",
      language: null,
      unread_notifications: 3,
      ...overrides,
    },
    csrfToken: "csrf-user",
    permissions: { ...noPermissions, ...permissions },
  };
}

export function newsItems(n = 3): { data: NewsItem[] } {
  return {
    data: Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      url: `/news/${i + 1}`,
      image: i === 0 ? null : `https://img.example/${i + 1}.png`,
      date_human: `Jan ${i + 1}, 2026`,
      date: new Date(Date.UTC(2026, 0, i + 1, 12)).toISOString(),
      author: `Author ${i + 1}`,
      title: `News ${i + 1}`,
      preview: `Preview of news ${i + 1}.`,
    })),
  };
}

export function newsPost(id: number, overrides: Partial<NewsPost> = {}): NewsPost {
  return {
    id,
    url: `/news/${id}`,
    image: `https://img.example/news-${id}.png`,
    date_human: "Jan 5, 2026",
    date: "2026-01-05T12:00:00.000Z",
    author: "Admin",
    title: `News ${id}`,
    content_html: `<p>Season ${id} starts <strong>soon</strong>.</p><ul><li>Sign up</li></ul>`,
    ...overrides,
  };
}

export function mediaItems(kind: MediaItem["kind"], n = 4): { data: MediaItem[] } {
  return {
    data: Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      kind,
      title: `${kind} item ${i + 1}`,
      url: `https://${kind}.example/${i + 1}`,
      image: null,
      author: `Creator ${i + 1}`,
      date_human: `${i + 1} days ago`,
      date: new Date(Date.UTC(2026, 0, 28 - i, 12)).toISOString(),
    })),
  };
}

export function tournament(id: number, overrides: Partial<TournamentListItem> = {}): TournamentListItem {
  return {
    id,
    title: `Tournament ${id}`,
    logo_filename: null,
    logo_url: null,
    start_date: "2026-03-01T00:00:00.000Z",
    end_date: "2026-03-02T00:00:00.000Z",
    start_date_human: "Mar 1, 2026",
    end_date_human: "Mar 2, 2026",
    game: "mkworld",
    game_human: "Mario Kart World",
    game_mode: "mkworld_150",
    game_mode_human: "150cc",
    event_format: 1,
    event_format_human: "Solo",
    organizer: "mkc",
    location: null,
    location_url: null,
    tournament_series_id: null,
    series_name: null,
    series_url_slug: null,
    published: true,
    registrations_open: false,
    is_historical: false,
    registration_count: 12,
    max_entrants: null,
    ...overrides,
  };
}

export function tournamentList(overrides: Partial<TournamentList> = {}): TournamentList {
  return {
    upcoming: [
      tournament(1, { registrations_open: true, organizer: "lan", location: "Paris" }),
      tournament(2),
      tournament(3),
      tournament(4),
    ],
    ongoing: [
      tournament(5, { start_date: null, end_date: null, start_date_human: null, end_date_human: null }),
      tournament(6),
      tournament(7),
      tournament(8),
    ],
    past: [tournament(9, { organizer: "affiliate" })],
    historical: [],
    past_has_next_page: false,
    historical_has_next_page: false,
    ...overrides,
  };
}

export function latestResults(n = 14): LatestResults {
  return {
    tournament: tournament(99, { title: "Grand Prix Finals" }),
    placements: Array.from({ length: n }, (_, i) => ({
      placement: i + 1,
      placement_upper_bound: null,
      dq: false,
      title: null,
      name: `Squad ${i + 1}`,
      tag: `S${i + 1}`,
      color: (i % 40) + 1,
      team_id: null,
      squad_id: i + 1,
      // Even rows have 2 members (names shown), odd rows 6 (squad name shown).
      members: Array.from({ length: i % 2 === 0 ? 2 : 6 }, (_, j) => ({
        player_id: 1000 + i * 10 + j,
        display_name: `P${i + 1}-${j + 1}`,
        country_code: "FR",
      })),
    })),
  };
}

export function seriesItem(id: number, overrides: Partial<SeriesListItem> = {}): SeriesListItem {
  return {
    id,
    series_name: `Series ${id}`,
    url_slug: `series-${id}`,
    display_order: id,
    logo_filename: null,
    logo_url: null,
    organizer: "mkc",
    location: null,
    game_mode: "mkworld_150",
    game_mode_human: "MKWorld 150cc",
    default_event_format: 2,
    event_format_human: "Squad",
    short_description: `About series ${id}.`,
    published: true,
    historical: false,
    latest_event_id: 100 + id,
    latest_event_title: `Series ${id} Cup #${id}`,
    registrations_open: false,
    ...overrides,
  };
}

export function players(n = 10, startId = 1): PlayerListItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: startId + i,
    display_name: `Player ${startId + i}`,
    country_code: i % 3 === 0 ? "ZZ" : "JP",
    country_name: i % 3 === 0 ? "Choose a Country" : "Japan",
    is_shadow: i === 1,
    is_hidden: false,
    joined_human: `${i + 1} days ago`,
    joined_at: new Date(Date.UTC(2026, 0, 28 - i, 12)).toISOString(),
  }));
}

export function teams(n = 10): TeamListItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    team_name: `Team ${i + 1}`,
    team_tag: `T${i + 1}`,
    team_color: i + 1,
    team_logo: null,
    category: "mkworld_150",
    category_title: "150cc",
    recruitment_status: "recruiting",
    main_language: "en",
    is_historical: false,
    member_count: i + 2,
    created_human: `${i + 1} days ago`,
    created_at: new Date(Date.UTC(2026, 0, 28 - i, 12)).toISOString(),
  }));
}

export function transactions(n = 5): Transaction[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    transfer_date_human: `Feb ${i + 1}, 2026`,
    transfer_date: new Date(Date.UTC(2026, 1, i + 1, 12)).toISOString(),
    player_id: 500 + i,
    player_name: `Mover ${i + 1}`,
    country_code: "US",
    country_name: "United States",
    game: "mkworld",
    game_title: "Mario Kart World",
    mode_key: "mkworld_150",
    mode_abbrev: "MKWorld 150cc",
    from_team_id: i === 0 ? null : 10 + i,
    from_team_tag: i === 0 ? null : `F${i}`,
    from_team_color: i === 0 ? null : 5,
    to_team_id: 20 + i,
    to_team_tag: `T${i}`,
    to_team_color: 21,
  }));
}

export const countries: Record<string, string> = {
  ZZ: "Choose a Country",
  XX: "Unknown Country",
  JP: "Japan",
  FR: "France",
  US: "United States",
};
