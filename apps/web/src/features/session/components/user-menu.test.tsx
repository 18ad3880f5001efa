import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { PendingCounts, Session } from "@site/contract";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

/** #17 §8: the moderation queues in the account menu show how many items wait. */
const NONE: PendingCounts = {
  profile_changes: null,
  unapproved_teams: null,
  team_claims: null,
  tournament_proposals: null,
  inactive_accounts: null,
};

function renderMenu(session: Session, counts: PendingCounts | null) {
  const fetch = mockFetch({ "GET /api/session": session, ...(counts ? { "GET /api/moderation/pending_counts": counts } : {}) });
  const r = renderApp("/no/such/page");
  return { fetch, ...r };
}
const header = () => screen.getByRole("banner");

describe("account menu pending counts", () => {
  it("shows each of a moderator's queues with its count, named in words", async () => {
    const { user } = renderMenu(userSession({}, { canModerate: true }), {
      profile_changes: 3,
      unapproved_teams: 1,
      team_claims: 2,
      tournament_proposals: 0,
      inactive_accounts: 120,
    });
    await user.click(await within(header()).findByRole("button", { name: /Account menu/ }));
    const changes = await within(header()).findByRole("link", { name: "Profile Changes, 3 pending" });
    expect(changes).toHaveAttribute("href", "/registry/profile_changes");
    expect(within(changes).getByText("3")).toHaveAttribute("aria-hidden", "true");
    // Team Approvals holds both lists: unapproved teams and team claims.
    expect(within(header()).getByRole("link", { name: "Team Approvals, 3 pending" })).toHaveAttribute("href", "/registry/team_approvals");
    // Nothing waiting: the bare name, no badge.
    expect(within(header()).getByRole("link", { name: "Proposed Tournaments" })).toHaveTextContent(/^Proposed Tournaments$/);
    const bans = within(header()).getByRole("link", { name: "Bans, 120 accounts waiting for activation" });
    expect(within(bans).getByText("99+")).toBeInTheDocument();
  });

  it("shows an event administrator the proposal count only (the server answers null for the rest)", async () => {
    const { user } = renderMenu(userSession({}, { canEventAdministrate: true }), { ...NONE, tournament_proposals: 2 });
    await user.click(await within(header()).findByRole("button", { name: /Account menu/ }));
    expect(await within(header()).findByRole("link", { name: "Proposed Tournaments, 2 pending" })).toBeInTheDocument();
    expect(within(header()).queryByRole("link", { name: /Profile Changes/ })).toBeNull();
  });

  it("never asks for counts for a player without a moderation permission", async () => {
    const { fetch, user } = renderMenu(userSession(), null);
    await user.click(await within(header()).findByRole("button", { name: /Account menu/ }));
    expect(within(header()).getByRole("link", { name: "Edit Profile" })).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/moderation/pending_counts")).toHaveLength(0);
  });
});
