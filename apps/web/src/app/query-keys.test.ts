import { describe, expect, it } from "vitest";
import { partialMatchKey, QueryClient, type QueryKey } from "@tanstack/react-query";
import { widgetKeys } from "@/components/ui/api/keys";
import { adminKeys } from "@/features/admin/api/keys";
import { calendarKeys } from "@/features/calendar/api/keys";
import { mediaKeys } from "@/features/media/api/keys";
import { moderationKeys } from "@/features/moderation/api/keys";
import { notificationKeys } from "@/features/notifications/api/keys";
import { placementKeys } from "@/features/placements/api/keys";
import { playerKeys } from "@/features/players/api/keys";
import { registrationKeys } from "@/features/registrations/api/keys";
import { roundKeys } from "@/features/rounds/api/keys";
import { registryKeys } from "@/features/registry/api/keys";
import { seriesKeys } from "@/features/series/api/keys";
import { sessionKeys } from "@/features/session/api/keys";
import { teamRegistrationKeys } from "@/features/team-registrations/api/keys";
import { teamKeys } from "@/features/teams/api/keys";
import { templateKeys } from "@/features/templates/api/keys";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { webhookKeys } from "@/features/webhooks/api/keys";

/**
 * The query-key factories (features/<name>/api/keys.ts). Mutations invalidate by prefix
 * (`invalidateQueries({ queryKey: tournamentKeys.all })`), so these tests pin the prefix relations
 * those invalidations rely on, with TanStack's own matcher, and the exact arrays (unchanged from
 * the literal keys they replaced).
 */

/** Whether invalidating `prefix` reaches a query stored under `key` (TanStack's prefix match). */
const reaches = (prefix: QueryKey, key: QueryKey) => partialMatchKey(key, prefix);

const tournamentList = { tab: "latest" as const, limit: 7 };
const playerList = { order: "newest" as const, limit: 10 };
const teamList = { order: "newest" as const, limit: 10 };
const transactionList = { limit: 5 };

/** One sample of every key each factory builds, by the prefix that should reach it. */
const families: [string, QueryKey, QueryKey[]][] = [
  ["admin", adminKeys.all, [adminKeys.audit(1), adminKeys.roleHolders("moderate"), adminKeys.rolePlayers("a"), adminKeys.wordFilter()]],
  ["calendar", calendarKeys.all, [calendarKeys.myFeed()]],
  ["media", mediaKeys.all, [mediaKeys.latest("youtube"), mediaKeys.latestNews(), mediaKeys.newsPost(3)]],
  [
    "moderation",
    moderationKeys.all,
    [
      moderationKeys.bans(),
      moderationKeys.inactive(),
      moderationKeys.playerSearch("a"),
      moderationKeys.profileChanges(),
      moderationKeys.unapprovedTeams(1),
      moderationKeys.teamClaims(),
      moderationKeys.pendingCounts(),
    ],
  ],
  ["news", moderationKeys.news.all, [moderationKeys.news.list(1), moderationKeys.news.source(4), moderationKeys.news.source(null)]],
  ["notifications", notificationKeys.all, [notificationKeys.list("all", 1)]],
  ["placements", placementKeys.all, [placementKeys.mine(5), placementKeys.editor(5), placementKeys.list(5, "PA", null, 2)]],
  [
    "rounds",
    roundKeys.all,
    [
      roundKeys.overview(5),
      roundKeys.round(5, 2),
      roundKeys.myRoom(5),
      roundKeys.pointsTables(),
      roundKeys.live(5),
      roundKeys.liveRoom(31),
    ],
  ],
  ["players", playerKeys.all, [playerKeys.profile(5), playerKeys.picker("a")]],
  [
    "registrations",
    registrationKeys.all,
    [
      registrationKeys.status(5),
      registrationKeys.players(5, "registered", "RD", undefined, 1),
      registrationKeys.squads(5, "registered", "RD"),
      registrationKeys.squad(5, 2),
      registrationKeys.invited(5, 2),
      registrationKeys.invitable(5, 2, "a"),
      registrationKeys.squadEdit(5, 2),
      registrationKeys.playerEdit(5, 3),
      registrationKeys.waitlist(5),
      teamRegistrationKeys.status(5),
      teamRegistrationKeys.list(5, "registered", "RD"),
      teamRegistrationKeys.eligible(5, 2, "RD"),
      teamRegistrationKeys.edit(5, 2),
    ],
  ],
  [
    "registry",
    registryKeys.all,
    [
      registryKeys.playerList(playerList),
      registryKeys.teamList("all", teamList),
      registryKeys.transactionList(transactionList),
      teamRegistrationKeys.pick("a"),
    ],
  ],
  [
    "series",
    seriesKeys.all,
    [
      seriesKeys.list(),
      seriesKeys.detail("mkw", 1),
      seriesKeys.names(),
      seriesKeys.role(4, "series_admin"),
      seriesKeys.standings(4),
      seriesKeys.points(4),
    ],
  ],
  [
    "teams",
    teamKeys.all,
    [teamKeys.detail(5), teamKeys.viewer(5), teamKeys.transfers(5, 1), teamKeys.picker("a", true), teamKeys.myInvitations()],
  ],
  ["templates", templateKeys.all, [templateKeys.list(4), templateKeys.detail(4, false)]],
  [
    "tournaments",
    tournamentKeys.all,
    [
      tournamentKeys.list(tournamentList),
      tournamentKeys.detail(5),
      tournamentKeys.logs(5, 1),
      tournamentKeys.latestResults(),
      tournamentKeys.myProposals(7),
      tournamentKeys.proposalQueue("pending"),
    ],
  ],
  ["webhooks", webhookKeys.all, [webhookKeys.scope("team", 5), webhookKeys.list("team", 5), webhookKeys.deliveries("team", 5, 9)]],
];

/** Keys that stand alone, outside any feature prefix. */
const loners: QueryKey[] = [
  sessionKeys.all,
  registryKeys.countries(),
  tournamentKeys.templateChoices(),
  widgetKeys.markdownPreview("x"),
  widgetKeys.mentionPlayers("a"),
  widgetKeys.tournamentPicker("/api/tournaments/picker?search=", "a"),
];

describe("query-key factories", () => {
  it.each(families)("every %s key starts with its factory's prefix, and no other family's", (name, prefix, keys) => {
    expect(prefix).toEqual([name]);
    for (const key of keys) {
      expect(key[0]).toBe(name);
      expect(reaches(prefix, key)).toBe(true);
    }
    for (const [other, otherPrefix] of families) if (other !== name) for (const key of keys) expect(reaches(otherPrefix, key)).toBe(false);
  });

  it("the keys outside the feature prefixes are reached by no family's invalidation", () => {
    for (const key of loners) for (const [, prefix] of families) expect(reaches(prefix, key)).toBe(false);
    expect(new Set(loners.map((k) => k[0])).size).toBe(loners.length);
  });

  it("a tournament write reaches every tournament read, but not the template choices (template saves refresh those)", () => {
    expect(reaches(tournamentKeys.all, tournamentKeys.detail(5))).toBe(true);
    expect(reaches(tournamentKeys.details(), tournamentKeys.detail(5))).toBe(true);
    expect(reaches(tournamentKeys.details(), tournamentKeys.list(tournamentList))).toBe(false);
    expect(reaches(tournamentKeys.all, tournamentKeys.templateChoices())).toBe(false);
  });

  it("a placements save reaches its tournament's placement reads only", () => {
    for (const key of [placementKeys.mine(5), placementKeys.editor(5), placementKeys.list(5, "ND", 10, 1)]) {
      expect(reaches(placementKeys.event(5), key)).toBe(true);
      expect(reaches(placementKeys.event(6), key)).toBe(false);
    }
  });

  it("a rounds write reaches that tournament's overview, rounds and the viewer's room only", () => {
    for (const key of [roundKeys.overview(5), roundKeys.round(5, 2), roundKeys.myRoom(5), roundKeys.live(5)]) {
      expect(reaches(roundKeys.event(5), key)).toBe(true);
      expect(reaches(roundKeys.event(6), key)).toBe(false);
    }
  });

  it("a new points table reaches the table list and every tournament's rounds overview; a rounds write leaves the list alone", () => {
    for (const key of [roundKeys.pointsTables(), roundKeys.overview(5), roundKeys.overview(6)])
      expect(reaches(roundKeys.all, key)).toBe(true);
    expect(reaches(roundKeys.event(5), roundKeys.pointsTables())).toBe(false);
  });

  it("a registration write reaches solo, squad and team registration reads of every tournament", () => {
    expect(teamRegistrationKeys.all).toBe(registrationKeys.all);
    for (const key of [registrationKeys.squad(5, 2), teamRegistrationKeys.edit(5, 2), teamRegistrationKeys.list(6, "withdrawn", "RA")]) {
      expect(reaches(registrationKeys.all, key)).toBe(true);
    }
    expect(reaches(registrationKeys.event(5), teamRegistrationKeys.status(5))).toBe(true);
    expect(reaches(registrationKeys.event(5), registrationKeys.status(6))).toBe(false);
  });

  it("a team change reaches team pages, the registry team lists, the team picker, transfers and player profiles", () => {
    expect(reaches(teamKeys.all, teamKeys.transfers(5, 2))).toBe(true);
    expect(reaches(registryKeys.teams(), registryKeys.teamList("150cc", teamList))).toBe(true);
    expect(reaches(registryKeys.teams(), teamRegistrationKeys.pick("a"))).toBe(true);
    expect(reaches(registryKeys.teams(), registryKeys.playerList(playerList))).toBe(false);
    expect(reaches(registryKeys.transactions(), registryKeys.transactionList(transactionList))).toBe(true);
    expect(reaches(playerKeys.profiles(), playerKeys.profile(5))).toBe(true);
    expect(reaches(playerKeys.profiles(), playerKeys.picker("a"))).toBe(false);
  });

  it("a profile save reaches the registry player lists and the profiles", () => {
    expect(reaches(registryKeys.players(), registryKeys.playerList(playerList))).toBe(true);
    expect(reaches(registryKeys.players(), registryKeys.teamList("all", teamList))).toBe(false);
  });

  it("a series role edit reaches that series' role lists only", () => {
    expect(reaches(seriesKeys.roles(4), seriesKeys.role(4, "series_admin"))).toBe(true);
    expect(reaches(seriesKeys.roles(4), seriesKeys.role(5, "series_admin"))).toBe(false);
    expect(reaches(seriesKeys.roles(4), seriesKeys.detail(4, 1))).toBe(false);
  });

  it("an admin role edit reaches that role's holders", () => {
    expect(reaches(adminKeys.roleHolders("moderate"), adminKeys.roleHolders("moderate"))).toBe(true);
    expect(reaches(adminKeys.roleHolders("moderate"), adminKeys.roleHolders("administrate"))).toBe(false);
  });

  it("the news editor's save reaches the news lists and every media panel (home news, posts)", () => {
    expect(reaches(moderationKeys.news.all, moderationKeys.news.source(4))).toBe(true);
    expect(reaches(mediaKeys.all, mediaKeys.newsPost(4))).toBe(true);
    expect(reaches(mediaKeys.all, mediaKeys.latestNews())).toBe(true);
  });

  it("the 'everything but …' predicates skip exactly the session (and the moderation queues)", () => {
    expect(sessionKeys.all[0]).toBe("session");
    expect(moderationKeys.all[0]).toBe("moderation");
    const firsts = families.map(([, prefix]) => prefix[0]);
    expect(firsts).not.toContain("session");
    // The news editor's reads are not moderation queues: a profile change decision reloads them.
    expect(moderationKeys.news.list(1)[0]).not.toBe(moderationKeys.all[0]);
  });

  it("keeps the arrays the literal keys had", () => {
    expect(adminKeys.wordFilter()).toEqual(["admin", "word_filter"]);
    expect(adminKeys.rolePlayers("a")).toEqual(["admin", "roles", "players", "a"]);
    expect(mediaKeys.latest("stream")).toEqual(["media", "stream", "latest"]);
    expect(mediaKeys.newsPost(3)).toEqual(["media", "news", "post", 3]);
    expect(moderationKeys.unapprovedTeams(2)).toEqual(["moderation", "unapproved_teams", 2]);
    expect(moderationKeys.news.source(null)).toEqual(["news", "source", null]);
    expect(notificationKeys.list("unread", 2)).toEqual(["notifications", "unread", 2]);
    expect(placementKeys.list(5, "PA", null, 2)).toEqual(["placements", 5, "list", "PA", null, 2]);
    expect(playerKeys.profile(5)).toEqual(["players", "profile", 5]);
    expect(registrationKeys.players(5, "registered", "RD", true, 3)).toEqual(["registrations", 5, "players", "registered", "RD", true, 3]);
    expect(teamRegistrationKeys.pick("a")).toEqual(["registry", "teams", "pick", "a"]);
    expect(teamRegistrationKeys.status(5)).toEqual(["registrations", 5, "team-status"]);
    expect(registryKeys.countries()).toEqual(["countries"]);
    expect(registryKeys.teamList("all", teamList)).toEqual(["registry", "teams", "all", teamList]);
    expect(seriesKeys.detail(7, "all")).toEqual(["series", "detail", "7", "all"]);
    expect(seriesKeys.role(4, "series_admin")).toEqual(["series", "roles", 4, "series_admin"]);
    expect(teamKeys.myInvitations()).toEqual(["teams", "my-invitations"]);
    expect(templateKeys.detail(4, true)).toEqual(["templates", "detail", 4, true]);
    expect(tournamentKeys.detail(5)).toEqual(["tournaments", "detail", 5]);
    expect(tournamentKeys.latestResults()).toEqual(["tournaments", "latest-results"]);
    expect(tournamentKeys.templateChoices()).toEqual(["template-choices"]);
    expect(widgetKeys.tournamentPicker("/u?s=", "a")).toEqual(["tournament-picker", "/u?s=", "a"]);
  });

  it("a QueryClient invalidation by a factory prefix marks exactly the matching cached reads stale", async () => {
    const client = new QueryClient();
    const keys = families.flatMap(([, , k]) => k).concat(loners);
    for (const key of keys) client.setQueryData(key, 1);
    await client.invalidateQueries({ queryKey: tournamentKeys.all, refetchType: "none" });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
    expect(stale).toEqual(families.find(([name]) => name === "tournaments")![2]);
    client.clear();
  });
});
