import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { Proposal } from "@site/contract";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render";

const proposal = (o: Partial<Proposal> = {}): Proposal => ({
  id: 3,
  tournament_id: 55,
  tournament_title: "Community Cup",
  game_mode: "mk8dx_150",
  event_format: 1,
  start_date: "2026-12-01T18:00:00.000Z",
  player_id: 42,
  player_name: "Rider",
  status: "pending",
  reason: null,
  created_at: "2026-11-20T10:00:00.000Z",
  ...o,
});
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe("player-hosted tournaments (#22 §5)", () => {
  it("sends the basic form and lists the player's proposals with a decline's reason", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/proposals/mine": {
        data: [proposal({ id: 2, tournament_title: "Old Cup", status: "declined", reason: "Clashes" })],
      },
      "POST /api/tournaments/proposals": { status: "ok", message: "Your tournament was sent for approval.", id: 56 },
    });
    const { user } = renderApp("/tournaments/propose");
    expect(await screen.findByText("(Clashes)")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Propose a tournament" });
    await user.type(within(form).getByLabelText("Tournament title"), "Community Cup");
    await user.type(within(form).getByLabelText("Start (UTC)"), "2026-12-01T18:00");
    await user.type(within(form).getByLabelText("End (UTC)"), "2026-12-01T20:00");
    await user.click(within(form).getByRole("button", { name: "Send for approval" }));
    expect(await screen.findByText("Your tournament was sent for approval.")).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, "POST", "/api/tournaments/proposals")[0]![1])).toMatchObject({
      tournament_title: "Community Cup",
      registration_format: "1",
      start_date: "2026-12-01T18:00:00.000Z",
      end_date: "2026-12-01T20:00:00.000Z",
      verification_required: false,
    });
  });

  it("asks an account without a profile to create one", async () => {
    mockFetch({ "GET /api/session": userSession({ player_id: null }) });
    renderApp("/tournaments/propose");
    expect(await screen.findByText("Create your player profile before proposing a tournament.")).toBeInTheDocument();
  });

  it("lets a moderator approve, and decline only with a reason", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": userSession({}, { canModerate: true }),
      "GET /api/moderation/tournament_proposals": { data: [proposal()] },
      "POST /api/moderation/tournament_proposals/3/approve": { status: "ok" },
      "POST /api/moderation/tournament_proposals/3/decline": { status: "ok" },
    });
    const { user } = renderApp("/admin/tournament-proposals");
    const row = await screen.findByRole("listitem", { name: "Community Cup" });
    expect(within(row).getByRole("button", { name: "Decline" })).toBeDisabled();
    await user.type(within(row).getByLabelText("Reason"), "Too soon");
    await user.click(within(row).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/moderation/tournament_proposals/3/decline")).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, "POST", "/api/moderation/tournament_proposals/3/decline")[0]![1])).toEqual({ reason: "Too soon" });
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/moderation/tournament_proposals/3/approve")).toHaveLength(1));
  });

  it("refuses the queue to others", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/admin/tournament-proposals");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});
