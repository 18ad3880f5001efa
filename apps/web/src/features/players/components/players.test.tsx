import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { PlayerProfile, ProfileSaveResponse } from "@site/contract";
import { callsTo, errorReply, mockFetch, type MockRoute } from "@/testing/mock-fetch";
import { anonymousSession, countries, players, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

function profile(overrides: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    id: 42,
    user_id: 7,
    display_name: "Rider",
    country_code: "JP",
    country_name: "Japan",
    discord_tag: "rider#0001",
    discord_privacy: "public",
    switch_fc: "1234-5678-9012",
    nnid: "rider_nn",
    fc_3ds: "2222-3333-4444",
    mktour_fc: null,
    profile_message: "**Hi**",
    profile_message_html: "<p><strong>Hi</strong></p>",
    profile_picture_border_color: 60,
    site_theme: "forest",
    background: null,
    is_hidden: 0,
    is_shadow: false,
    is_banned: false,
    is_supporter: false,
    joined_human: "Jan 5, 2024",
    joined_at: "2024-01-05T12:00:00.000Z",
    pending_display_name: null,
    current_teams: [
      {
        team_id: 5,
        team_name: "Blue Shells",
        team_tag: "BS",
        team_color: 21,
        team_logo: null,
        category: "mkworld_150",
        category_title: "MKWorld 150cc",
        is_leader: true,
        is_manager: false,
        joined_human: "Feb 1, 2025",
        joined_at: "2025-02-01T12:00:00.000Z",
      },
    ],
    team_history: [
      {
        team_id: 5,
        team_name: "Blue Shells",
        team_tag: "BS",
        team_color: 21,
        category: "mkworld_150",
        category_title: "MKWorld 150cc",
        joined_human: "Feb 1, 2025",
        joined_at: "2025-02-01T12:00:00.000Z",
        left_human: null,
        left_at: null,
      },
      {
        team_id: 3,
        team_name: "Red Shells",
        team_tag: "RS",
        team_color: 2,
        category: "mk8dx_150",
        category_title: "MK8DX 150cc",
        joined_human: "Mar 1, 2024",
        joined_at: "2024-03-01T12:00:00.000Z",
        left_human: "Jan 1, 2025",
        left_at: "2025-01-01T12:00:00.000Z",
      },
    ],
    results: [
      {
        tournament_id: 90,
        tournament_title: "Grand Cup",
        date_human: "Apr 2, 2025",
        date: "2025-04-02T12:00:00.000Z",
        game_mode: "mkworld_150",
        mode_abbrev: "MKWorld 150cc",
        entrant_type: "squad",
        entrant_name: "Shell Squad",
        placement: 1,
        placement_upper_bound: null,
        dq: false,
        title: "Champion",
      },
      {
        tournament_id: 91,
        tournament_title: "Small Cup",
        date_human: "Mar 2, 2025",
        date: "2025-03-02T12:00:00.000Z",
        game_mode: "mkworld_150",
        mode_abbrev: "MKWorld 150cc",
        entrant_type: "player",
        entrant_name: null,
        placement: 12,
        placement_upper_bound: 9,
        dq: false,
        title: null,
      },
    ],
    ...overrides,
  };
}

const success = (id = 42, message = "Your profile has been saved."): ProfileSaveResponse => ({ status: "success", message, player_id: id });

// --- player page ------------------------------------------------------------------------------

describe("/registry/players/:id", () => {
  it("shows name, country, prefixed friend codes, Discord, message, teams, history and results with medals", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/registry/players/42": profile() });
    renderApp("/registry/players/42");
    expect(await screen.findByRole("heading", { name: "Rider", level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole("img", { name: "Japan" })[0]).toHaveClass("fi-jp");
    expect(screen.getByText("SW-1234-5678-9012")).toBeInTheDocument();
    expect(screen.getByText("3DS-2222-3333-4444")).toBeInTheDocument();
    expect(screen.getByText("rider_nn")).toBeInTheDocument();
    expect(screen.queryByText(/MKT-/)).not.toBeInTheDocument();
    expect(screen.getByText("rider#0001")).toBeInTheDocument();
    expect(screen.getByText("Hi").tagName).toBe("STRONG");
    expect(screen.getAllByRole("link", { name: "Blue Shells" })[0]).toHaveAttribute("href", "/registry/teams/5");
    expect(screen.getByText("Leader")).toBeInTheDocument();
    expect(screen.getByText("Jan 1, 2025")).toBeInTheDocument();
    const results = screen.getByTestId("player-results");
    expect(within(results).getByRole("img", { name: "1st place" })).toHaveClass("medal--gold");
    expect(within(results).getByText("9–12")).toBeInTheDocument();
    expect(within(results).getByRole("link", { name: "Grand Cup" })).toHaveAttribute("href", "/tournaments/90");
    expect(within(results).getByText("Shell Squad")).toBeInTheDocument();
    // Anonymous visitors get no edit links.
    expect(screen.queryByRole("link", { name: "Edit Profile" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Player" })).not.toBeInTheDocument();
    // Not a supporter: default theme and border.
    expect(screen.getByTestId("player-page")).toHaveAttribute("data-theme", "forest");
  });

  it("shows a supporter's theme, border and background, 'Private' for a hidden tag, and the pending name", async () => {
    mockFetch({
      "GET /api/session": userSession({ player_id: 42 }),
      "GET /api/registry/players/42": profile({
        is_supporter: true,
        site_theme: "volcano",
        profile_picture_border_color: 45,
        background: "/uploads/bg.webp",
        discord_tag: null,
        discord_privacy: "private",
        pending_display_name: "New Rider",
      }),
    });
    renderApp("/registry/players/42");
    const page = await screen.findByTestId("player-page");
    expect(page).toHaveAttribute("data-theme", "volcano");
    expect(page.querySelector("[data-border]")).toHaveAttribute("data-border", "45");
    expect(page.querySelector("[data-background]")).toHaveAttribute("data-background", "/uploads/bg.webp");
    expect(screen.getByText("Supporter")).toBeInTheDocument();
    expect(screen.getByText("Private")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Name change to New Rider is pending approval.");
    expect(screen.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/registry/edit_profile");
    expect(screen.queryByRole("link", { name: "Edit Player" })).not.toBeInTheDocument();
  });

  it("gives moderators and administrators the Edit Player link", async () => {
    mockFetch({ "GET /api/session": userSession({ player_id: 1 }, { canModerate: true }), "GET /api/registry/players/42": profile() });
    renderApp("/registry/players/42");
    expect(await screen.findByRole("link", { name: "Edit Player" })).toHaveAttribute("href", "/registry/players/42/edit");
  });

  it("says 'Player not found' for a 404 (unknown or hidden) and shows the failure panel otherwise", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/registry/players/42": errorReply(404, "Player not found.") });
    renderApp("/registry/players/42");
    expect(await screen.findByRole("heading", { name: "Player not found" })).toBeInTheDocument();

    mockFetch({ "GET /api/session": anonymousSession, "GET /api/registry/players/43": errorReply(500) });
    renderApp("/registry/players/43");
    expect(await screen.findByText("Something went wrong...")).toBeInTheDocument();
  });
});

// --- own profile form ---------------------------------------------------------------------------

function editRoutes(overrides: Record<string, MockRoute> = {}): Record<string, MockRoute> {
  return {
    "GET /api/session": userSession({ player_id: 42 }),
    "GET /api/countries": countries,
    "GET /api/registry/players/42": profile(),
    // The personal calendar feed under the form (issue #20 §4).
    "GET /api/calendar/me": { created_at: null, url: null, webcal_url: null },
    ...overrides,
  };
}

const postBodies = (fetch: ReturnType<typeof mockFetch>, path = "/api/registry/edit_profile") =>
  callsTo(fetch, "POST", path).map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

describe("/registry/edit_profile", () => {
  it("locks the country and the codes already set, explains the ticket, shows the upsell and saves the rest", async () => {
    const fetch = mockFetch(editRoutes({ "POST /api/registry/edit_profile": success() }));
    const { user, router } = renderApp("/registry/edit_profile");
    const name = await screen.findByRole("textbox", { name: "Display Name" });
    expect(name).toHaveValue("Rider");
    // Locked values read as values (read-only, with the ticket hint), not as empty disabled inputs.
    const country = await screen.findByRole("textbox", { name: "Country" });
    await waitFor(() => expect(country).toHaveValue("Japan"));
    expect(country).toHaveAttribute("readonly");
    expect(screen.queryByRole("combobox", { name: "Country" })).not.toBeInTheDocument();
    const sw = screen.getByRole("textbox", { name: "Switch Friend Code" });
    expect(sw).toHaveAttribute("readonly");
    expect(sw).toHaveValue("SW-1234-5678-9012");
    expect(sw).toHaveAccessibleDescription("Locked: open a ticket to change.");
    expect(screen.getByRole("textbox", { name: "Nintendo Network ID" })).toHaveAttribute("readonly");
    const mkt = screen.getByRole("textbox", { name: "Mario Kart Tour Friend Code" });
    expect(mkt).toBeEnabled();
    expect(mkt).not.toHaveAttribute("readonly");
    expect(mkt).not.toHaveAccessibleDescription();
    // Typing into a locked code changes nothing.
    await user.type(sw, "9");
    expect(sw).toHaveValue("SW-1234-5678-9012");
    const note = screen.getByRole("note");
    expect(note).toHaveTextContent("can only be changed by staff once set");
    expect(within(note).getByRole("link", { name: "support forum" })).toHaveAttribute("href", "/support");
    expect(screen.getByTestId("supporter-upsell")).toHaveTextContent(
      "Supporters can choose a profile border colour, a theme and a background. Become a supporter",
    );
    expect(screen.queryByRole("group", { name: "Profile Border Colour" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Discord Tag" })).toHaveAttribute("placeholder", "YourTag#XXXX");
    expect(screen.getAllByRole("link", { name: "Back to Profile" })[0]).toHaveAttribute("href", "/registry/players/42");

    await user.clear(name);
    await user.type(name, "Rider Two");
    await user.type(screen.getByRole("textbox", { name: "Mario Kart Tour Friend Code" }), "MKT-1111-2222-3333");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players/42"));
    const [body] = postBodies(fetch);
    expect(body).toMatchObject({ display_name: "Rider Two", mktour_fc: "MKT-1111-2222-3333", discord_tag: "rider#0001" });
    // Locked fields and supporter fields are not sent.
    for (const key of ["country", "switch_fc", "fc_3ds", "nnid", "border_color", "site_theme", "use_background"])
      expect(body).not.toHaveProperty(key);
  });

  it("checks the form before posting (name of at most 20, empty name, malformed code)", async () => {
    const fetch = mockFetch(editRoutes());
    const { user } = renderApp("/registry/edit_profile");
    const name = await screen.findByRole("textbox", { name: "Display Name" });
    expect(name).toHaveAttribute("maxLength", "20");
    await user.clear(name);
    await user.type(name, "   ");
    await user.type(screen.getByRole("textbox", { name: "Mario Kart Tour Friend Code" }), "12-34");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a display name.")).toBeInTheDocument();
    expect(screen.getByText("Mario Kart Tour friend codes must look like MKT-XXXX-YYYY-ZZZZ.")).toBeInTheDocument();
    expect(postBodies(fetch)).toHaveLength(0);
  });

  it("creates a profile when the account has none: country required, nothing locked", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession({ player_id: null, display_name: null }),
      "GET /api/countries": countries,
      "POST /api/registry/edit_profile": success(77, "Your profile has been created."),
      "GET /api/registry/players/77": profile({ id: 77, display_name: "Newbie" }),
    });
    const { user, router } = renderApp("/registry/edit_profile");
    expect(await screen.findByRole("heading", { name: "Create Your Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to Profile" })).not.toBeInTheDocument();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    // Required fields are marked for assistive technology.
    for (const [role, name] of [
      ["textbox", "Display Name"],
      ["combobox", "Country"],
      ["textbox", "Discord Tag"],
    ] as const)
      expect(screen.getByRole(role, { name })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Switch Friend Code" })).not.toBeRequired();

    // Everything empty: every failing field says so at once, and nothing is posted.
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByText("Enter a display name.")).toBeInTheDocument();
    expect(screen.getByText("Choose a country.")).toBeInTheDocument();
    expect(screen.getByText("Enter your Discord tag.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Display Name" })).toHaveAccessibleDescription("Enter a display name.");
    expect(screen.getByRole("combobox", { name: "Country" })).toHaveAccessibleDescription("Choose a country.");
    expect(screen.getByRole("textbox", { name: "Discord Tag" })).toHaveAccessibleDescription("Enter your Discord tag.");
    expect(postBodies(fetch)).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Display Name" }), "Newbie");
    await user.type(screen.getByRole("textbox", { name: "Discord Tag" }), "newbie#1");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    await waitFor(() => expect(screen.queryByText("Enter a display name.")).not.toBeInTheDocument());
    expect(screen.queryByText("Enter your Discord tag.")).not.toBeInTheDocument();
    expect(screen.getByText("Choose a country.")).toBeInTheDocument();
    expect(postBodies(fetch)).toHaveLength(0);

    const country = screen.getByRole("combobox", { name: "Country" });
    // 'Unknown Country' is for staff records only.
    expect(within(country).queryByRole("option", { name: "Unknown Country" })).not.toBeInTheDocument();
    await user.selectOptions(country, "FR");
    await user.type(screen.getByRole("textbox", { name: "Switch Friend Code" }), "1234-5678-9012");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players/77"));
    expect(postBodies(fetch)[0]).toMatchObject({
      display_name: "Newbie",
      country: "FR",
      discord_tag: "newbie#1",
      switch_fc: "1234-5678-9012",
    });
    expect(await screen.findByText("Your profile has been created.")).toBeInTheDocument();
  });

  it("fc_error: lists the codes; No keeps the form as it was; Yes resubmits with override_fc_warning", async () => {
    let calls = 0;
    const fetch = mockFetch(
      editRoutes({
        "POST /api/registry/edit_profile": ({ body }) => {
          calls++;
          const b = body as Record<string, unknown>;
          if (!b.override_fc_warning) {
            return {
              body: {
                status: "fc_error",
                message: "The following friend codes and IDs have been previously used by another player:",
                player_id: 42,
                fc_errors: [{ fc_label: "Mario Kart Tour: MKT-5555-6666-7777", player_name: "OldOwner" }],
              },
            };
          }
          return { body: success() };
        },
      }),
    );
    const { user, router } = renderApp("/registry/edit_profile");
    const mkt = await screen.findByRole("textbox", { name: "Mario Kart Tour Friend Code" });
    await user.type(mkt, "5555-6666-7777");
    await user.click(screen.getByRole("button", { name: "Save" }));

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("The following friend codes and IDs have been previously used by another player:");
    expect(within(dialog).getByText("Mario Kart Tour: MKT-5555-6666-7777")).toBeInTheDocument();
    expect(dialog).toHaveTextContent("OldOwner");
    expect(dialog).toHaveTextContent("Do you still want to continue?");

    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(mkt).toHaveValue("5555-6666-7777");
    expect(router.state.location.pathname).toBe("/registry/edit_profile");
    expect(calls).toBe(1);

    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players/42"));
    const bodies = postBodies(fetch);
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toMatchObject({ mktour_fc: "5555-6666-7777", override_fc_warning: true });
    expect(bodies[1]).not.toHaveProperty("override_fc_warning");
  });

  it("shows the server's refusal, and 'An unknown error has occurred.' for a failure", async () => {
    mockFetch(editRoutes({ "POST /api/registry/edit_profile": errorReply(400, "You can change your name again on Jul 4, 2026.") }));
    const { user } = renderApp("/registry/edit_profile");
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can change your name again on Jul 4, 2026.");

    mockFetch(editRoutes({ "POST /api/registry/edit_profile": errorReply(502, "Bad gateway from a proxy") }));
    const second = renderApp("/registry/edit_profile");
    await second.user.click((await screen.findAllByRole("button", { name: "Save" })).at(-1)!);
    await waitFor(() => expect(screen.getAllByRole("alert").at(-1)).toHaveTextContent("An unknown error has occurred."));
  });

  it("lets supporters choose border, theme and an uploaded background; a 413 shows the 8MB message", async () => {
    const fetch = mockFetch(
      editRoutes({
        "GET /api/session": userSession({ player_id: 42, is_supporter: true }),
        "POST /api/uploads": errorReply(413, "Payload Too Large"),
        "POST /api/registry/edit_profile": success(),
      }),
    );
    const { user } = renderApp("/registry/edit_profile");
    const swatches = await screen.findByRole("group", { name: "Profile Border Colour" });
    expect(within(swatches).getAllByRole("radio")).toHaveLength(20);
    await user.click(within(swatches).getByRole("radio", { name: "Emerald" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Theme" }), "storm");
    expect(screen.getByText("No Background Available")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Upload an image/ }));
    await user.upload(screen.getByLabelText("Background image"), new File(["x".repeat(20)], "bg.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The logo exceeds the maximum size of 8MB.");
    expect(postBodies(fetch)).toHaveLength(0);

    await user.click(screen.getByRole("radio", { name: "Default" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(postBodies(fetch)).toHaveLength(1));
    expect(postBodies(fetch)[0]).toMatchObject({ border_color: 45, site_theme: "storm" });
    // Back on its starting value, the background choice is not sent; nor is the unchanged name.
    expect(postBodies(fetch)[0]).not.toHaveProperty("use_background");
    expect(postBodies(fetch)[0]).not.toHaveProperty("display_name");
  });

  it("uploads the background first and references it", async () => {
    const fetch = mockFetch(
      editRoutes({
        "GET /api/session": userSession({ player_id: 42, is_supporter: true }),
        "POST /api/uploads": { id: 9, url: "/uploads/x.webp", width: 10, height: 10, bytes: 100 },
        "POST /api/registry/edit_profile": success(),
      }),
    );
    const { user, router } = renderApp("/registry/edit_profile");
    await user.click(await screen.findByRole("radio", { name: /Upload an image/ }));
    await user.upload(screen.getByLabelText("Background image"), new File(["png"], "bg.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players/42"));
    expect(callsTo(fetch, "POST", "/api/uploads")[0]![0].search).toBe("?purpose=profile");
    expect(postBodies(fetch)[0]).toMatchObject({ use_background: "upload", background: 9 });
  });

  it("asks anonymous visitors to log in", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/registry/edit_profile");
    expect(await screen.findByRole("link", { name: "log in" })).toHaveAttribute("href", "/login?next=%2Fregistry%2Fedit_profile");
  });
});

// --- staff screens ------------------------------------------------------------------------------

describe("/registry/players/:id/edit", () => {
  it("creates a shadow player with name and country", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canAdministrate: true, canModerate: true }),
      "GET /api/countries": countries,
      "POST /api/registry/players/new": success(501, "The shadow player has been created."),
      "GET /api/registry/players/501": profile({ id: 501, display_name: "Ghost", is_shadow: true, user_id: null }),
    });
    const { user, router } = renderApp("/registry/players/new/edit");
    expect(await screen.findByRole("radio", { name: "Shadow player (no account)" })).toBeChecked();
    await user.type(screen.getByRole("textbox", { name: "Registry Name" }), "Ghost");
    await user.click(screen.getByRole("button", { name: "Create Shadow Player" }));
    expect(await screen.findByText("Choose a country.")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "FR");
    await user.click(screen.getByRole("button", { name: "Create Shadow Player" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players/501"));
    expect(postBodies(fetch, "/api/registry/players/new")[0]).toEqual({ shadow: true, display_name: "Ghost", country: "FR" });
    expect(await screen.findByText("Shadow Player")).toBeInTheDocument();
  });

  it("gives administrators every field of an existing player, unlocked", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession({ player_id: 1 }, { canAdministrate: true, canModerate: true }),
      "GET /api/countries": countries,
      "GET /api/registry/players/42": profile(),
      "POST /api/registry/players/42": success(42, "The player has been saved."),
    });
    const { user } = renderApp("/registry/players/42/edit");
    expect(await screen.findByRole("heading", { name: "Edit Player: Rider" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Country" })).toBeEnabled());
    expect(screen.getByRole("textbox", { name: "Switch Friend Code" })).toBeEnabled();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Profile Border Colour" })).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: /Hidden/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "XX");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(postBodies(fetch, "/api/registry/players/42")).toHaveLength(1));
    expect(postBodies(fetch, "/api/registry/players/42")[0]).toMatchObject({
      is_hidden: true,
      country: "XX",
      switch_fc: "SW-1234-5678-9012",
    });
  });

  it("refuses players without the permission", async () => {
    mockFetch({ "GET /api/session": userSession(), "GET /api/countries": countries });
    renderApp("/registry/players/new/edit");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});

describe("/registry/players for staff", () => {
  it("marks hidden players and links New Player", async () => {
    const list = players(2);
    list[0] = { ...list[0]!, is_hidden: true };
    mockFetch({
      "GET /api/session": userSession({}, { canAdministrate: true, canModerate: true }),
      "GET /api/countries": countries,
      "GET /api/registry/players": { data: list, has_next_page: false, total: list.length },
    });
    renderApp("/registry/players");
    const link = await screen.findByRole("link", { name: "Player 1" });
    expect(within(link.closest("li")!).getByText("Hidden")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Player" })).toHaveAttribute("href", "/registry/players/new/edit");
  });
});
