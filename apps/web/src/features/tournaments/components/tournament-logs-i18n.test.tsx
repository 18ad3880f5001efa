import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { TournamentLogItem, TournamentLogValue } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { TournamentLogs } from "./tournament-logs";

/**
 * The tournament log's "what" column in the page's language (#21): each action named from the
 * catalogue by its key, the server's summary kept as the cell's tooltip; an action the catalogue
 * does not know shows the server's text. A line whose summary has a key is that summary from the
 * catalogue, with its params. Before and after come from the line's values where it has them,
 * else the server's English text. (The setup switches back to English after each test.)
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
  before_values: null,
  after_values: null,
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

    it("a round's default name in the page's language, a name the organiser wrote as written", async () => {
      await activateLocale("fr", i18n, true);
      mockFetch({
        "GET /api/events/5/logs": {
          data: [
            line(1, "rounds.publish", "Published the draw of Round 2", "rounds.published", { round: "Round 2" }),
            line(2, "rounds.publish", "Published the draw of Semifinal", "rounds.published", { round: "Semifinal" }),
          ],
          has_next_page: false,
        },
      });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await screen.findByText("A publié le tirage de Manche 2")).toBeInTheDocument();
      expect(screen.getByText("A publié le tirage de Semifinal")).toBeInTheDocument();
    });

    it("English: the catalogue's summaries read exactly as the server wrote them", async () => {
      mockFetch({ "GET /api/events/5/logs": keyed });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      for (const l of keyed.data) expect(await screen.findByText(l.action_human)).not.toHaveAttribute("title");
    });
  });

  describe("before and after values", () => {
    const word = (value: string, field: string | null = null): TournamentLogValue => ({ field, kind: "word", value });
    const valued = (
      id: number,
      action: string,
      action_human: string,
      before: string,
      after: string,
      before_values: TournamentLogValue[] | null,
      after_values: TournamentLogValue[] | null,
    ): TournamentLogItem => ({ ...line(id, action, action_human), before, after, before_values, after_values });
    const values = {
      data: [
        valued(
          1,
          "controls.registrations_open",
          "Changed registrations",
          "Open",
          "Closed",
          [word("registrations.open")],
          [word("registrations.closed")],
        ),
        valued(
          2,
          "tournament.edit",
          "Edited the tournament",
          "title: Cup; start_date: 2030-03-01T09:00:00.000Z; maximum_team_size: 4; verification_required: 0; rules: (previous text)",
          "title: Cup II; start_date: 2030-03-01T11:30:00.000Z; maximum_team_size: 6; verification_required: 1; rules: (changed)",
          [
            { field: "title", kind: "text", value: "Cup" },
            { field: "start_date", kind: "time", value: "2030-03-01T09:00:00.000Z" },
            { field: "maximum_team_size", kind: "number", value: 4 },
            word("no", "verification_required"),
            word("text.previous", "rules"),
          ],
          [
            { field: "title", kind: "text", value: "Cup II" },
            { field: "start_date", kind: "time", value: "2030-03-01T11:30:00.000Z" },
            { field: "maximum_team_size", kind: "number", value: 6 },
            word("yes", "verification_required"),
            word("text.changed", "rules"),
          ],
        ),
        // Written before values existed: the English text.
        valued(3, "controls.published", "Changed visibility", "Hidden", "Published", null, null),
        // A word the catalogue does not know: the English text too.
        valued(
          4,
          "registration.move",
          "Moved a registration",
          "registered",
          "archived",
          [word("status.registered")],
          [word("status.archived")],
        ),
      ],
      has_next_page: false,
    };
    const cells = async (action: string) => {
      const row = (await screen.findByText(action)).closest("tr")!;
      return within(row)
        .getAllByRole("cell")
        .slice(3)
        .map((c) => c.innerHTML.split("<br>"));
    };

    it("French: words and field names from the catalogue, dates and numbers in French, names as written; old lines in English", async () => {
      await activateLocale("fr", i18n, true);
      mockFetch({ "GET /api/events/5/logs": values });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await cells("A changé les inscriptions")).toEqual([["Ouvertes"], ["Fermées"]]);
      expect(await cells("A modifié le tournoi")).toEqual([
        [
          "Titre : Cup",
          "Date de début : 1 mars 2030, 09:00 UTC",
          "Taille maximale d’équipe : 4",
          "Vérification obligatoire : Non",
          "Règlement : Texte précédent",
        ],
        [
          "Titre : Cup II",
          "Date de début : 1 mars 2030, 11:30 UTC",
          "Taille maximale d’équipe : 6",
          "Vérification obligatoire : Oui",
          "Règlement : Modifié",
        ],
      ]);
      expect(await cells("A changé la visibilité")).toEqual([["Hidden"], ["Published"]]);
      expect(await cells("A déplacé une inscription")).toEqual([["Inscrit"], ["archived"]]);
    });

    it("French: a contract code (an organizer) by its name in French, not its code", async () => {
      await activateLocale("fr", i18n, true);
      mockFetch({
        "GET /api/events/5/logs": {
          data: [
            valued(
              9,
              "tournament.edit",
              "Edited the tournament",
              "organizer: lan",
              "organizer: affiliate",
              [{ field: "organizer", kind: "text", value: "lan" }],
              [{ field: "organizer", kind: "text", value: "affiliate" }],
            ),
          ],
          has_next_page: false,
        },
      });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await cells("A modifié le tournoi")).toEqual([["Organisateur : LAN"], ["Organisateur : Partenaire"]]);
    });

    it("Japanese: the same lines in Japanese", async () => {
      await activateLocale("ja", i18n, true);
      mockFetch({ "GET /api/events/5/logs": values });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await cells("エントリー受付を変更")).toEqual([["受付中"], ["締切"]]);
      expect((await cells("大会を編集"))[1]).toEqual([
        "大会名：Cup II",
        "開始日時：2030年3月1日 11:30 UTC",
        "チームの最大人数：6",
        "認証必須：はい",
        "ルール：変更あり",
      ]);
      expect(await cells("公開設定を変更")).toEqual([["Hidden"], ["Published"]]);
    });

    it("English: the values from the catalogue; an old line as the server wrote it", async () => {
      mockFetch({ "GET /api/events/5/logs": values });
      renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
      expect(await cells("Changed registrations")).toEqual([["Open"], ["Closed"]]);
      expect((await cells("Edited the tournament"))[0]).toEqual([
        "Title: Cup",
        "Start Date: Mar 1, 2030, 09:00 UTC",
        "Maximum Team Size: 4",
        "Verification Required: No",
        "Rules: Previous text",
      ]);
      expect(await cells("Changed visibility")).toEqual([["Hidden"], ["Published"]]);
    });
  });
});
