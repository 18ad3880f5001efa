import { lazy } from "react";
import { useRoutes, type RouteObject } from "react-router";
import { AppShell } from "./layout/app-shell";
import { OverlayFrame } from "./layout/overlay-frame";
import HomeRoute from "./routes/home";
import { ScreenBoundary } from "./routes/route-error";

// Every screen except the home page is its own chunk, so `/` downloads only the shell and home.
const LoginRoute = lazy(() => import("./routes/auth/login"));
const SignupRoute = lazy(() => import("./routes/auth/signup"));
const VerifyEmailRoute = lazy(() => import("./routes/auth/verify-email"));
const ForgotPasswordRoute = lazy(() => import("./routes/auth/forgot-password"));
const ResetPasswordRoute = lazy(() => import("./routes/auth/reset-password"));
const PlayersRoute = lazy(() => import("./routes/registry/players"));
const PlayerRoute = lazy(() => import("./routes/registry/player"));
const PlayerEditRoute = lazy(() => import("./routes/registry/player-edit"));
const EditProfileRoute = lazy(() => import("./routes/registry/edit-profile"));
const TeamsRoute = lazy(() => import("./routes/registry/teams"));
const TeamRoute = lazy(() => import("./routes/registry/team"));
const TeamEditRoute = lazy(() => import("./routes/registry/team-edit"));
const TeamAdminEditRoute = lazy(() => import("./routes/registry/team-admin-edit"));
const NewTeamRoute = lazy(() => import("./routes/registry/new-team"));
const ShadowTeamRoute = lazy(() => import("./routes/registry/shadow-team"));
const RecentTransactionsRoute = lazy(() => import("./routes/registry/recent-transactions"));
const TournamentsRoute = lazy(() => import("./routes/tournaments/list"));
const SeriesListRoute = lazy(() => import("./routes/tournaments/series-list"));
const ChooseTemplateRoute = lazy(() => import("./routes/tournaments/choose-template"));
const MyTournamentsRoute = lazy(() => import("./routes/tournaments/mine"));
const TournamentRoute = lazy(() => import("./routes/tournaments/tournament"));
const TournamentEditRoute = lazy(() => import("./routes/tournaments/tournament-edit"));
const TournamentControlsRoute = lazy(() => import("./routes/tournaments/controls"));
const TournamentLogsRoute = lazy(() => import("./routes/tournaments/logs"));
const RegisterRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.RegisterRoute })));
const RegistrationsRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.RegistrationsRoute })));
const SquadRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.SquadRoute })));
const EditSquadRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.EditSquadRoute })));
const EditSquadPlayerRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.EditSquadPlayerRoute })));
const EditPlayerRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.EditPlayerRoute })));
const EligiblePlayersRoute = lazy(() =>
  import("./routes/tournaments/team-registrations").then((m) => ({ default: m.EligiblePlayersRoute })),
);
const EditTeamRegistrationRoute = lazy(() =>
  import("./routes/tournaments/team-registrations").then((m) => ({ default: m.EditTeamRegistrationRoute })),
);
const PlacementsRoute = lazy(() => import("./routes/tournaments/placements").then((m) => ({ default: m.PlacementsRoute })));
const PlacementsEditRoute = lazy(() => import("./routes/tournaments/placements").then((m) => ({ default: m.PlacementsEditRoute })));
const RoundsRoute = lazy(() => import("./routes/tournaments/rounds").then((m) => ({ default: m.RoundsRoute })));
const RoundRoute = lazy(() => import("./routes/tournaments/rounds").then((m) => ({ default: m.RoundRoute })));
const LiveRoute = lazy(() => import("./routes/tournaments/live").then((m) => ({ default: m.LiveRoute })));
const RoomOverlayRoute = lazy(() => import("./routes/overlay/overlays").then((m) => ({ default: m.RoomOverlayRoute })));
const StandingsOverlayRoute = lazy(() => import("./routes/overlay/overlays").then((m) => ({ default: m.StandingsOverlayRoute })));
const SeriesDetailRoute = lazy(() => import("./routes/tournaments/series-detail"));
const SeriesEditRoute = lazy(() => import("./routes/tournaments/series-edit"));
const SeriesRolesRoute = lazy(() => import("./routes/tournaments/series-roles"));
const WebhooksRoute = lazy(() => import("./routes/webhooks"));
const SeriesTemplatesRoute = lazy(() => import("./routes/tournaments/series-templates"));
const TemplateEditRoute = lazy(() => import("./routes/tournaments/template-edit"));
const NewsPostRoute = lazy(() => import("./routes/news/post"));
const AdminMediaRoute = lazy(() => import("./routes/admin/media"));
const NotificationsRoute = lazy(() => import("./routes/notifications"));
const ProfileChangesRoute = lazy(() => import("./routes/registry/profile-changes"));
const WordFilterRoute = lazy(() => import("./routes/admin/word-filter"));
const AdminRolesRoute = lazy(() => import("./routes/admin/roles"));
const TeamApprovalsRoute = lazy(() => import("./routes/registry/team-approvals"));
const BansRoute = lazy(() => import("./routes/admin/bans"));
const NewsListRoute = lazy(() => import("./routes/news/list"));
const NewsEditRoute = lazy(() => import("./routes/news/edit"));
const AuditRoute = lazy(() => import("./routes/admin/audit"));
const PointsTablesRoute = lazy(() => import("./routes/admin/points-tables"));
const ProposalsRoute = lazy(() => import("./routes/admin/tournament-proposals"));
const ProposeRoute = lazy(() => import("./routes/tournaments/propose"));
const NotFoundRoute = lazy(() => import("./routes/not-found"));

/**
 * The route table. The shell stays mounted; screen errors are caught one level down
 * (`ScreenBoundary`) so the header and footer survive a failing screen. Declarative routes
 * (`useRoutes`), not the data router: no screen uses loaders or actions, and the data router
 * would add ~18 KB gzip to every page's first load (#17 §6, docs/decisions.md).
 */
export const routes: RouteObject[] = [
  // Stream overlays (issue #20 §2): their own frame, outside the site's shell (no header, footer or account UI).
  {
    element: <OverlayFrame />,
    children: [
      { path: "overlay/rooms/:roomId", element: <RoomOverlayRoute /> },
      { path: "overlay/tournaments/:id/standings", element: <StandingsOverlayRoute /> },
    ],
  },
  {
    element: <AppShell />,
    children: [
      {
        element: <ScreenBoundary />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: "login", element: <LoginRoute /> },
          { path: "signup", element: <SignupRoute /> },
          { path: "verify_email", element: <VerifyEmailRoute /> },
          { path: "forgot_password", element: <ForgotPasswordRoute /> },
          { path: "reset_password", element: <ResetPasswordRoute /> },
          { path: "tournaments", element: <TournamentsRoute /> },
          { path: "tournaments/series", element: <SeriesListRoute /> },
          { path: "tournaments/choose_template", element: <ChooseTemplateRoute /> },
          { path: "tournaments/mine", element: <MyTournamentsRoute /> },
          { path: "tournaments/:id", element: <TournamentRoute /> },
          { path: "tournaments/:id/edit", element: <TournamentEditRoute /> },
          { path: "tournaments/:id/controls", element: <TournamentControlsRoute /> },
          { path: "tournaments/:id/logs", element: <TournamentLogsRoute /> },
          { path: "tournaments/:id/placements", element: <PlacementsRoute /> },
          { path: "tournaments/:id/placements/edit", element: <PlacementsEditRoute /> },
          { path: "tournaments/:id/rounds", element: <RoundsRoute /> },
          { path: "tournaments/:id/rounds/:n", element: <RoundRoute /> },
          { path: "tournaments/:id/live", element: <LiveRoute /> },
          { path: "tournaments/:id/register", element: <RegisterRoute /> },
          { path: "tournaments/:id/registrations", element: <RegistrationsRoute /> },
          { path: "tournaments/:id/squads/:squadId", element: <SquadRoute /> },
          { path: "tournaments/:id/registrations/squads/:squadId/edit", element: <EditSquadRoute /> },
          { path: "tournaments/:id/registrations/squads/players/:playerId/edit", element: <EditSquadPlayerRoute /> },
          { path: "tournaments/:id/registrations/players/:playerId/edit", element: <EditPlayerRoute /> },
          { path: "tournaments/:id/registrations/teams/:teamId/edit", element: <EditTeamRegistrationRoute /> },
          { path: "tournaments/:id/teams/:teamId/eligible_players", element: <EligiblePlayersRoute /> },
          { path: "tournaments/series/:slugOrId", element: <SeriesDetailRoute /> },
          { path: "tournaments/series/:id/edit", element: <SeriesEditRoute /> },
          { path: "tournaments/series/:id/roles", element: <SeriesRolesRoute /> },
          { path: "webhooks/:scope/:id", element: <WebhooksRoute /> },
          { path: "tournaments/series/:id/templates", element: <SeriesTemplatesRoute /> },
          { path: "tournaments/series/:id/templates/:templateId/edit", element: <TemplateEditRoute /> },
          { path: "news/:id", element: <NewsPostRoute /> },
          { path: "registry/players", element: <PlayersRoute /> },
          { path: "registry/players/:id", element: <PlayerRoute /> },
          { path: "registry/players/:id/edit", element: <PlayerEditRoute /> },
          { path: "registry/edit_profile", element: <EditProfileRoute /> },
          { path: "registry/teams/category/:cat", element: <TeamsRoute /> },
          { path: "registry/teams/shadow/new", element: <ShadowTeamRoute /> },
          { path: "registry/teams/:id", element: <TeamRoute /> },
          { path: "registry/teams/:id/edit", element: <TeamEditRoute /> },
          { path: "registry/teams/:id/admin_edit", element: <TeamAdminEditRoute /> },
          { path: "registry/new_team", element: <NewTeamRoute /> },
          { path: "registry/recent_transactions", element: <RecentTransactionsRoute /> },
          { path: "admin/media", element: <AdminMediaRoute /> },
          { path: "notifications", element: <NotificationsRoute /> },
          { path: "registry/profile_changes", element: <ProfileChangesRoute /> },
          { path: "admin/word_filter", element: <WordFilterRoute /> },
          { path: "admin/roles", element: <AdminRolesRoute /> },
          { path: "registry/team_approvals", element: <TeamApprovalsRoute /> },
          { path: "admin/bans", element: <BansRoute /> },
          { path: "news", element: <NewsListRoute /> },
          { path: "news/:id/edit", element: <NewsEditRoute /> },
          { path: "admin/audit", element: <AuditRoute /> },
          { path: "admin/points-tables", element: <PointsTablesRoute /> },
          { path: "admin/tournament-proposals", element: <ProposalsRoute /> },
          { path: "tournaments/propose", element: <ProposeRoute /> },
          { path: "*", element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/** The routed app, inside a `BrowserRouter` (browser) or `StaticRouter` (server render). */
export function AppRoutes() {
  return useRoutes(routes);
}
