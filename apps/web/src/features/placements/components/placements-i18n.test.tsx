import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { PLACEMENT_CODES, placementListProblem, type PlacementsEditor } from "@site/contract";
import { mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";
import { activateLocale, i18n } from "@/lib/i18n/i18n";

const editor: PlacementsEditor = {
  entrant_type: "squad",
  entrants: [
    { entrant_id: 1, name: "Alpha", tag: "ALP", color: 1, members: [], status: "registered" },
    { entrant_id: 2, name: "Bravo", tag: "BRA", color: 2, members: [], status: "withdrawn" },
  ],
  placements: [{ entrant_id: 2, placement: 1, placement_upper_bound: null, dq: false, title: null }],
  count: 1,
  total_registrations_override: null,
};

/** The placements list's problems in another language, by their codes (PLACEMENT_CODES, #21). */
describe("placement problems in other languages", () => {
  it("edits the placements in French: tabs, statuses, the bulk hint's code and the saved message", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/events/5/placements/edit": editor,
      "POST /api/events/5/placements": { status: "ok", message: "Placements saved." },
    });
    const { user } = renderApp("/tournaments/5/placements/edit");
    expect(await screen.findByRole("heading", { name: "Modifier le classement" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Ordre du classement" });
    expect(within(list).getByText("désisté")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /Non classés \(1\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer le classement" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Classement enregistré.");
    await user.click(screen.getByRole("tab", { name: "Texte en bloc" }));
    expect(screen.getByText(/Une ligne par escouade/)).toHaveTextContent(
      "Une ligne par escouade : id place [titre]. La place est un nombre",
    );
    expect(screen.getByText("id place [titre]").tagName).toBe("CODE");
  });

  it("shows the server's list problem from its code and params, not its English text", async () => {
    await activateLocale("pt", i18n, true);
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/events/5/placements/edit": editor,
      "POST /api/events/5/placements": {
        reply: {
          status: 400,
          body: {
            status: "error",
            message: "Placement 3–4 is out of order: placements must follow the order of the list.",
            code: PLACEMENT_CODES.outOfOrder,
            params: { range: "tie", best: 3, worst: 4 },
          },
        },
      },
    });
    const { user } = renderApp("/tournaments/5/placements/edit");
    await user.click(await screen.findByRole("button", { name: "Salvar a classificação" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "A colocação 3–4 está fora de ordem: as colocações devem seguir a ordem da lista.",
    );
  });

  it("shows the editor's own problems (the bulk text's, the list's) from their codes", async () => {
    await activateLocale("ja", i18n, true);
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/events/5/placements/edit": editor,
    });
    const { user } = renderApp("/tournaments/5/placements/edit");
    await user.click(await screen.findByRole("tab", { name: "一括テキスト" }));
    const text = screen.getByRole("textbox", { name: "一括の順位" });
    await user.clear(text);
    await user.type(text, "2 1{enter}1 5-3");
    await user.click(screen.getByRole("button", { name: "一括の順位を保存" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("2行目：範囲は上位から書いてください（例：3-4）。");
    expect(
      placementListProblem([
        { entrant_id: 1, placement: 2, placement_upper_bound: null, dq: false },
        { entrant_id: 2, placement: 1, placement_upper_bound: null, dq: false },
      ]),
    ).toEqual({
      message: "Placement 1 is out of order: placements must follow the order of the list.",
      code: "placements.out_of_order",
      params: { range: "single", best: 1, worst: 1 },
    });
  });
});
