import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { Countdowns, TournamentSchedule, tournamentMilestones } from "./tournament-schedule";

const renderIn = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

afterEach(() => {
  vi.useRealTimers();
});

describe("TournamentSchedule", () => {
  it("shows the start, a countdown and both calendar actions for a tournament still ahead", () => {
    renderIn(
      <TournamentSchedule
        t={tournamentDetail({ id: 9, title: "Far Cup", start_date: "2099-01-02T18:00:00.000Z", end_date: "2099-01-02T22:00:00.000Z" })}
      />,
    );
    const strip = screen.getByRole("region", { name: "Schedule" });
    expect(within(strip).getByText("Fri Jan 2 2099, 18:00 UTC")).toHaveAttribute("datetime", "2099-01-02T18:00:00.000Z");
    expect(within(strip).getByRole("timer")).toHaveTextContent(/^\d+ d \d{2} h$/);
    expect(within(strip).getByRole("link", { name: "Calendar file (.ics)" })).toHaveAttribute("href", "/api/events/9/calendar.ics");
    const google = new URL(within(strip).getByRole("link", { name: "Google Calendar" }).getAttribute("href")!);
    expect(google.searchParams.get("action")).toBe("TEMPLATE");
    expect(google.searchParams.get("text")).toBe("Far Cup");
    expect(google.searchParams.get("dates")).toBe("20990102T180000Z/20990102T220000Z");
    expect(google.searchParams.get("details")).toContain("/tournaments/9");
  });

  it("shows nothing for a tournament without dates or already over", () => {
    const { container } = renderIn(
      <>
        <TournamentSchedule t={tournamentDetail({ start_date: null, end_date: null, no_date: true })} />
        <TournamentSchedule t={tournamentDetail({ start_date: "2001-01-01T10:00:00.000Z", end_date: "2001-01-01T12:00:00.000Z" })} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("Countdowns", () => {
  it("counts down each minute, then each second in the last hour, and disappears at zero", () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    vi.useFakeTimers({ now });
    renderIn(<Countdowns milestones={[{ label: "Starts", at: now + 61 * 60_000 }]} />);
    expect(screen.getByRole("timer")).toHaveTextContent("1 h 01 m");
    expect(screen.getByText("Starts in")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("timer")).toHaveTextContent("1 h 00 m");
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer")).toHaveTextContent("59 m 59 s");
    // One tick per second: each render schedules the next.
    for (let i = 0; i < 5; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer")).toHaveTextContent("59 m 54 s");
    for (let i = 0; i < 3594; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByRole("timer")).toBeNull();
  });

  it("counts to the start only: registration and check-in have no scheduled times", () => {
    expect(tournamentMilestones({ start_date: "2030-01-01T12:00:00.000Z" })).toEqual([{ label: "Starts", at: Date.UTC(2030, 0, 1, 12) }]);
    expect(tournamentMilestones({ start_date: null })).toEqual([]);
  });
});
