import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { PlacementsEditor } from "@site/contract";
import { mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { placementProblemText } from "./placements-editor";

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

/** The placements list's problems (the contract's English texts) in another language (#21). */
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

  it("translates the contract's English problems by their text, and leaves unknown texts as they are", async () => {
    await activateLocale("pt", i18n, true);
    const _ = i18n._.bind(i18n);
    expect(placementProblemText(_, "Entrant 4 is listed more than once.")).toBe("O participante 4 aparece mais de uma vez na lista.");
    expect(placementProblemText(_, "Placement 3–4 is out of order: placements must follow the order of the list.")).toBe(
      "A colocação 3–4 está fora de ordem: as colocações devem seguir a ordem da lista.",
    );
    expect(placementProblemText(_, "Line 2: placements start at 1.")).toBe("Linha 2: as colocações começam em 1.");
    expect(placementProblemText(_, "Disqualified entrants must be listed last.")).toBe(
      "Os participantes desclassificados devem ficar no final.",
    );
    expect(placementProblemText(_, "Something else.")).toBe("Something else.");
  });
});
