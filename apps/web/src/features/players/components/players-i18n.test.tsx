import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { PlayerProfile } from "@site/contract";
import { mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, countries, players, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";
import { activateLocale, i18n } from "@/lib/i18n/i18n";

/**
 * The players screens in another language (#21): the catalogue's texts, country names from
 * Intl, the server's success and refusal texts through their messages. (The setup switches back
 * to English after each test.)
 */

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

describe("players screens in French and Japanese (#21)", () => {
  it("shows the profile in French, with the country named by Intl and the save flash translated", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/registry/players/42": profile({ pending_display_name: "New Rider" }) });
    const { router } = renderApp("/registry/players/42");
    expect(await screen.findByRole("heading", { name: "Codes ami" })).toBeInTheDocument();
    expect(screen.getByText("Code ami Switch")).toBeInTheDocument();
    expect(screen.getAllByRole("img", { name: "Japon" })[0]).toHaveClass("fi-jp");
    expect(screen.getByText("Historique des équipes")).toBeInTheDocument();
    // The server's dates in the page's language (#21 §4): the left day of the history, from left_at.
    expect(screen.getByText("1 janv. 2025")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Le changement de nom en New Rider attend d’être approuvé.");
    expect(document.title).toContain("Rider");
    await router.navigate("/registry/players/42", {
      state: { flash: "Your profile has been saved. Your name change to 'New Rider' is pending approval by a moderator." },
    });
    expect(
      await screen.findByText(
        "Votre profil a été enregistré. Votre changement de nom en « New Rider » attend l’approbation d’un modérateur.",
      ),
    ).toBeInTheDocument();
    // A flash with the answer's code is worded from the code and params, not from the English text (#21).
    await router.navigate("/registry/players/42", {
      state: { flash: { message: "Some other English words.", code: "profile.name_request", params: { name: "Coded Rider" } } },
    });
    expect(
      await screen.findByText(
        "Votre profil a été enregistré. Votre changement de nom en « Coded Rider » attend l’approbation d’un modérateur.",
      ),
    ).toBeInTheDocument();
  });

  it("lists players in Japanese with the count, translated countries and filters", async () => {
    await activateLocale("ja", i18n, true);
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": { data: players(2), has_next_page: true, total: 2001 },
    });
    renderApp("/registry/players?page=3");
    expect(await screen.findByRole("heading", { name: "プレイヤー", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("プレイヤー2,001人 · 3/41ページ")).toBeInTheDocument();
    expect(screen.getByText(/2026年1月28日/)).toBeInTheDocument();
    const country = screen.getByRole("combobox", { name: "国" });
    expect(within(country).getByRole("option", { name: "日本" })).toBeInTheDocument();
    expect(within(country).getByRole("option", { name: "すべての国" })).toBeInTheDocument();
  });

  it("shows the own form's checks and the server's refusals in German", async () => {
    await activateLocale("de", i18n, true);
    mockFetch({
      "GET /api/session": userSession({ player_id: null, display_name: null }),
      "GET /api/countries": countries,
      "GET /api/calendar/me": { created_at: null, url: null, webcal_url: null },
      "POST /api/registry/edit_profile": {
        reply: {
          status: 400,
          body: {
            status: "error",
            message: "Mario Kart Tour friend codes must look like XXXX-YYYY-ZZZZ.",
            code: "players.fc_format",
            params: { type: "Mario Kart Tour" },
          },
        },
      },
    });
    const { user } = renderApp("/registry/edit_profile");
    expect(await screen.findByRole("heading", { name: "Erstelle dein Profil" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Profil erstellen" }));
    expect(await screen.findByText("Gib einen Anzeigenamen ein.")).toBeInTheDocument();
    expect(screen.getByText("Wähle ein Land.")).toBeInTheDocument();
    expect(screen.getByText("Gib deinen Discord-Tag ein.")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "Anzeigename" }), "Neu");
    await user.type(screen.getByRole("textbox", { name: "Discord-Tag" }), "neu#1");
    await user.selectOptions(screen.getByRole("combobox", { name: "Land" }), "FR");
    await user.click(screen.getByRole("button", { name: "Profil erstellen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Mario Kart Tour-Freundescodes müssen die Form XXXX-YYYY-ZZZZ haben.");
  });

  it("translates a refusal by its code (Spanish)", async () => {
    await activateLocale("es", i18n, true);
    mockFetch({
      "GET /api/session": userSession({ player_id: 42 }),
      "GET /api/countries": countries,
      "GET /api/registry/players/42": profile(),
      "GET /api/calendar/me": { created_at: null, url: null, webcal_url: null },
      "POST /api/registry/edit_profile": {
        reply: {
          status: 403,
          body: {
            status: "error",
            message: "Only supporters can change the border colour, theme and background.",
            code: "players.supporter_only",
          },
        },
      },
    });
    const { user } = renderApp("/registry/edit_profile");
    await user.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Solo los colaboradores pueden cambiar el color del borde, el tema y el fondo.",
    );
  });
});
