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

  it("reports a countdown reaching zero once, so the page re-reads the tournament", () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    vi.useFakeTimers({ now });
    const onPassed = vi.fn();
    renderIn(
      <Countdowns
        onPassed={onPassed}
        milestones={[
          { label: "Registration closes", at: now + 3000 },
          { label: "Starts", at: now + 2 * 3600_000 },
        ]}
      />,
    );
    expect(screen.getAllByRole("timer")).toHaveLength(2);
    expect(screen.getByText("Registration closes in")).toBeInTheDocument();
    for (let i = 0; i < 3; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText("Registration closes in")).toBeNull();
    expect(screen.getAllByRole("timer")).toHaveLength(1);
    expect(onPassed).toHaveBeenCalledTimes(1);
  });
});

describe("tournamentMilestones (issue #17 §2 schedule)", () => {
  const base = tournamentDetail({ start_date: "2030-01-01T12:00:00.000Z", checkin_required: true, registrations_open: true });
  const at = (iso: string) => Date.parse(iso);
  it("counts to the start only when nothing is scheduled", () => {
    expect(tournamentMilestones(base)).toEqual([{ label: "Starts", at: Date.UTC(2030, 0, 1, 12) }]);
    expect(tournamentMilestones({ ...base, start_date: null })).toEqual([]);
  });
  it("adds registration close and the check-in window while they are ahead of the switches", () => {
    const t = {
      ...base,
      checkin_status: 0,
      registrations_close_at: "2029-12-30T18:00:00.000Z",
      checkin_opens_at: "2030-01-01T10:00:00.000Z",
      checkin_closes_at: "2030-01-01T11:30:00.000Z",
    };
    expect(tournamentMilestones(t).map((m) => m.label)).toEqual(["Registration closes", "Check-in opens", "Check-in closes", "Starts"]);
    expect(tournamentMilestones(t)[0]!.at).toBe(at("2029-12-30T18:00:00.000Z"));
    // Registrations closed, check-in open: only its close is left; closed: nothing of it.
    expect(tournamentMilestones({ ...t, registrations_open: false, checkin_status: 1 }).map((m) => m.label)).toEqual([
      "Check-in closes",
      "Starts",
    ]);
    expect(tournamentMilestones({ ...t, checkin_status: 2 }).map((m) => m.label)).toEqual(["Registration closes", "Starts"]);
    expect(tournamentMilestones({ ...t, checkin_required: false }).map((m) => m.label)).toEqual(["Registration closes", "Starts"]);
  });
  it("shows the strip for a tournament without dates when something is scheduled", () => {
    renderIn(
      <TournamentSchedule
        t={tournamentDetail({
          start_date: null,
          end_date: null,
          no_date: true,
          registrations_open: true,
          registrations_close_at: "2099-01-01T00:00:00.000Z",
        })}
      />,
    );
    expect(screen.getByText("Registration closes in")).toBeInTheDocument();
    expect(screen.queryByText("Starts")).toBeNull();
  });
});
