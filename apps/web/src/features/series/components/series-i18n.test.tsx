import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { setupI18n } from "@lingui/core";
import type { SeriesStandings } from "@site/contract";
import { activateLocale } from "@/lib/i18n/i18n";
import { I18nProvider } from "@/lib/i18n/use-t";
import { renderWithProviders } from "@/testing/render";
import { seriesItem } from "@/testing/fixtures";
import { SeriesCard } from "./series-card";
import { SeriesStandingsTable } from "./series-standings";

async function inLanguage(locale: "fr" | "de") {
  const i18n = setupI18n();
  await activateLocale(locale, i18n, true);
  return i18n;
}

const standings: SeriesStandings = {
  series_id: 1,
  aggregation_field: "team_id",
  can_edit: false,
  rule: { ranges: [{ from: 1, to: 2, points: 100 }], tie_rule: "best", best_n: 3, multipliers: {} },
  tournaments: [{ id: 10, title: "Cup #1", multiplier: 1 }],
  rows: [],
};

describe("series texts in the page's language (#21)", () => {
  it("draws a series card in French", async () => {
    const fr = await inLanguage("fr");
    renderWithProviders(
      <I18nProvider i18n={fr}>
        <SeriesCard series={seriesItem(2, { historical: true })} />
      </I18nProvider>,
    );
    expect(await screen.findByText("(Historique)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Plus de détails" })).toBeInTheDocument();
  });

  it("summarises the points rule in German, one sentence per part", async () => {
    const de = await inLanguage("de");
    renderWithProviders(
      <I18nProvider i18n={de}>
        <SeriesStandingsTable data={standings} />
      </I18nProvider>,
    );
    expect(
      await screen.findByText(
        /Punkte: 1–2: 100\. Gleichstand: jeder erhält die Punkte des besten Platzes\. Die besten 3 Ergebnisse zählen\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "CSV herunterladen" })).toBeInTheDocument();
    expect(screen.getByText("Noch keine Ergebnisse.")).toBeInTheDocument();
  });
});
