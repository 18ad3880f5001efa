import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "react-router";
import { isPageRoute, PAGE_ROUTES } from "@site/contract";
import { paths } from "@/config/paths";
import { routes } from "./router";

/**
 * The browser routes are declared three times: the contract's PAGE_ROUTES (the server answers
 * them with the app shell and 200, anything else 404), the router's table and the path helpers
 * the web builds links with. These tests keep the three in step.
 */

/** Every path of the route table as an absolute pattern ('/tournaments/:id'), without the not-found splat. */
function routerPaths(table: RouteObject[], base = ""): string[] {
  return table.flatMap((route) => {
    const here = route.index ? base || "/" : route.path === undefined ? base : `${base}/${route.path}`;
    const own = route.index || (route.path !== undefined && route.path !== "*") ? [here] : [];
    return [...own, ...routerPaths(route.children ?? [], route.path === undefined ? base : here)];
  });
}

/** One URL built by each path helper; typed over every helper, so a new helper needs a sample here. */
const HELPER_URLS: Record<keyof typeof paths, string> = {
  home: paths.home,
  login: paths.login("/tournaments/7"),
  signup: paths.signup,
  verifyEmail: paths.verifyEmail,
  forgotPassword: paths.forgotPassword,
  resetPassword: paths.resetPassword,
  notifications: paths.notifications,
  news: paths.news(7),
  newsList: paths.newsList,
  newsEdit: paths.newsEdit("new"),
  tournaments: paths.tournaments,
  myTournaments: paths.myTournaments,
  tournament: paths.tournament(7),
  tournamentRegister: paths.tournamentRegister(7),
  tournamentRegistrations: paths.tournamentRegistrations(7),
  teamEligiblePlayers: paths.teamEligiblePlayers(7, 21),
  editTeamRegistration: paths.editTeamRegistration(7, 21),
  chooseTemplate: paths.chooseTemplate,
  tournamentEdit: paths.tournamentEdit("new", 3),
  tournamentControls: paths.tournamentControls(7),
  tournamentLogs: paths.tournamentLogs(7),
  tournamentPlacements: paths.tournamentPlacements(7),
  tournamentPlacementsEdit: paths.tournamentPlacementsEdit(7),
  tournamentRounds: paths.tournamentRounds(7),
  tournamentRound: paths.tournamentRound(7, 2),
  tournamentLive: paths.tournamentLive(7),
  overlayRoom: paths.overlayRoom(31, "?scale=1.5"),
  overlayStandings: paths.overlayStandings(7),
  series: paths.series,
  seriesDetail: paths.seriesDetail("showdown"),
  seriesEdit: paths.seriesEdit(3),
  seriesRoles: paths.seriesRoles(3),
  webhooks: paths.webhooks("series", 3),
  seriesTemplates: paths.seriesTemplates(3),
  templateEdit: paths.templateEdit(3, "new", 4),
  players: paths.players,
  player: paths.player(42),
  playerEdit: paths.playerEdit(42),
  editProfile: paths.editProfile,
  createProfile: paths.createProfile("/tournaments/7"),
  teams: paths.teams(),
  team: paths.team(21),
  teamEdit: paths.teamEdit(21),
  teamAdminEdit: paths.teamAdminEdit(21),
  newTeam: paths.newTeam,
  newShadowTeam: paths.newShadowTeam,
  transfers: paths.transfers,
  profileChanges: paths.profileChanges,
  teamApprovals: paths.teamApprovals,
  adminBans: paths.adminBans,
  adminAudit: paths.adminAudit,
  adminWordFilter: paths.adminWordFilter,
  adminRoles: paths.adminRoles,
  adminMedia: paths.adminMedia,
  adminPointsTables: paths.adminPointsTables,
  proposeTournament: paths.proposeTournament,
  adminProposals: paths.adminProposals,
};

describe("browser routes: PAGE_ROUTES, the router and the path helpers agree", () => {
  const router = routerPaths(routes);

  it("declares each router path once", () => {
    expect(new Set(router).size).toBe(router.length);
  });

  it("serves every router path as a page (each is in PAGE_ROUTES)", () => {
    expect(router.filter((p) => !(PAGE_ROUTES as readonly string[]).includes(p))).toEqual([]);
  });

  it("routes every page the server serves (each PAGE_ROUTES entry is a router path)", () => {
    expect(PAGE_ROUTES.filter((p) => !router.includes(p))).toEqual([]);
  });

  it.each(Object.entries(HELPER_URLS))("path helper %s builds a URL the router and the server both know (%s)", (_, url) => {
    const pathname = new URL(url, "https://site.example").pathname;
    const matched = matchRoutes(routes, pathname) ?? [];
    const screen = matched[matched.length - 1]?.route;
    // The deepest match is a real screen, not the not-found splat, and its pattern is a page route.
    expect(screen).toBeDefined();
    expect(screen?.path).not.toBe("*");
    const pattern = `/${matched
      .map((m) => m.route.path ?? "")
      .filter(Boolean)
      .join("/")}`;
    expect(PAGE_ROUTES).toContain(pattern);
    expect(isPageRoute(pathname)).toBe(true);
  });
});
