import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { BadgeGroup, tournamentBadges } from "./badge-group";
import { tournament } from "@/testing/fixtures";

const base = { game: "mkworld", gameHuman: "Mario Kart World", gameMode: "mkworld_150", gameModeHuman: "150cc", eventFormatHuman: "Squad" };

describe("BadgeGroup", () => {
  it("shows game, game mode and event format", () => {
    render(<BadgeGroup {...base} organizer="mkc" />);
    expect(screen.getByText("Mario Kart World")).toBeInTheDocument();
    expect(screen.getByText("150cc")).toBeInTheDocument();
    expect(screen.getByText("Squad")).toBeInTheDocument();
  });

  it("shows 'Affiliate' for affiliate organizers", () => {
    render(<BadgeGroup {...base} organizer="affiliate" />);
    expect(screen.getByText("Affiliate")).toHaveClass("badge--affiliate");
    expect(screen.queryByText("LAN")).toBeNull();
  });

  it("shows 'LAN' for LAN organizers", () => {
    render(<BadgeGroup {...base} organizer="lan" />);
    expect(screen.getByText("LAN")).toHaveClass("badge--lan");
    expect(screen.queryByText("Affiliate")).toBeNull();
  });

  it("shows no organizer badge for mkc", () => {
    const { container } = render(<BadgeGroup {...base} organizer="mkc" />);
    expect(container.querySelectorAll(".badge")).toHaveLength(3);
    expect(screen.queryByText("MKCentral")).toBeNull();
    expect(screen.queryByText("Affiliate")).toBeNull();
    expect(screen.queryByText("LAN")).toBeNull();
  });

  it("skips missing values", () => {
    const { container } = render(<BadgeGroup gameHuman="Mario Kart 8 Deluxe" />);
    expect(container.querySelectorAll(".badge")).toHaveLength(1);
  });

  it("maps a tournament list item", () => {
    render(<BadgeGroup {...tournamentBadges(tournament(1, { organizer: "affiliate", event_format_human: "Team" }))} />);
    expect(screen.getByText("Team")).toBeInTheDocument();
    expect(screen.getByText("Affiliate")).toBeInTheDocument();
  });

  it("renders no list items, so panel row counts are not inflated", () => {
    render(<BadgeGroup {...base} organizer="lan" />);
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
  });
});
