import type { ColumnType, Generated } from "kysely";

/**
 * Table types of the database. Conventions that hold on both dialects:
 * - times are integer milliseconds since the epoch, UTC (`bigint` on PostgreSQL, parsed to number);
 * - booleans are integers 0/1 (SQLite has no boolean type);
 * - ids are integers from an autoincrement / serial column.
 */
type Id = Generated<number>;
type Ms = number;
type Bool = number;
type Default<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Id;
  email: string;
  password_hash: string;
  /** active, pending_email (unverified), inactive (staff must activate), banned. */
  state: string;
  site_theme: Default<string>;
  /** #21: one of SITE_LANGUAGES, or null (not chosen). */
  language: string | null;
  created_at: Ms;
  email_verified_at: Ms | null;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  created_at: Ms;
  expires_at: Ms;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  /** verify_email or reset_password. */
  kind: string;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
}

export interface OutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Ms;
  sent_at: Ms | null;
  error: string | null;
}

export interface UserRolesTable {
  id: Id;
  user_id: number;
  /** administrate, moderate, event_admin, event_mod or supporter. */
  role: string;
  created_at: Ms;
}

export interface SeriesRolesTable {
  id: Id;
  series_id: number;
  user_id: number;
  /** series_admin or series_mod. */
  role: string;
  created_at: Ms;
}

export interface PlayersTable {
  id: Id;
  /** null for a shadow player (a registry entry without an account). */
  user_id: number | null;
  display_name: string;
  country_code: string;
  discord_tag: string | null;
  discord_privacy: Default<string>;
  switch_fc: string | null;
  fc_3ds: string | null;
  mktour_fc: string | null;
  nnid: string | null;
  profile_message: Default<string>;
  border_color: Default<number>;
  background_upload_id: number | null;
  is_hidden: Default<Bool>;
  is_shadow: Default<Bool>;
  is_banned: Default<Bool>;
  created_at: Ms;
  name_changed_at: Ms | null;
}

export interface FriendCodeHistoryTable {
  id: Id;
  player_id: number;
  /** switch, 3ds, mktour or nnid. */
  fc_type: string;
  /** normalized, without prefix: XXXX-YYYY-ZZZZ (or the NNID). */
  fc: string;
  created_at: Ms;
}

export interface PlayerBansTable {
  id: Id;
  player_id: number;
  reason: Default<string>;
  banned_by_user_id: number | null;
  created_at: Ms;
  /** null = indefinite. */
  ends_at: Ms | null;
  lifted_at: Ms | null;
  /** The account's state when banned, restored when the ban is lifted; null: no account or an older ban (migration 0010). */
  prior_state: Default<string | null>;
}

export interface TeamsTable {
  id: Id;
  team_name: string;
  team_tag: string;
  team_color: Default<number>;
  logo_upload_id: number | null;
  recruitment_status: Default<string>;
  team_description: Default<string>;
  main_language: Default<string>;
  language_name: Default<string>;
  /** a game-mode key from the contract's team categories. */
  category: string;
  primary_team_id: number | null;
  team_status: Default<string>;
  is_historical: Default<Bool>;
  is_shadow: Default<Bool>;
  created_at: Ms;
  name_changed_at: Ms | null;
}

export interface TeamMembershipsTable {
  id: Id;
  team_id: number;
  player_id: number;
  is_leader: Default<Bool>;
  is_manager: Default<Bool>;
  joined_at: Ms;
  left_at: Ms | null;
}

export interface TransfersTable {
  id: Id;
  player_id: number;
  from_team_id: number | null;
  to_team_id: number | null;
  category: string;
  /**
   * accepted, invited, requested (a join request), declined, cancelled, rejected, or ended (a
   * pending invitation or request closed because the player joined another team of the category).
   */
  status: string;
  created_at: Ms;
  decided_at: Ms | null;
  /** A join request's consent: the established team the player agreed to leave (migration 0009). */
  leave_team_id: Default<number | null>;
}

export interface TeamClaimsTable {
  id: Id;
  team_id: number;
  user_id: number;
  status: Default<string>;
  created_at: Ms;
  decided_at: Ms | null;
}

export interface ProfileChangesTable {
  id: Id;
  /** teams or players. */
  table_name: string;
  /** team_name, team_tag or display_name. */
  field_name: string;
  row_id: number;
  from_value: string;
  to_value: string;
  /** pending, approved or declined. */
  status: Default<string>;
  requested_by_user_id: number | null;
  decided_by_user_id: number | null;
  created_at: Ms;
  decided_at: Ms | null;
}

export interface NameHistoryTable {
  id: Id;
  table_name: string;
  field_name: string;
  row_id: number;
  from_value: string;
  to_value: string;
  changed_at: Ms;
}

export interface NotificationsTable {
  id: Id;
  user_id: number;
  /** info, success, warning or critical; critical and warning count as important. */
  level: string;
  /** sanitized HTML: the English text (#21 §3: kept for old rows and anything reading the column). */
  message: string;
  /** The catalogue key the message renders from per reader (#21 §3, migration 0033); null for rows older than it. */
  message_key: string | null;
  /** The key's parameters as JSON text (keys sorted; see src/i18n/messages.ts); null with the key. */
  message_params: string | null;
  is_read: Default<Bool>;
  created_at: Ms;
}

export interface WordFilterTable {
  id: number;
  words: string;
  updated_at: Ms;
}

export interface NewsPostsTable {
  id: Id;
  title: string;
  content: string;
  image: string | null;
  author_user_id: number | null;
  author_name: string;
  published: Default<Bool>;
  created_at: Ms;
}

export interface MediaItemsTable {
  id: Id;
  kind: string;
  title: string;
  url: string;
  image: string | null;
  author: Default<string>;
  created_at: Ms;
}

export interface UploadsTable {
  id: Id;
  /** the served name (`/uploads/<filename>`) of the bytes in `upload_bytes`, content-addressed. */
  filename: string;
  purpose: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  user_id: number | null;
  created_at: Ms;
}

/** Bytes of stored images (issue #18 §4), content-addressed; see migration 0023. */
export interface UploadBytesTable {
  /** hex SHA-256 of `data`. */
  sha256: string;
  /** the served name, `/uploads/<name>`; `uploads.filename` of the rows that stored it. */
  name: string;
  content_type: string;
  /** length of `data` in bytes. */
  byte_size: number;
  data: Buffer;
  created_at: Ms;
}

export interface TournamentSeriesTable {
  id: Id;
  series_name: string;
  url_slug: string;
  display_order: Default<number>;
  logo_upload_id: number | null;
  organizer: Default<string>;
  location: string | null;
  location_url: string | null;
  game_mode: string | null;
  default_event_format: number | null;
  short_description: Default<string>;
  full_description: Default<string>;
  aggregation_field: Default<string>;
  finalist_criteria: Default<string>;
  published: Default<Bool>;
  historical: Default<Bool>;
  created_at: Ms;
}

export interface TemplatesTable {
  id: Id;
  series_id: number;
  template_name: string;
  tournament_title: Default<string>;
  logo_mode: Default<string>;
  logo_upload_id: number | null;
  organizer: string | null;
  location: string | null;
  game_mode: string | null;
  event_format: number | null;
  minimum_team_size: number | null;
  maximum_team_size: number | null;
  team_tag_required: Default<Bool>;
  team_name_required: Default<Bool>;
  player_host_required: Default<Bool>;
  player_ign_required: Default<Bool>;
  pr_value: Default<number>;
  checkin_required: Default<Bool>;
  checkin_minimum: number | null;
  verification_required: Default<number>;
  description: Default<string>;
  rules: Default<string>;
  post_registration_message: Default<string>;
  created_at: Ms;
}

export interface TournamentsTable {
  id: Id;
  title: string;
  logo_upload_id: number | null;
  start_date: Ms | null;
  end_date: Ms | null;
  transfer_deadline: Ms | null;
  organizer: Default<string>;
  location: string | null;
  location_url: string | null;
  tournament_series_id: number | null;
  series_stats_include: Default<Bool>;
  template_id: number | null;
  game: string;
  game_mode: string;
  event_format: number;
  pr_value: Default<number>;
  minimum_team_size: Default<number>;
  maximum_team_size: Default<number>;
  team_name_required: Default<Bool>;
  team_tag_required: Default<Bool>;
  player_host_required: Default<Bool>;
  player_mii_name_required: Default<Bool>;
  player_mii_name_max_length: Default<number>;
  checkin_required: Default<Bool>;
  checkin_status: Default<number>;
  checkin_minimum: Default<number>;
  verification_required: Default<number>;
  description: Default<string>;
  rules: Default<string>;
  post_registration_message: Default<string>;
  published: Default<Bool>;
  registrations_open: Default<Bool>;
  show_on_profiles: Default<Bool>;
  is_historical: Default<Bool>;
  total_registrations_override: number | null;
  created_at: Ms;
  /** Name of the registrations' custom field (migration 0007; data only, null hides the column). */
  custom_field_name: Default<string | null>;
  /** Cap on registered entrants (players, squads or teams; migration 0025); null: no cap. */
  max_entrants: Default<number | null>;
  /** Scheduled registration close (migration 0028, issue #17); null: the switch alone decides. */
  registrations_close_at: Default<Ms | null>;
  /** Scheduled check-in window (migration 0028); when either is set the window decides the status. */
  checkin_opens_at: Default<Ms | null>;
  checkin_closes_at: Default<Ms | null>;
  /** iCalendar SEQUENCE of the tournament's events (migration 0030, issue #20 §4): raised by every write calendars show. */
  calendar_sequence: Default<number>;
  /** When `calendar_sequence` was last raised (their LAST-MODIFIED); null: never since creation. */
  calendar_modified_at: Default<Ms | null>;
}

/** One secret personal calendar-feed token per account (migration 0030, issue #20 §4), stored as its SHA-256. */
export interface CalendarFeedTokensTable {
  user_id: number;
  /** hex SHA-256 of the token in the feed's URL. */
  token_hash: string;
  created_at: Ms;
}

export interface SquadsTable {
  id: Id;
  tournament_id: number;
  squad_name: string;
  squad_tag: Default<string>;
  squad_color: Default<number>;
  /** registered, waitlisted, withdrawn or rejected. */
  status: Default<string>;
  verified: Default<number>;
  created_at: Ms;
  /** Place in the tournament's waitlist while `status` is waitlisted (migration 0025), else null. */
  waitlist_position: Default<number | null>;
}

export interface RegistrationsTable {
  id: Id;
  tournament_id: number;
  player_id: number;
  /** registered, waitlisted (issue #22), withdrawn, rejected, or invited (a squad invitation not yet accepted). */
  status: Default<string>;
  squad_id: number | null;
  team_id: number | null;
  is_captain: Default<Bool>;
  is_representative: Default<Bool>;
  opted_out: Default<Bool>;
  mii_name: string | null;
  can_host: Default<Bool>;
  checked_in: Default<Bool>;
  verified: Default<number>;
  custom_field: string | null;
  registered_at: Ms;
  /** 1 when closing check-ins withdrew this registration (migration 0008); any later status change clears it. */
  withdrawn_at_checkin: Default<Bool>;
  /** Place of a waitlisted solo player (migration 0025); squad members wait with their squad's. */
  waitlist_position: Default<number | null>;
}

export interface SquadInvitationsTable {
  id: Id;
  tournament_id: number;
  squad_id: number;
  player_id: number;
  invited_by: number | null;
  created_at: Ms;
}

export interface TeamRegistrationsTable {
  id: Id;
  tournament_id: number;
  team_id: number;
  secondary_team_id: number | null;
  status: Default<string>;
  verified: Default<number>;
  registered_at: Ms;
  /** Place in the tournament's waitlist while `status` is waitlisted (migration 0025), else null. */
  waitlist_position: Default<number | null>;
}

export interface PlacementsTable {
  id: Id;
  tournament_id: number;
  /** player (solo), squad or team. */
  entrant_type: string;
  entrant_id: number;
  placement: number | null;
  /** the better rank of a tie range, as the old site stored it. */
  placement_upper_bound: number | null;
  dq: Default<Bool>;
  title: string | null;
}

export interface TournamentLogsTable {
  id: Id;
  tournament_id: number;
  user_id: number | null;
  action: string;
  details: Default<string>;
  created_at: Ms;
}

/** Moderator and administrator actions (issue 5, migration 0006). */
export interface AuditLogTable {
  id: Id;
  actor_user_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  /** JSON text of the values before and after, null when not applicable. */
  before_value: string | null;
  after_value: string | null;
  created_at: Ms;
}

/** FFA rounds (issue #19, migration 0021). */
export interface FfaRoundsTable {
  id: Id;
  tournament_id: number;
  number: number;
  name: string;
  races: number;
  /** racers per room (12 or 24). */
  room_size: number;
  sides_per_room: number;
  points_table: string;
  seed_method: string;
  seed: number;
  tie_mode: string;
  /** draft, drawn, racing or closed. */
  status: Default<string>;
  plan_per_room: number | null;
  plan_wildcards: number | null;
  /** JSON array of arrays of entrant ids, best first. */
  tie_decisions: Default<string>;
  created_at: Ms;
  closed_at: Ms | null;
}

export interface FfaRoomsTable {
  id: Id;
  round_id: number;
  tournament_id: number;
  number: number;
  host_player_id: number | null;
  room_code: string | null;
  table_mode: string | null;
  table_submitted_by: number | null;
  table_submitted_at: Ms | null;
  mismatch_expected: number | null;
  mismatch_actual: number | null;
  locked_by: number | null;
  locked_at: Ms | null;
}

export interface FfaRoomEntriesTable {
  id: Id;
  room_id: number;
  round_id: number;
  /** player id (solo) or squad id. */
  entrant_id: number;
  seed: number;
  rank: number | null;
  total: number | null;
  /** yes, wildcard, no or tie. */
  advanced: string | null;
  decided_by: string | null;
}

export interface FfaScoresTable {
  id: Id;
  room_id: number;
  player_id: number;
  entrant_id: number;
  /** JSON array of per-race points (null = DC), or null. */
  races: string | null;
  /** JSON array of GP subtotals, or null. */
  gp: string | null;
  penalty: Default<number>;
  total: number;
}

/** Custom points tables (migration 0024); rounds name one as `custom-<id>`. */
export interface FfaPointsTablesTable {
  id: Id;
  name: string;
  /** JSON array of GAMES keys. */
  games: Default<string>;
  room_size: number;
  /** JSON object { "n": [points of positions 1..n] }. */
  points: string;
  created_by: number | null;
  created_at: Ms;
}

/** A series' points rule (issue #22 §4, migration 0026); JSON columns are read and written whole. */
export interface SeriesPointsRulesTable {
  series_id: number;
  /** JSON `[{ from, to, points }]`. */
  ranges: string;
  /** best | average | worst. */
  tie_rule: string;
  best_n: number | null;
  /** JSON `{ "<tournament id>": multiplier }`. */
  multipliers: string;
  updated_by: number | null;
  updated_at: Ms;
}

/** An outgoing webhook (issue #20 §5, migration 0031): exactly one of tournament_id, series_id, team_id is set. */
export interface WebhooksTable {
  id: Id;
  tournament_id: number | null;
  series_id: number | null;
  team_id: number | null;
  url: string;
  /** discord | json. */
  format: string;
  /** The json format's HMAC secret; null for discord. */
  secret: string | null;
  /** JSON array of WebhookEvent keys. */
  events: Default<string>;
  enabled: Default<Bool>;
  consecutive_failures: Default<number>;
  disabled_reason: string | null;
  created_by: number | null;
  created_at: Ms;
}

/** One event for one hook: the queue and the log (migration 0031). */
export interface WebhookDeliveriesTable {
  id: Id;
  webhook_id: number;
  kind: string;
  /** Unique per hook: the same event observed twice is enqueued once. */
  event_key: string;
  /** JSON of the event (WebhookPayload). */
  payload: string;
  /** pending, delivering, delivered, failed (due again at next_attempt_at) or dead. */
  status: Default<string>;
  attempts: Default<number>;
  /** Due time; while delivering, the end of the claiming node's lease. */
  next_attempt_at: Ms | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Ms;
  delivered_at: Ms | null;
}

/** A manual points adjustment in a series' standings (migration 0026); reason "import" for CSV rows. */
export interface SeriesPointsAdjustmentsTable {
  id: Id;
  series_id: number;
  /** The standings key as text: player or team id, or a lower-cased squad name. */
  entrant_key: string;
  points: number;
  reason: string;
  created_by: number | null;
  created_at: Ms;
}

/** A player's proposed tournament (issue #22 §5, migration 0027). */
export interface TournamentProposalsTable {
  id: Id;
  tournament_id: number;
  user_id: number;
  player_id: number;
  /** pending, approved or declined. */
  status: Default<string>;
  reason: string | null;
  decided_by: number | null;
  decided_at: Ms | null;
  created_at: Ms;
}

/** Per-tournament administrators (the approved proposer; migration 0027). */
export interface TournamentAdminsTable {
  tournament_id: number;
  user_id: number;
  created_at: Ms;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  outbox: OutboxTable;
  user_roles: UserRolesTable;
  series_roles: SeriesRolesTable;
  players: PlayersTable;
  friend_code_history: FriendCodeHistoryTable;
  player_bans: PlayerBansTable;
  teams: TeamsTable;
  team_memberships: TeamMembershipsTable;
  transfers: TransfersTable;
  team_claims: TeamClaimsTable;
  profile_changes: ProfileChangesTable;
  name_history: NameHistoryTable;
  notifications: NotificationsTable;
  word_filter: WordFilterTable;
  news_posts: NewsPostsTable;
  media_items: MediaItemsTable;
  uploads: UploadsTable;
  upload_bytes: UploadBytesTable;
  tournament_series: TournamentSeriesTable;
  templates: TemplatesTable;
  tournaments: TournamentsTable;
  calendar_feed_tokens: CalendarFeedTokensTable;
  squads: SquadsTable;
  registrations: RegistrationsTable;
  squad_invitations: SquadInvitationsTable;
  team_registrations: TeamRegistrationsTable;
  placements: PlacementsTable;
  series_points_rules: SeriesPointsRulesTable;
  series_points_adjustments: SeriesPointsAdjustmentsTable;
  tournament_proposals: TournamentProposalsTable;
  tournament_admins: TournamentAdminsTable;
  tournament_logs: TournamentLogsTable;
  audit_log: AuditLogTable;
  ffa_rounds: FfaRoundsTable;
  ffa_rooms: FfaRoomsTable;
  ffa_room_entries: FfaRoomEntriesTable;
  ffa_scores: FfaScoresTable;
  ffa_points_tables: FfaPointsTablesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
