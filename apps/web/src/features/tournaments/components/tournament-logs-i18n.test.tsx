import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { TournamentLogItem } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { TournamentLogs } from "./tournament-logs";

/**
 * The tournament log's "what" column in the page's language (#21): each action named from the
 * catalogue by its key, the server's summary kept as the cell's tooltip; an action the catalogue
 * does not know shows the server's text. A line whose summary has a key is that summary from the
 * catalogue, with its params. (The setup switches back to English after each test.)
 */

const line = (
  id: number,
  action: string,
  action_human: string,
  summary_key: string | null = null,
  summary_params: Record<string, string | number> | null = null,
): TournamentLogItem => ({
  id,
  created_at: "2026-11-22T10:00:00.000Z",
  created_at_human: "Nov 22, 2026, 10:00 UTC",
  user_id: 3,
  player_id: null,
  user_name: "Boss",
  action,
  action_human,
  summary_key,
  summary_params,
  before: null,
  after: null,
});

const logs = {
  data: [
    line(1, "registration.verify", "Verified squad Alpha"),
    line(2, "controls.published", "Changed visibility"),
    line(3, "future.action", "Did something new"),
  ],
  has_next_page: false,
};

describe("tournament log actions (#21)", () => {
  it("French: the action's name from its key, the summary as a tooltip, unknown actions as the server wrote them", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({ "GET /api/events/5/logs": logs });
    renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
    const verified = await screen.findByText("A vérifié une inscription");
    expect(verified).toHaveAttribute("title", "Verified squad Alpha");
    expect(screen.getByText("A changé la visibilité")).toBeInTheDocument();
    expect(screen.getByText("Did something new")).not.toHaveAttribute("title");
  });

  it("English: the server's own text", async () => {
    mockFetch({ "GET /api/events/5/logs": logs });
    renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
    expect(await screen.findByText("Verified squad Alpha")).not.toHaveAttribute("title");
    expect(screen.getByText("Changed visibility")).toBeInTheDocument();
  });

  describe("summaries from their keys", () => {
    const keyed = {
      data: [
        line(1, "registration.verify", "Verified squad Alpha", "squad.verified", { squad: "Alpha" }),
        line(2, "registration.checkout", "Checked Mario out", "checkin.staff_player", { player: "Mario", direction: "out" }),
        line(3, "registration.checkin", "Luigi checked in", "checkin.self", { player: "Luigi", direction: "in" }),
        line(4, "registration.manual", "Manually registered Peach", "player.manual", { player: "Peach" }),
        line(5, "registration.waitlist_promote", "Promoted squad Beta from the waitlist (by staff)", "waitlist.promoted_squad", {
          name: "Beta",
          reason: "staff",
        }),
        line(6, "registration.move", "Moved Toad", "future.key", { player: "Toad" }),
        line(7, "controls.published", "Changed visibility"),
      ],
      has_next_page: false,
    };

    it("French: each summary in French with its names, no tooltip; an unknown key falls back to the action's name", async () => {
      await activateLocale("fr", i18n, true);
      mockFetch({ "GET /api/events/5/logs": keyed });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await screen.findByText("A vérifié l’escouade Alpha")).not.toHaveAttribute("title");
      expect(screen.getByText("A annulé le check-in de Mario")).toBeInTheDocument();
      expect(screen.getByText("Luigi a fait son check-in")).toBeInTheDocument();
      expect(screen.getByText("A inscrit manuellement Peach")).toBeInTheDocument();
      expect(screen.getByText("A fait passer l’escouade Beta depuis la liste d’attente (par l’équipe d’organisation)")).toBeInTheDocument();
      expect(screen.getByText("A déplacé une inscription")).toHaveAttribute("title", "Moved Toad");
      expect(screen.getByText("A changé la visibilité")).toBeInTheDocument();
    });

    it("Japanese: each summary in Japanese", async () => {
      await activateLocale("ja", i18n, true);
      mockFetch({ "GET /api/events/5/logs": keyed });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await screen.findByText("スクワッド「Alpha」を認証")).toBeInTheDocument();
      expect(screen.getByText("Mario のチェックインを取り消し")).toBeInTheDocument();
      expect(screen.getByText("Luigi がチェックイン")).toBeInTheDocument();
      expect(screen.getByText("Peach を手動でエントリー")).toBeInTheDocument();
      expect(screen.getByText("スクワッド「Beta」をキャンセル待ちから繰り上げ（運営による操作）")).toBeInTheDocument();
    });

    it("English: the catalogue's summaries read exactly as the server wrote them", async () => {
      mockFetch({ "GET /api/events/5/logs": keyed });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      for (const l of keyed.data) expect(await screen.findByText(l.action_human)).not.toHaveAttribute("title");
    });
  });
});
