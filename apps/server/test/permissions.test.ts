import { describe, expect, it } from "vitest";
import type { SiteRole } from "@site/contract";
import { type Action, type Actor, can, permissionFlags, RULES } from "../src/features/permissions/permissions.js";

const actor = (roles: SiteRole[], extra: Partial<Actor> = {}): Actor => ({
  userId: 1,
  playerId: 1,
  state: "active",
  roles: new Set(roles),
  isSupporter: false,
  ...extra,
});

const PLAYER = actor([]);
const ADMIN = actor(["administrate"]);
const MOD = actor(["moderate"]);
const EVENT_ADMIN = actor(["event_admin"]);
const EVENT_MOD = actor(["event_mod"]);
const SUPPORTER = actor([], { isSupporter: true });

// role × action → allowed: the whole table, so a change to a rule shows up here.
const TABLE: Record<Action, [player: boolean, admin: boolean, mod: boolean, eventAdmin: boolean, eventMod: boolean, supporter: boolean]> = {
  "admin.word_filter": [false, true, false, false, false, false],
  "admin.roles.view": [false, true, true, false, false, false],
  "admin.roles.edit": [false, true, false, false, false, false],
  "admin.roles.edit_administrator": [false, false, false, false, false, false],
  "admin.media": [false, true, false, false, false, false],
  "news.write": [false, true, true, false, false, false],
  "admin.audit": [false, true, false, false, false, false],
  "registry.players.edit_any": [false, true, false, false, false, false],
  "registry.players.edit_profile_any": [false, true, true, false, false, false],
  "registry.players.create_shadow": [false, true, false, true, false, false],
  "registry.teams.edit_any": [false, true, false, false, false, false],
  "registry.teams.view_unapproved": [false, true, true, false, false, false],
  "registry.profile_changes.review": [false, true, true, false, false, false],
  "registry.teams.approve": [false, true, true, false, false, false],
  "registry.teams.create_shadow": [false, true, true, false, false, false],
  "registry.teams.review_claims": [false, true, true, false, false, false],
  "registry.players.ban": [false, true, true, false, false, false],
  "registry.players.view_private": [false, true, true, false, false, false],
  "tournaments.create_from_scratch": [false, true, false, true, false, false],
  "tournaments.choose_restricted_fields": [false, true, false, true, false, false],
  "tournaments.view_unpublished": [false, true, false, true, true, false],
  "tournaments.administrate": [false, true, false, true, false, false],
  "tournaments.moderate": [false, true, false, true, true, false],
  "tournaments.review_proposals": [false, true, true, true, false, false],
  "series.create": [false, true, false, true, false, false],
  "series.assign_series_admin": [false, true, false, true, false, false],
  "profile.customise": [false, true, false, false, false, true],
};

describe("permission table", () => {
  it("covers every action", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(RULES).sort());
  });

  const actors = [PLAYER, ADMIN, MOD, EVENT_ADMIN, EVENT_MOD, SUPPORTER];
  const names = ["player", "admin", "mod", "event_admin", "event_mod", "supporter"];
  for (const [action, row] of Object.entries(TABLE) as Array<[Action, boolean[]]>) {
    it(`${action}`, () => {
      expect(actors.map((a) => can(a, action))).toEqual(row);
      expect(names.length).toBe(row.length);
    });
  }

  it("refuses everything to a banned account, whatever its roles", () => {
    const banned = actor(["administrate"], { state: "banned" });
    for (const action of Object.keys(RULES) as Action[]) expect(can(banned, action)).toBe(false);
  });

  it("derives the session flags", () => {
    expect(permissionFlags(EVENT_ADMIN)).toEqual({
      canAdministrate: false,
      canModerate: false,
      canEventAdministrate: true,
      canEventModerate: true,
    });
    expect(permissionFlags(MOD)).toEqual({
      canAdministrate: false,
      canModerate: true,
      canEventAdministrate: false,
      canEventModerate: false,
    });
  });
});
