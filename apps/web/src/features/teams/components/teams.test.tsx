import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HISTORICAL_TEAM_EXISTS_MESSAGE, type TeamDetail, type TeamViewer } from "@site/contract";
import { callsTo, errorReply, mockFetch, type MockRoute } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

function team(o: Partial<TeamDetail> = {}): TeamDetail {
  return {
    id: 5,
    team_name: "Blue Shells",
    team_tag: "BS",
    team_color: 21,
    team_logo: null,
    recruitment_status: "recruiting",
    team_description: "**Fast**",
    team_description_html: "<p><strong>Fast</strong> racers</p>",
    main_language: "fr",
    language_name: "French",
    primary_team_id: null,
    primary_team_name: null,
    team_status: "approved",
    is_historical: false,
    is_shadow: false,
    category: "mk8dx_150",
    category_title: "MK8DX 150cc",
    created_human: "Jan 2, 2026",
    created_at: "2026-01-02T12:00:00.000Z",
    linked_teams: [],
    roster: [
      {
        player_id: 42,
        display_name: "Rider",
        country_code: "JP",
        country_name: "Japan",
        is_leader: true,
        is_manager: false,
        joined_human: "Jan 2, 2026",
        joined_at: "2026-01-02T12:00:00.000Z",
      },
      {
        player_id: 43,
        display_name: "Boss Two",
        country_code: "FR",
        country_name: "France",
        is_leader: false,
        is_manager: true,
        joined_human: "Jan 3, 2026",
        joined_at: "2026-01-03T12:00:00.000Z",
      },
      {
        player_id: 44,
        display_name: "Member Three",
        country_code: "US",
        country_name: "United States",
        is_leader: false,
        is_manager: false,
        joined_human: "Jan 4, 2026",
        joined_at: "2026-01-04T12:00:00.000Z",
      },
    ],
    results: [],
    ...o,
  };
}

function viewer(o: Partial<TeamViewer> = {}): TeamViewer {
  return {
    logged_in: false,
    has_profile: false,
    is_member: false,
    is_leader: false,
    is_manager: false,
    can_edit: false,
    can_admin_edit: false,
    can_manage_roster: false,
    can_invite: false,
    can_change_roles: false,
    can_approve: false,
    can_leave: false,
    can_request_join: false,
    can_claim: false,
    claim_pending: false,
    invitation: null,
    join_request: null,
    invitations: [],
    join_requests: [],
    pending_changes: [],
    claims: [],
    ...o,
  };
}

const LEADER = viewer({
  logged_in: true,
  has_profile: true,
  is_member: true,
  is_leader: true,
  can_edit: true,
  can_manage_roster: true,
  can_invite: true,
  can_change_roles: true,
  can_leave: true,
});

function teamRoutes(t: TeamDetail, v: TeamViewer, extra: Record<string, MockRoute> = {}, session = anonymousSession) {
  return {
    "GET /api/session": session,
    [`GET /api/registry/teams/${t.id}`]: t,
    [`GET /api/registry/teams/${t.id}/viewer`]: v,
    [`GET /api/registry/teams/${t.id}/transfers`]: { data: [], has_next_page: false },
    ...extra,
  };
}

const field = (fd: unknown, name: string) => (fd as FormData).get(name);

// --- team page -----------------------------------------------------------------------------------

describe("team page", () => {
  it("shows 'No Logo Available', the tag, the sanitized description and the roster by role", async () => {
    mockFetch(teamRoutes(team(), viewer()));
    renderApp("/registry/teams/5");
    expect(await screen.findByRole("heading", { name: /Blue Shells/ })).toBeInTheDocument();
    expect(screen.getByText("No Logo Available")).toBeInTheDocument();
    expect(screen.getByText("BS")).toHaveAttribute("data-color", "21");
    expect(screen.getByText("racers", { exact: false }).closest(".team-description")?.innerHTML).toContain("<strong>Fast</strong>");
    const roster = screen.getByTestId("team-roster");
    const section = (name: string) => within(within(roster).getByRole("region", { name }));
    expect(section("Leaders").getByRole("link", { name: "Rider" })).toHaveAttribute("href", "/registry/players/42");
    expect(section("Managers").getByRole("link", { name: "Boss Two" })).toBeInTheDocument();
    expect(section("Members").getByRole("link", { name: "Member Three" })).toBeInTheDocument();
    expect(section("Members").getByRole("img", { name: "United States" })).toBeInTheDocument();
    expect(section("Members").getByText("Joined Jan 4, 2026")).toBeInTheDocument();
    expect(screen.getByText("French")).toBeInTheDocument();
  });

  it("shows the logo when there is one", async () => {
    mockFetch(teamRoutes(team({ team_logo: "/uploads/abc.webp" }), viewer()));
    renderApp("/registry/teams/5");
    expect(await screen.findByRole("img", { name: "Blue Shells logo" })).toHaveAttribute("src", "/uploads/abc.webp");
    expect(screen.queryByText("No Logo Available")).not.toBeInTheDocument();
  });

  it("offers the team's calendar feed (#20 §4)", async () => {
    mockFetch(teamRoutes(team(), viewer()));
    const { user } = renderApp("/registry/teams/5");
    await user.click(await screen.findByText("Subscribe to this team's tournaments"));
    expect(screen.getByLabelText("Calendar feed URL")).toHaveValue(`${window.location.origin}/api/calendar/teams/5.ics`);
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
      "href",
      `webcal://${window.location.host}/api/calendar/teams/5.ics`,
    );
  });

  it("offers visitors nothing to change, and a log-in link on a recruiting team", async () => {
    mockFetch(teamRoutes(team(), viewer()));
    renderApp("/registry/teams/5");
    expect(await screen.findByRole("link", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Team" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("team-manage")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("gives leaders the edit link, the roster panel and role controls, but no Remove on themselves", async () => {
    mockFetch(teamRoutes(team(), LEADER, {}, userSession()));
    renderApp("/registry/teams/5");
    expect(await screen.findByRole("link", { name: "Edit Team" })).toHaveAttribute("href", "/registry/teams/5/edit");
    expect(screen.queryByRole("link", { name: "Admin Edit" })).not.toBeInTheDocument();
    expect(screen.getByTestId("team-manage")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Invite a Player" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove Boss Two" })).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Remove Rider" })).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Role of Member Three" })).toHaveValue("member");
    expect(screen.getByRole("button", { name: "Leave Team" })).toBeInTheDocument();
  });

  it("lets managers remove plain members only, without role controls", async () => {
    const manager = viewer({
      logged_in: true,
      has_profile: true,
      is_member: true,
      is_manager: true,
      can_manage_roster: true,
      can_invite: true,
      can_leave: true,
    });
    mockFetch(teamRoutes(team(), manager, {}, userSession({ player_id: 43 })));
    renderApp("/registry/teams/5");
    expect(await screen.findByRole("button", { name: "Remove Member Three" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove Rider" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Team" })).not.toBeInTheDocument();
  });

  it("gives a plain member Leave only, and administrators the admin edit and approval", async () => {
    mockFetch(
      teamRoutes(
        team(),
        viewer({ logged_in: true, has_profile: true, is_member: true, can_leave: true }),
        {},
        userSession({ player_id: 44 }),
      ),
    );
    const first = renderApp("/registry/teams/5");
    expect(await screen.findByRole("button", { name: "Leave Team" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Team" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("team-manage")).not.toBeInTheDocument();
    first.unmount();

    const admin = viewer({
      logged_in: true,
      can_admin_edit: true,
      can_manage_roster: true,
      can_invite: true,
      can_change_roles: true,
      can_approve: true,
    });
    const fetch = mockFetch(
      teamRoutes(team({ team_status: "unapproved" }), admin, {
        "POST /api/registry/teams/5/approve": { status: "ok", message: "The team was approved." },
      }),
    );
    const { user } = renderApp("/registry/teams/5");
    expect(await screen.findByRole("link", { name: "Admin Edit" })).toHaveAttribute("href", "/registry/teams/5/admin_edit");
    expect(screen.getByText("This team is waiting for approval by a moderator.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Approve Team" }));
    expect(await screen.findByText("The team was approved.")).toBeInTheDocument();
    expect(firstBody(fetch, "/api/registry/teams/5/approve")).toEqual({ approve: true });
  });

  it("asks to leave the current team before accepting an invitation of the same category", async () => {
    const invited = viewer({
      logged_in: true,
      has_profile: true,
      invitation: { id: 77, created_human: "Jan 9, 2026", created_at: "2026-01-09T12:00:00.000Z" },
    });
    const fetch = mockFetch(
      teamRoutes(
        team(),
        invited,
        {
          "POST /api/registry/teams/invitations/77/accept": ({ body }) =>
            (body as { leave_current: boolean }).leave_current
              ? { body: { status: "ok", message: "You joined Blue Shells.", team_id: 5, current_team: null } }
              : {
                  body: {
                    status: "confirm_leave",
                    message: "You are already on Red Shells in this category. Leave that team first?",
                    team_id: 5,
                    current_team: {
                      team_id: 3,
                      team_name: "Red Shells",
                      team_tag: "RS",
                      team_color: 1,
                      category: "mk8dx_150",
                      category_title: "MK8DX 150cc",
                    },
                  },
                },
        },
        userSession({ player_id: 50 }),
      ),
    );
    const { user } = renderApp("/registry/teams/5");
    await user.click(await screen.findByRole("button", { name: "Accept Invitation" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave your current team first?" });
    expect(within(dialog).getByText("Red Shells")).toBeInTheDocument();
    expect(within(dialog).getByText("Leave Red Shells and join Blue Shells?")).toBeInTheDocument();

    // Cancel: nothing more is sent.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/registry/teams/invitations/77/accept")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Accept Invitation" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave and continue" }));
    expect(await screen.findByText("You joined Blue Shells.")).toBeInTheDocument();
    const posts = callsTo(fetch, "POST", "/api/registry/teams/invitations/77/accept");
    expect(posts).toHaveLength(3);
    expect(JSON.parse(String(posts[2]![1].body))).toEqual({ leave_current: true });
  });

  it("shows the server's refusal of a roster action", async () => {
    mockFetch(
      teamRoutes(
        team(),
        LEADER,
        { "POST /api/registry/teams/5/kick": errorReply(400, "A team must keep at least one leader.") },
        userSession(),
      ),
    );
    const { user } = renderApp("/registry/teams/5");
    await user.click(await screen.findByRole("button", { name: "Remove Boss Two" }));
    // Removing a player asks first, in the shared confirmation dialog.
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove Boss Two" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A team must keep at least one leader.");
  });

  it("says 'Team not found' for a 404 and 'Something went wrong...' when the load fails", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/registry/teams/9": errorReply(404, "Team not found."),
      "GET /api/registry/teams/9/viewer": errorReply(404),
    });
    const a = renderApp("/registry/teams/9");
    expect(await screen.findByRole("heading", { name: "Team not found" })).toBeInTheDocument();
    a.unmount();
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/registry/teams/9": errorReply(500),
      "GET /api/registry/teams/9/viewer": errorReply(500),
    });
    renderApp("/registry/teams/9");
    expect(await screen.findByText("Something went wrong...")).toBeInTheDocument();
  });
});

function firstBody(fetch: ReturnType<typeof mockFetch>, path: string) {
  const call = callsTo(fetch, "POST", path)[0];
  if (!call) throw new Error(`no POST ${path}`);
  return JSON.parse(String(call[1].body));
}

// --- new team form -------------------------------------------------------------------------------

describe("new team form", () => {
  const base = (extra: Record<string, MockRoute> = {}) => ({
    "GET /api/session": userSession(),
    "GET /api/registry/teams/all": { data: [] },
    ...extra,
  });

  async function fill(user: ReturnType<typeof renderApp>["user"], name = "Green Shells", tag = "GS") {
    await user.type(await screen.findByRole("textbox", { name: "Team Name" }), name);
    await user.type(screen.getByRole("textbox", { name: "Team Tag" }), tag);
  }

  it("asks anonymous visitors to log in", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/registry/new_team");
    expect(await screen.findByRole("link", { name: "log in" })).toHaveAttribute("href", "/login?next=%2Fregistry%2Fnew_team");
  });

  it("validates with the contract's limits before sending anything", async () => {
    const fetch = mockFetch(base());
    const { user } = renderApp("/registry/new_team");
    await user.click(await screen.findByRole("button", { name: "Create Team" }));
    expect(await screen.findByText("Enter a team name.")).toBeInTheDocument();
    expect(screen.getByText("Enter a team tag.")).toBeInTheDocument();
    // maxLength keeps typing within 35/5/20; a pasted longer value is still refused by the schema.
    expect(screen.getByRole("textbox", { name: "Team Name" })).toHaveAttribute("maxLength", "35");
    expect(screen.getByRole("textbox", { name: "Team Tag" })).toHaveAttribute("maxLength", "5");
    fireEvent.change(screen.getByRole("textbox", { name: "Team Tag" }), { target: { value: "TOOLONG" } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Main Language" }), "other");
    fireEvent.change(screen.getByRole("textbox", { name: "Language Name" }), { target: { value: "x".repeat(21) } });
    await user.click(screen.getByRole("button", { name: "Create Team" }));
    expect(await screen.findByText("Team tags may be at most 5 characters.")).toBeInTheDocument();
    expect(screen.getByText("Language names may be at most 20 characters.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/registry/teams/new")).toHaveLength(0);
  });

  it("sends the multipart form with colour 1 by default and opens the new team's page", async () => {
    const fetch = mockFetch(
      base({
        "POST /api/registry/teams/new": { status: "success", message: "Created.", team_id: 55 },
        "GET /api/registry/teams/55": team({ id: 55, team_name: "Green Shells" }),
        "GET /api/registry/teams/55/viewer": LEADER,
        "GET /api/registry/teams/55/transfers": { data: [], has_next_page: false },
      }),
    );
    const { user, router } = renderApp("/registry/new_team");
    await fill(user);
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "mkw_vs_race");
    await user.click(screen.getByRole("button", { name: "Create Team" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/teams/55"));
    const [, init] = callsTo(fetch, "POST", "/api/registry/teams/new")[0]!;
    const fd = init.body;
    expect(field(fd, "team_name")).toBe("Green Shells");
    expect(field(fd, "team_tag")).toBe("GS");
    expect(field(fd, "team_color")).toBe("1");
    expect(field(fd, "team_category")).toBe("mkw_vs_race");
    expect(field(fd, "join_team")).toBe("1");
    expect(field(fd, "team_logo")).toBeNull();
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("csrf-user");
  });

  it("shows 'The logo exceeds the maximum size of 200KB.' for a 413, whatever the body", async () => {
    const fetch = mockFetch(base({ "POST /api/registry/teams/new": { reply: { status: 413 } } }));
    const { user } = renderApp("/registry/new_team");
    await fill(user);
    await user.click(screen.getByRole("radio", { name: "Upload a logo" }));
    await user.upload(screen.getByLabelText("Logo File"), new File([new Uint8Array(250 * 1024)], "logo.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Create Team" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The logo exceeds the maximum size of 200KB.");
    const fd = callsTo(fetch, "POST", "/api/registry/teams/new")[0]![1].body;
    expect(field(fd, "use_logo")).toBe("upload");
    expect(field(fd, "team_logo")).toBeInstanceOf(File);
  });

  it("shows the server's message for a refusal and 'An unknown error has occurred.' for a failure", async () => {
    mockFetch(base({ "POST /api/registry/teams/new": errorReply(400, "A team with this name already exists in this category.") }));
    const a = renderApp("/registry/new_team");
    await fill(a.user);
    await a.user.click(screen.getByRole("button", { name: "Create Team" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A team with this name already exists in this category.");
    a.unmount();

    mockFetch(base({ "POST /api/registry/teams/new": errorReply(500, "boom") }));
    const b = renderApp("/registry/new_team");
    await fill(b.user);
    await b.user.click(screen.getByRole("button", { name: "Create Team" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An unknown error has occurred.");
  });

  it("offers a claim request when a historical team has the name", async () => {
    const fetch = mockFetch(
      base({
        "POST /api/registry/teams/new": { status: "claim", message: HISTORICAL_TEAM_EXISTS_MESSAGE, team_id: 9 },
        "POST /api/registry/teams/claim/9": { status: "ok", message: "Your claim was sent to the moderators." },
      }),
    );
    const { user, router } = renderApp("/registry/new_team");
    await fill(user, "Old Legends", "OL");
    await user.click(screen.getByRole("button", { name: "Create Team" }));
    expect(await screen.findByText(HISTORICAL_TEAM_EXISTS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "see the team" })).toHaveAttribute("href", "/registry/teams/9");
    await user.click(screen.getByRole("button", { name: "Send a Claim Request" }));
    expect(await screen.findByText("Your claim was sent to the moderators.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/registry/teams/claim/9")).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/registry/new_team");
  });

  it("asks to leave the creator's team of the category first and resends with leave_current", async () => {
    let n = 0;
    const fetch = mockFetch(
      base({
        "POST /api/registry/teams/new": () =>
          ++n === 1
            ? {
                body: {
                  status: "confirm_leave",
                  message: "You are already on Red Shells in this category. Leave that team first?",
                  team_id: null,
                  current_team: {
                    team_id: 3,
                    team_name: "Red Shells",
                    team_tag: "RS",
                    team_color: 1,
                    category: "mk8dx_150",
                    category_title: "MK8DX 150cc",
                  },
                },
              }
            : { body: { status: "success", message: "Created.", team_id: 56 } },
        "GET /api/registry/teams/56": team({ id: 56 }),
        "GET /api/registry/teams/56/viewer": LEADER,
        "GET /api/registry/teams/56/transfers": { data: [], has_next_page: false },
      }),
    );
    const { user, router } = renderApp("/registry/new_team");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Create Team" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave your current team first?" });
    expect(within(dialog).getByText("Leave Red Shells and create this team?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Leave and continue" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/teams/56"));
    const posts = callsTo(fetch, "POST", "/api/registry/teams/new");
    expect(field(posts[0]![1].body, "leave_current")).toBeNull();
    expect(field(posts[1]![1].body, "leave_current")).toBe("1");
  });
});

// --- team edit ----------------------------------------------------------------------------------

describe("team edit", () => {
  it("refuses non-leaders and sends only the leader's fields", async () => {
    mockFetch(teamRoutes(team(), viewer({ logged_in: true, is_member: true, can_leave: true }), {}, userSession({ player_id: 44 })));
    const a = renderApp("/registry/teams/5/edit");
    expect(await screen.findByText("Only the team's leaders can edit the team.")).toBeInTheDocument();
    a.unmount();

    const fetch = mockFetch(
      teamRoutes(
        team(),
        LEADER,
        { "POST /api/registry/teams/5": { status: "success", message: "The team was saved.", team_id: 5 } },
        userSession(),
      ),
    );
    const { user, router } = renderApp("/registry/teams/5/edit");
    expect(await screen.findByRole("textbox", { name: "Team Name" })).toHaveValue("Blue Shells");
    expect(screen.queryByRole("combobox", { name: "Team Status" })).not.toBeInTheDocument();
    expect(screen.getByText(/once every 12 weeks/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Recruitment Status" }), "closed");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/teams/5"));
    const fd = callsTo(fetch, "POST", "/api/registry/teams/5")[0]![1].body;
    expect(field(fd, "recruitment_status")).toBe("closed");
    expect(field(fd, "use_logo")).toBe("existing");
    for (const adminOnly of ["team_status", "team_historical", "primary_team", "team_category"]) expect(field(fd, adminOnly)).toBeNull();
  });
});
