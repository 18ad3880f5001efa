import { lazyScreen } from "@/lib/i18n/lazy-screen";
import { useRoutes, type RouteObject } from "react-router";
import { AppShell } from "./layout/app-shell";
import { OverlayFrame } from "./layout/overlay-frame";
import HomeRoute from "./routes/home";
import { ScreenBoundary } from "./routes/route-error";

// Every screen except the home page is its own chunk, so `/` downloads only the shell and home;
// each waits for the active language's `screens` messages too (#21, lazyScreen).
const LoginRoute = lazyScreen(() => import("./routes/auth/login"));
const SignupRoute = lazyScreen(() => import("./routes/auth/signup"));
const VerifyEmailRoute = lazyScreen(() => import("./routes/auth/verify-email"));
const ForgotPasswordRoute = lazyScreen(() => import("./routes/auth/forgot-password"));
const ResetPasswordRoute = lazyScreen(() => import("./routes/auth/reset-password"));
const PlayersRoute = lazyScreen(() => import("./routes/registry/players"));
const PlayerRoute = lazyScreen(() => import("./routes/registry/player"));
const PlayerEditRoute = lazyScreen(() => import("./routes/registry/player-edit"));
const EditProfileRoute = lazyScreen(() => import("./routes/registry/edit-profile"));
const TeamsRoute = lazyScreen(() => import("./routes/registry/teams"));
const TeamRoute = lazyScreen(() => import("./routes/registry/team"));
const TeamEditRoute = lazyScreen(() => import("./routes/registry/team-edit"));
const TeamAdminEditRoute = lazyScreen(() => import("./routes/registry/team-admin-edit"));
const NewTeamRoute = lazyScreen(() => import("./routes/registry/new-team"));
const ShadowTeamRoute = lazyScreen(() => import("./routes/registry/shadow-team"));
const RecentTransactionsRoute = lazyScreen(() => import("./routes/registry/recent-transactions"));
const TournamentsRoute = lazyScreen(() => import("./routes/tournaments/list"));
const SeriesListRoute = lazyScreen(() => import("./routes/tournaments/series-list"));
const ChooseTemplateRoute = lazyScreen(() => import("./routes/tournaments/choose-template"));
const MyTournamentsRoute = lazyScreen(() => import("./routes/tournaments/mine"));
const TournamentRoute = lazyScreen(() => import("./routes/tournaments/tournament"));
const TournamentEditRoute = lazyScreen(() => import("./routes/tournaments/tournament-edit"));
const TournamentControlsRoute = lazyScreen(() => import("./routes/tournaments/controls"));
const TournamentLogsRoute = lazyScreen(() => import("./routes/tournaments/logs"));
const RegisterRoute = lazyScreen(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.RegisterRoute })));
const RegistrationsRoute = lazyScreen(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.RegistrationsRoute })));
const SquadRoute = lazyScreen(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.SquadRoute })));
const EditSquadRoute = lazyScreen(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.EditSquadRoute })));
const EditSquadPlayerRoute = lazyScreen(() =>
  import("./routes/tournaments/registrations").then((m) => ({ default: m.EditSquadPlayerRoute })),
);
const EditPlayerRoute = lazyScreen(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.EditPlayerRoute })));
const EligiblePlayersRoute = lazyScreen(() =>
  import("./routes/tournaments/team-registrations").then((m) => ({ default: m.EligiblePlayersRoute })),
);
const EditTeamRegistrationRoute = lazyScreen(() =>
  import("./routes/tournaments/team-registrations").then((m) => ({ default: m.EditTeamRegistrationRoute })),
);
const PlacementsRoute = lazyScreen(() => import("./routes/tournaments/placements").then((m) => ({ default: m.PlacementsRoute })));
const PlacementsEditRoute = lazyScreen(() => import("./routes/tournaments/placements").then((m) => ({ default: m.PlacementsEditRoute })));
const RoundsRoute = lazyScreen(() => import("./routes/tournaments/rounds").then((m) => ({ default: m.RoundsRoute })));
const RoundRoute = lazyScreen(() => import("./routes/tournaments/rounds").then((m) => ({ default: m.RoundRoute })));
const LiveRoute = lazyScreen(() => import("./routes/tournaments/live").then((m) => ({ default: m.LiveRoute })));
const RoomOverlayRoute = lazyScreen(() => import("./routes/overlay/overlays").then((m) => ({ default: m.RoomOverlayRoute })));
const StandingsOverlayRoute = lazyScreen(() => import("./routes/overlay/overlays").then((m) => ({ default: m.StandingsOverlayRoute })));
const SeriesDetailRoute = lazyScreen(() => import("./routes/tournaments/series-detail"));
const SeriesEditRoute = lazyScreen(() => import("./routes/tournaments/series-edit"));
const SeriesRolesRoute = lazyScreen(() => import("./routes/tournaments/series-roles"));
const WebhooksRoute = lazyScreen(() => import("./routes/webhooks"));
const SeriesTemplatesRoute = lazyScreen(() => import("./routes/tournaments/series-templates"));
const TemplateEditRoute = lazyScreen(() => import("./routes/tournaments/template-edit"));
const NewsPostRoute = lazyScreen(() => import("./routes/news/post"));
const AdminMediaRoute = lazyScreen(() => import("./routes/admin/media"));
const NotificationsRoute = lazyScreen(() => import("./routes/notifications"));
const ProfileChangesRoute = lazyScreen(() => import("./routes/registry/profile-changes"));
const WordFilterRoute = lazyScreen(() => import("./routes/admin/word-filter"));
const AdminRolesRoute = lazyScreen(() => import("./routes/admin/roles"));
const TeamApprovalsRoute = lazyScreen(() => import("./routes/registry/team-approvals"));
const BansRoute = lazyScreen(() => import("./routes/admin/bans"));
const NewsListRoute = lazyScreen(() => import("./routes/news/list"));
const NewsEditRoute = lazyScreen(() => import("./routes/news/edit"));
const AuditRoute = lazyScreen(() => import("./routes/admin/audit"));
const PointsTablesRoute = lazyScreen(() => import("./routes/admin/points-tables"));
const ProposalsRoute = lazyScreen(() => import("./routes/admin/tournament-proposals"));
const ProposeRoute = lazyScreen(() => import("./routes/tournaments/propose"));
const NotFoundRoute = lazyScreen(() => import("./routes/not-found"));

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
