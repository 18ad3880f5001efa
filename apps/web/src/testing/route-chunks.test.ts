import { describe, expect, it } from "vitest";
import { routeFiles, routeModules } from "../../route-chunks";

describe("route-chunks: each route's own code, for the server's modulepreload links (#17 §6)", () => {
  it("reads the router's lazy screens by path; eager screens are left out", () => {
    const router = `
import HomeRoute from "./routes/home";
const TournamentRoute = lazy(() => import("./routes/tournaments/tournament"));
const SquadRoute = lazy(() => import("./routes/tournaments/registrations").then((m) => ({ default: m.SquadRoute })));
export const routes = [{ element: <AppShell />, children: [
  { index: true, element: <HomeRoute /> },
  { path: "tournaments/:id", element: <TournamentRoute /> },
  { path: "tournaments/:id/squads/:squadId", element: <SquadRoute /> },
] }];`;
    expect(routeModules(router)).toEqual({
      "tournaments/:id": "./routes/tournaments/tournament",
      "tournaments/:id/squads/:squadId": "./routes/tournaments/registrations",
    });
  });

  it("lists the chunk holding the route's module and its static imports, without what the entry already loads", () => {
    const chunks = [
      { fileName: "assets/index-1.js", isEntry: true, imports: ["assets/react-2.js"], moduleIds: ["/src/main.tsx"], css: [] },
      { fileName: "assets/react-2.js", isEntry: false, imports: [], moduleIds: ["/node_modules/react/index.js"], css: [] },
      {
        fileName: "assets/tournament-3.js",
        isEntry: false,
        imports: ["assets/react-2.js", "assets/panel-4.js"],
        moduleIds: ["/src/app/routes/tournaments/tournament.tsx", "/src/features/x.tsx"],
        css: ["assets/tournament-3.css"],
      },
      {
        fileName: "assets/panel-4.js",
        isEntry: false,
        imports: ["assets/react-2.js"],
        moduleIds: ["/src/panel.tsx"],
        css: ["assets/panel-4.css"],
      },
    ];
    expect(routeFiles(chunks, "/src/app/routes/tournaments/tournament.tsx")).toEqual({
      js: ["/assets/tournament-3.js", "/assets/panel-4.js"],
      css: ["/assets/tournament-3.css", "/assets/panel-4.css"],
    });
    expect(routeFiles(chunks, "/src/unknown.tsx")).toEqual({ js: [], css: [] });
  });
});
