import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamRegisterStatus } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { TeamStatusView } from "./team-status";

/** The team registration status in another language (#21). (The setup switches back to English after each test.) */
describe("team registration status in other languages (#21)", () => {
  it("German: a team's status block", async () => {
    await activateLocale("de", i18n, true);
    const t = tournamentDetail({ id: 8, event_format: 0, registrations_open: false, verification_required: 1 });
    const s = {
      status: "registered",
      my_team_verified: 0,
      opted_out: false,
      my_team_id: 3,
      my_team_name: "Blue Shells",
    } as TeamRegisterStatus;
    renderWithProviders(<TeamStatusView t={t} s={s} />);
    expect(screen.getByText("WARTET AUF FREIGABE")).toBeInTheDocument();
    expect(screen.getByText("Verifizierung ausstehend")).toBeInTheDocument();
    expect(screen.getByText("Die Anmeldung für dieses Turnier ist geschlossen.")).toBeInTheDocument();
  });
});
