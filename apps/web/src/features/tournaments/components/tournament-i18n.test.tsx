import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { setupI18n } from "@lingui/core";
import { activateLocale } from "@/lib/i18n/i18n";
import { I18nProvider } from "@/lib/i18n/use-t";
import { renderWithProviders } from "@/testing/render";
import { tournament } from "@/testing/fixtures";
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
});
