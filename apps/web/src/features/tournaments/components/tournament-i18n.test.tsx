import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { setupI18n } from "@lingui/core";
import { activateLocale, i18n as appI18n } from "@/lib/i18n/i18n";
import { I18nProvider } from "@/lib/i18n/use-t";
import { mockFetch } from "@/testing/mock-fetch";
import { renderApp, renderWithProviders } from "@/testing/render";
import { anonymousSession, tournament, userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { TournamentCard } from "./tournament-card";
import { myStatusLabel } from "./registered-mark";

async function inLanguage(locale: "fr" | "ja") {
  const i18n = setupI18n();
  await activateLocale(locale, i18n, true);
  return i18n;
}

describe("tournament texts in the page's language (#21)", () => {
  it("names the viewer's standing in every language", async () => {
    const fr = await inLanguage("fr");
    expect(myStatusLabel(fr._.bind(fr), { status: "waitlisted", waitlist_position: 3 })).toBe("Liste d’attente · n° 3");
    const ja = await inLanguage("ja");
    expect(myStatusLabel(ja._.bind(ja), { status: "registered", waitlist_position: null })).toBe("エントリー済み ✓");
  });

  it("draws a tournament card in French", async () => {
    const fr = await inLanguage("fr");
    renderWithProviders(
      <I18nProvider i18n={fr}>
        <TournamentCard
          tournament={tournament(5, { registration_count: 12, event_format: 2, registrations_open: true, published: false })}
        />
      </I18nProvider>,
    );
    expect(await screen.findByText("12 escouades inscrites")).toBeInTheDocument();
    expect(screen.getByText("Non publié")).toBeInTheDocument();
  });

  it("writes the transfer deadline's day in French (the server's 'Nov 28, 2026 23:59:59 UTC' in English)", async () => {
    await activateLocale("fr", appI18n, true);
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail({
        event_format: 0,
        transfer_deadline: "2026-11-28",
        transfer_deadline_human: "Nov 28, 2026 23:59:59 UTC",
      }),
    });
    renderApp("/tournaments/5");
    const term = await screen.findByText("Date limite des transferts", undefined, { timeout: 8000 });
    expect(term.nextElementSibling).toHaveTextContent("28 nov. 2026 23:59:59 UTC");
    expect(term.nextElementSibling).not.toHaveTextContent("Nov 28");
  });

  it("writes the log's times in Japanese from created_at", async () => {
    await activateLocale("ja", appI18n, true);
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/events/5/logs": {
        data: [
          {
            id: 2,
            created_at: "2026-11-22T10:00:00.000Z",
            created_at_human: "Nov 22, 2026, 10:00 UTC",
            user_id: 3,
            player_id: 30,
            user_name: "Boss",
            action: "controls.published",
            action_human: "Changed visibility",
            before: "Hidden",
            after: "Published",
          },
        ],
        has_next_page: false,
      },
    });
    renderApp("/tournaments/5/logs");
    const row = (await screen.findByRole("link", { name: "Boss" }, { timeout: 8000 })).closest("tr")!;
    expect(within(row).getByText("2026年11月22日 10:00 UTC")).toHaveAttribute("datetime", "2026-11-22T10:00:00.000Z");
  });
});
