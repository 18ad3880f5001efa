import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * The first schema: every entity the spec names. Written once for SQLite and PostgreSQL:
 * ids are autoincrement/serial, times are bigint milliseconds (UTC), booleans are integers.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .$call((t) =>
        dialect === "postgres"
          ? t.addColumn("id", "serial", (c) => c.primaryKey())
          : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()),
      );
  const ms = "bigint" as const;
  const fk =
    (ref: string, onDelete: "cascade" | "set null" = "cascade") =>
    (c: ColumnDefinitionBuilder) =>
      c.references(ref).onDelete(onDelete);

  await table("users")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending_email"))
    .addColumn("site_theme", "text", (c) => c.notNull().defaultTo("forest"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("email_verified_at", ms)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("expires_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("auth_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("expires_at", ms, (c) => c.notNull())
    .addColumn("used_at", ms)
    .execute();

  await table("outbox")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("sent_at", ms)
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("outbox_to").on("outbox").columns(["to_address", "created_at"]).execute();

  await table("user_roles")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("user_roles_unique", ["user_id", "role"])
    .execute();
  await db.schema.createIndex("user_roles_role").on("user_roles").column("role").execute();

  await table("uploads")
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", fk("users.id", "set null"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();

  await table("players")
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("set null"))
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("country_code", "text", (c) => c.notNull().defaultTo("ZZ"))
    .addColumn("discord_tag", "text")
    .addColumn("discord_privacy", "text", (c) => c.notNull().defaultTo("public"))
    .addColumn("switch_fc", "text")
    .addColumn("fc_3ds", "text")
    .addColumn("mktour_fc", "text")
    .addColumn("nnid", "text")
    .addColumn("profile_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("border_color", "integer", (c) => c.notNull().defaultTo(60))
    .addColumn("background_upload_id", "integer", fk("uploads.id", "set null"))
    .addColumn("is_hidden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_shadow", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_banned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("name_changed_at", ms)
    .execute();
  // The newest-players panel and list walk this index; banned/hidden are filtered on it.
  await db.schema.createIndex("players_newest").on("players").columns(["is_banned", "is_hidden", "created_at"]).execute();
  await db.schema
    .createIndex("players_name")
    .on("players")
    .expression(sql`lower(display_name)`)
    .execute();
  await db.schema.createIndex("players_country").on("players").columns(["country_code", "created_at"]).execute();

  await table("friend_code_history")
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("fc_type", "text", (c) => c.notNull())
    .addColumn("fc", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fc_history_code").on("friend_code_history").columns(["fc_type", "fc"]).execute();
  await db.schema.createIndex("fc_history_player").on("friend_code_history").column("player_id").execute();

  await table("player_bans")
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("banned_by_user_id", "integer", fk("users.id", "set null"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("ends_at", ms)
    .addColumn("lifted_at", ms)
    .execute();
  await db.schema.createIndex("player_bans_player").on("player_bans").column("player_id").execute();

  await table("teams")
    .addColumn("team_name", "text", (c) => c.notNull())
    .addColumn("team_tag", "text", (c) => c.notNull())
    .addColumn("team_color", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("logo_upload_id", "integer", fk("uploads.id", "set null"))
    .addColumn("recruitment_status", "text", (c) => c.notNull().defaultTo("recruiting"))
    .addColumn("team_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("main_language", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("primary_team_id", "integer", fk("teams.id", "set null"))
    .addColumn("team_status", "text", (c) => c.notNull().defaultTo("unapproved"))
    .addColumn("is_historical", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_shadow", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("name_changed_at", ms)
    .execute();
  await db.schema.createIndex("teams_status_newest").on("teams").columns(["team_status", "created_at"]).execute();
  await db.schema.createIndex("teams_category").on("teams").columns(["category", "team_status", "created_at"]).execute();
  await db.schema
    .createIndex("teams_name")
    .on("teams")
    .expression(sql`lower(team_name)`)
    .execute();
  await db.schema.createIndex("teams_primary").on("teams").column("primary_team_id").execute();

  await table("team_memberships")
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("is_leader", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_manager", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("joined_at", ms, (c) => c.notNull())
    .addColumn("left_at", ms)
    .execute();
  await db.schema.createIndex("memberships_team").on("team_memberships").columns(["team_id", "left_at"]).execute();
  await db.schema.createIndex("memberships_player").on("team_memberships").columns(["player_id", "left_at"]).execute();

  await table("transfers")
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("from_team_id", "integer", fk("teams.id", "set null"))
    .addColumn("to_team_id", "integer", fk("teams.id", "set null"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("decided_at", ms)
    .execute();
  await db.schema.createIndex("transfers_recent").on("transfers").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("transfers_category").on("transfers").columns(["category", "status", "created_at"]).execute();
  await db.schema.createIndex("transfers_player").on("transfers").column("player_id").execute();
  await db.schema.createIndex("transfers_to_team").on("transfers").column("to_team_id").execute();
  await db.schema.createIndex("transfers_from_team").on("transfers").column("from_team_id").execute();

  await table("team_claims")
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("decided_at", ms)
    .execute();
  await db.schema.createIndex("team_claims_status").on("team_claims").columns(["status", "created_at"]).execute();

  await table("profile_changes")
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("field_name", "text", (c) => c.notNull())
    .addColumn("row_id", "integer", (c) => c.notNull())
    .addColumn("from_value", "text", (c) => c.notNull())
    .addColumn("to_value", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("requested_by_user_id", "integer", fk("users.id", "set null"))
    .addColumn("decided_by_user_id", "integer", fk("users.id", "set null"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("decided_at", ms)
    .execute();
  await db.schema.createIndex("profile_changes_status").on("profile_changes").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("profile_changes_row").on("profile_changes").columns(["table_name", "row_id"]).execute();

  await table("name_history")
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("field_name", "text", (c) => c.notNull())
    .addColumn("row_id", "integer", (c) => c.notNull())
    .addColumn("from_value", "text", (c) => c.notNull())
    .addColumn("to_value", "text", (c) => c.notNull())
    .addColumn("changed_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("name_history_row").on("name_history").columns(["table_name", "row_id"]).execute();

  await table("notifications")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("level", "text", (c) => c.notNull().defaultTo("info"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "is_read", "created_at"]).execute();
  await db.schema.createIndex("notifications_user_level").on("notifications").columns(["user_id", "level", "created_at"]).execute();

  await db.schema
    .createTable("word_filter")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("words", "text", (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();

  await table("news_posts")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("author_user_id", "integer", fk("users.id", "set null"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("news_latest").on("news_posts").columns(["published", "created_at"]).execute();

  await table("media_items")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("author", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("media_kind_latest").on("media_items").columns(["kind", "created_at"]).execute();

  await table("tournament_series")
    .addColumn("series_name", "text", (c) => c.notNull())
    .addColumn("url_slug", "text", (c) => c.notNull().unique())
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("logo_upload_id", "integer", fk("uploads.id", "set null"))
    .addColumn("organizer", "text", (c) => c.notNull().defaultTo("mkc"))
    .addColumn("location", "text")
    .addColumn("location_url", "text")
    .addColumn("game_mode", "text")
    .addColumn("default_event_format", "integer")
    .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("full_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("aggregation_field", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("finalist_criteria", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("historical", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();

  await table("series_roles")
    .addColumn("series_id", "integer", (c) => c.notNull().references("tournament_series.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("series_roles_unique", ["series_id", "user_id", "role"])
    .execute();
  await db.schema.createIndex("series_roles_user").on("series_roles").column("user_id").execute();

  await table("templates")
    .addColumn("series_id", "integer", (c) => c.notNull().references("tournament_series.id").onDelete("cascade"))
    .addColumn("template_name", "text", (c) => c.notNull())
    .addColumn("tournament_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo_mode", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("logo_upload_id", "integer", fk("uploads.id", "set null"))
    .addColumn("organizer", "text")
    .addColumn("location", "text")
    .addColumn("game_mode", "text")
    .addColumn("event_format", "integer")
    .addColumn("minimum_team_size", "integer")
    .addColumn("maximum_team_size", "integer")
    .addColumn("team_tag_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("team_name_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("player_host_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("player_ign_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pr_value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checkin_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checkin_minimum", "integer")
    .addColumn("verification_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rules", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("post_registration_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("templates_series").on("templates").column("series_id").execute();

  await table("tournaments")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("logo_upload_id", "integer", fk("uploads.id", "set null"))
    .addColumn("start_date", ms)
    .addColumn("end_date", ms)
    .addColumn("transfer_deadline", ms)
    .addColumn("organizer", "text", (c) => c.notNull().defaultTo("mkc"))
    .addColumn("location", "text")
    .addColumn("location_url", "text")
    .addColumn("tournament_series_id", "integer", fk("tournament_series.id", "set null"))
    .addColumn("series_stats_include", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("template_id", "integer", fk("templates.id", "set null"))
    .addColumn("game", "text", (c) => c.notNull())
    .addColumn("game_mode", "text", (c) => c.notNull())
    .addColumn("event_format", "integer", (c) => c.notNull())
    .addColumn("pr_value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("minimum_team_size", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("maximum_team_size", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("team_name_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("team_tag_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("player_host_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("player_mii_name_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("player_mii_name_max_length", "integer", (c) => c.notNull().defaultTo(10))
    .addColumn("checkin_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checkin_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checkin_minimum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verification_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rules", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("post_registration_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("registrations_open", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("show_on_profiles", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_historical", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_registrations_override", "integer")
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tournaments_dates").on("tournaments").columns(["is_historical", "published", "start_date"]).execute();
  await db.schema.createIndex("tournaments_end").on("tournaments").columns(["is_historical", "published", "end_date"]).execute();
  await db.schema.createIndex("tournaments_series").on("tournaments").column("tournament_series_id").execute();
  await db.schema
    .createIndex("tournaments_title")
    .on("tournaments")
    .expression(sql`lower(title)`)
    .execute();

  await table("squads")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("squad_name", "text", (c) => c.notNull())
    .addColumn("squad_tag", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("squad_color", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("registered"))
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("squads_tournament").on("squads").columns(["tournament_id", "status", "created_at"]).execute();

  await table("team_registrations")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("secondary_team_id", "integer", fk("teams.id", "set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("registered"))
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("registered_at", ms, (c) => c.notNull())
    .addUniqueConstraint("team_registrations_unique", ["tournament_id", "team_id"])
    .execute();
  await db.schema.createIndex("team_registrations_team").on("team_registrations").column("team_id").execute();

  await table("registrations")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("registered"))
    .addColumn("squad_id", "integer", fk("squads.id", "set null"))
    .addColumn("team_id", "integer", fk("teams.id", "set null"))
    .addColumn("is_captain", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_representative", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("opted_out", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("mii_name", "text")
    .addColumn("can_host", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checked_in", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("custom_field", "text")
    .addColumn("registered_at", ms, (c) => c.notNull())
    .addUniqueConstraint("registrations_unique", ["tournament_id", "player_id"])
    .execute();
  await db.schema.createIndex("registrations_list").on("registrations").columns(["tournament_id", "status", "registered_at"]).execute();
  await db.schema.createIndex("registrations_player").on("registrations").column("player_id").execute();
  await db.schema.createIndex("registrations_squad").on("registrations").column("squad_id").execute();

  await table("placements")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("entrant_type", "text", (c) => c.notNull())
    .addColumn("entrant_id", "integer", (c) => c.notNull())
    .addColumn("placement", "integer")
    .addColumn("placement_upper_bound", "integer")
    .addColumn("dq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title", "text")
    .addUniqueConstraint("placements_unique", ["tournament_id", "entrant_type", "entrant_id"])
    .execute();
  await db.schema.createIndex("placements_order").on("placements").columns(["tournament_id", "dq", "placement"]).execute();
  await db.schema.createIndex("placements_entrant").on("placements").columns(["entrant_type", "entrant_id"]).execute();

  await table("tournament_logs")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", fk("users.id", "set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tournament_logs_tournament").on("tournament_logs").columns(["tournament_id", "created_at"]).execute();
}
