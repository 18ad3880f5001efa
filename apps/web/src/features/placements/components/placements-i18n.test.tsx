import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { placementProblemText } from "./placements-editor";

/** The placements list's problems (the contract's English texts) in another language (#21). */
describe("placement problems in other languages", () => {
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
