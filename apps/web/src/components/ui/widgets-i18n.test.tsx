import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { renderWithProviders } from "@/testing/render";
import { BadgeGroup } from "./badge-group";
import { ColorSelect } from "./color-select";
import { DateRangeLabel } from "./date-range-label";
import { FilteredEmpty } from "./filtered-empty";
import { Flag } from "./flag";
import { Pager } from "./pager";
import { PlacementLabel } from "./placement-label";

/**
 * The shared widgets in other languages (#21): their own texts from the catalogue, placeholders
 * filled in, ordinals and contract names in the page's language. (The setup switches back to
 * English after each test.)
 */
describe("shared widgets in other languages", () => {
  it("French: pager, placements, ongoing dates, active filters", async () => {
    await activateLocale("fr", i18n, true);
    render(
      <>
        <Pager page={2} hasNextPage onPageChange={() => {}} />
        <PlacementLabel placement={1} />
        <PlacementLabel placement={5} upperBound={3} />
        <PlacementLabel placement={4} dq />
        <DateRangeLabel />
        <FilteredEmpty
          message="Aucun joueur."
          filters={[
            { label: "Search", value: "kart" },
            { label: "Pays", value: "France" },
          ]}
          onClear={() => {}}
        />
      </>,
    );
    expect(screen.getByRole("navigation", { name: "Pagination" })).toHaveTextContent("Précédent");
    expect(screen.getByText("Page 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Suivant" })).toBeEnabled();
    expect(screen.getByRole("img", { name: "1er au classement" })).toHaveClass("medal--gold");
    expect(screen.getByRole("img", { name: "3e au classement (ex æquo 3–5)" })).toHaveClass("medal--bronze");
    expect(screen.getByTitle("Disqualifié")).toHaveTextContent("DQ");
    expect(screen.getByText("En cours")).toBeInTheDocument();
    expect(screen.getByText(/Filtres : Recherche « kart », Pays : France\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Effacer les filtres" })).toBeInTheDocument();
  });

  it("Japanese: placements with the 位 counter, game and mode badges, colour names, unknown country", async () => {
    await activateLocale("ja", i18n, true);
    renderWithProviders(
      <>
        <PlacementLabel placement={2} />
        <BadgeGroup game="mk8dx" gameHuman="Mario Kart 8 Deluxe" gameMode="mk8dx_battle_shine" gameModeHuman="Shine Thief" />
        <BadgeGroup game="mkworld" gameHuman="Mario Kart World" gameMode="mkworld_150" gameModeHuman="MKWorld 150cc" />
        <ColorSelect aria-label="色" defaultValue="3" />
        <Flag code="ZZ" />
      </>,
    );
    expect(screen.getByRole("img", { name: "2位" })).toHaveClass("medal--silver");
    expect(screen.getByText("マリオカート8 デラックス")).toHaveClass("badge--game");
    expect(screen.getByText("いただきシャイン")).toHaveClass("badge--mode");
    // An abbreviation (a series' mode) shows as sent.
    expect(screen.getByText("MKWorld 150cc")).toHaveClass("badge--mode");
    expect(screen.getByRole("option", { name: "1. 薄い赤" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "40. 黒" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "不明な国" })).toHaveClass("flag--none");
  });

  it("German: the pager and the placement ordinal", async () => {
    await activateLocale("de", i18n, true);
    render(
      <>
        <Pager page={3} hasNextPage={false} onPageChange={() => {}} />
        <PlacementLabel placement={3} />
      </>,
    );
    expect(screen.getByText("Seite 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Weiter" })).toBeDisabled();
    expect(screen.getByRole("img", { name: "3. Platz" })).toHaveClass("medal--bronze");
  });
});
