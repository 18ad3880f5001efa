import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BulkAddResult, RegisterStatus } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { BulkAdd } from "./bulk-add";
import { RegistrationStatusBlock } from "./registration-status";

/**
 * The registration status blocks in other languages (#21): the catalogue's texts, plurals, and a
 * coded server refusal in the page's language. (The setup switches back to English after each test.)
 */

const status = (o: Partial<RegisterStatus> = {}): RegisterStatus => ({
  status: "registered",
  registration_details: {
    status: "registered",
    checked_in: false,
    verified: 1,
    squad_id: 5,
    squad_name: "Alpha",
    squad_tag: "ALP",
    squad_color: 1,
    squad_status: "registered",
    is_captain: true,
    register_count: 2,
    checkin_count: 0,
    can_host: true,
    ign: "Mii",
    withdrawn_at_checkin: false,
    waitlist_position: null,
  } as RegisterStatus["registration_details"],
  invitations: [],
  discord_tag: null,
  required_fields: { squad_name: true, squad_tag: true, can_host: true, mii_name: true, mii_name_max_length: 10 },
  can_administrate: false,
  can_moderate: false,
  ...o,
});

const squadEvent = tournamentDetail({
  id: 7,
  event_format: 2,
  registrations_open: true,
  minimum_team_size: 4,
  checkin_required: true,
  checkin_status: 1,
  checkin_minimum: 0,
  verification_required: 0,
  start_date: "2999-01-10T18:00:00.000Z",
});

describe("registration status in other languages (#21)", () => {
  it("French: status, plurals, the check-in button and a coded refusal", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      "GET /api/events/7/register": status(),
      "GET /api/events/7/placements": { data: [], count: 0, total_registrations_override: null },
      "POST /api/events/7/checkin": {
        reply: {
          status: 400,
          body: { status: "error", message: "Check-ins are not open for this tournament.", code: "registration.checkin_closed" },
        },
      },
    });
    renderWithProviders(<RegistrationStatusBlock t={squadEvent} />);
    expect(await screen.findByText("INSCRIT")).toBeInTheDocument();
    expect(screen.getByText("Il manque 2 membres à votre escouade pour remplir les conditions.")).toBeInTheDocument();
    expect(screen.getByText("Il manque 4 check-ins à votre escouade.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Modifier l’inscription" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Faire mon check-in" }));
    expect(await screen.findByText("Les check-ins ne sont pas ouverts pour ce tournoi.")).toBeInTheDocument();
  });

  it("Japanese: the counter words and the status", async () => {
    await activateLocale("ja", i18n, true);
    mockFetch({
      "GET /api/events/7/register": status(),
      "GET /api/events/7/placements": { data: [], count: 0, total_registrations_override: null },
    });
    renderWithProviders(<RegistrationStatusBlock t={squadEvent} />);
    expect(await screen.findByText("エントリー済み")).toBeInTheDocument();
    expect(screen.getByText("参加資格を満たすには、スクワッドのメンバーがあと2人必要です。")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "今すぐチェックイン" })).toBeInTheDocument();
  });

  it("French: the bulk add plan's summary from its counts, the server's line texts as they are", async () => {
    await activateLocale("fr", i18n, true);
    const plan: BulkAddResult = {
      status: "ok",
      applied: false,
      registered: 2,
      created: 1,
      skipped: 1,
      message: "Will register 2 player(s) (1 new shadow player(s)); 1 line(s) skipped.",
      lines: [
        {
          line: 1,
          text: "999",
          squad_tag: null,
          squad_name: null,
          outcome: "skip",
          message: "No player has registry id 999.",
          members: [],
        },
      ],
    };
    mockFetch({ "POST /api/events/7/registrations/bulk_add/preview": plan });
    renderWithProviders(<BulkAdd t={tournamentDetail({ id: 7, event_format: 1, can_administrate: true })} />);
    const box = screen.getByLabelText("Un joueur par ligne : un id de l’annuaire, un nom de l’annuaire ou un code ami");
    fireEvent.change(box, { target: { value: "Mario\nNew Kid\n999" } });
    fireEvent.click(screen.getByRole("button", { name: "Aperçu" }));
    expect(await screen.findByText("2 joueurs seront inscrits. 1 nouveau joueur fantôme. 1 ligne ignorée.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ajouter 2 joueurs" })).toBeEnabled();
    expect(screen.getAllByText("No player has registry id 999.").length).toBeGreaterThan(0);
  });
});
