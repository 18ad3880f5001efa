import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BulkAddResult, PlayerRow, RegisterStatus, SquadRow } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { userSession } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { BulkAdd } from "./bulk-add";
import { RegistrationStatusBlock } from "./registration-status";
import { RegistrationsPage } from "./registrations-list";

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

  it("French: the bulk add plan's summary from its counts, each line's explanation from its code", async () => {
    await activateLocale("fr", i18n, true);
    const plan: BulkAddResult = {
      status: "ok",
      applied: false,
      registered: 2,
      created: 1,
      skipped: 1,
      message: "Will register 2 player(s) (1 new shadow player(s)); 1 line(s) skipped.",
      code: "registration.bulk_add.will_register",
      params: { kind: "players", registered: 2, created: 1, choose: 0, skipped: 1 },
      lines: [
        {
          line: 1,
          text: "999",
          squad_tag: null,
          squad_name: null,
          outcome: "skip",
          message: "No player has registry id 999.",
          code: "registration.bulk_add.unknown_id",
          params: { id: 999 },
          members: [
            {
              input: "999",
              action: "skip",
              player_id: null,
              name: "999",
              candidates: [],
              message: "No player has registry id 999.",
              code: "registration.bulk_add.unknown_id",
              params: { id: 999 },
            },
          ],
        },
        {
          line: 2,
          text: "Twin",
          squad_tag: null,
          squad_name: null,
          outcome: "skip",
          message: "Banned One is banned.",
          code: "registration.bulk_add.banned",
          params: { name: "Banned One" },
          members: [],
        },
        {
          line: 3,
          text: "Odd",
          squad_tag: null,
          squad_name: null,
          outcome: "skip",
          message: "A reason the catalogue does not know.",
          code: "registration.bulk_add.not_a_code",
          params: {},
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
    expect(screen.getByText("999: Aucun joueur n’a l’id d’annuaire 999.")).toBeInTheDocument();
    expect(screen.getByText("Aucun joueur n’a l’id d’annuaire 999.")).toBeInTheDocument();
    expect(screen.getByText("Banned One est banni.")).toBeInTheDocument();
    // A code the catalogue lacks: the server's English text.
    expect(screen.getByText("A reason the catalogue does not know.")).toBeInTheDocument();
    expect(screen.queryByText("No player has registry id 999.")).not.toBeInTheDocument();
  });

  it("Japanese: a squad line left out names its member's reason, both from their codes", async () => {
    await activateLocale("ja", i18n, true);
    const plan: BulkAddResult = {
      status: "ok",
      applied: false,
      registered: 0,
      created: 0,
      skipped: 1,
      message: "Will register 0 squad(s); 1 line(s) skipped.",
      code: "registration.bulk_add.will_register",
      params: { kind: "squads", registered: 0, created: 0, choose: 0, skipped: 1 },
      lines: [
        {
          line: 1,
          text: "BBB: Sq Taken",
          squad_tag: "BBB",
          squad_name: "BBB",
          outcome: "skip",
          message: "Squad left out: Sq Taken: Sq Taken is already registered.",
          code: "registration.bulk_add.squad_left_out",
          params: { input: "Sq Taken", member: 0 },
          members: [
            {
              input: "Sq Taken",
              action: "skip",
              player_id: 4,
              name: "Sq Taken",
              candidates: [],
              message: "Sq Taken is already registered.",
              code: "registration.bulk_add.already_registered",
              params: { name: "Sq Taken" },
            },
          ],
        },
      ],
    };
    mockFetch({ "POST /api/events/7/registrations/bulk_add/preview": plan });
    renderWithProviders(<BulkAdd t={squadEvent} />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "BBB: Sq Taken" } });
    fireEvent.click(screen.getByRole("button", { name: "プレビュー" }));
    expect(await screen.findByText("スクワッドを除外しました: Sq Taken: Sq Taken はすでにエントリーしています。")).toBeInTheDocument();
    expect(screen.getByText("Sq Taken: Sq Taken はすでにエントリーしています。")).toBeInTheDocument();
  });

  it("French: the Registered On day of the player table and of the manual panel's latest registrations", async () => {
    await activateLocale("fr", i18n, true);
    // 22 Nov 2026, 15:00 UTC, in ms as the wire sends `registered_at`; the server's English was 'Nov 22, 2026'.
    const row: PlayerRow = {
      player_id: 1,
      display_name: "Racer 1",
      country_code: "FR",
      country_name: "France",
      squad_id: null,
      squad_name: null,
      squad_tag: null,
      squad_color: null,
      mii_name: null,
      discord_tag: null,
      eligible: true,
      custom_field: null,
      verified: 1,
      player_can_host: false,
      can_host: false,
      checked_in: false,
      registered_at: Date.UTC(2026, 10, 22, 15),
      registered_at_human: "Nov 22, 2026",
    };
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/7/registered_players": { data: [row], custom_field_name: null, count: 1, page: 1, page_count: 1 },
    });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 1, can_administrate: true })} />);
    const cell = (await screen.findByRole("link", { name: "Racer 1" })).closest("tr")!;
    expect(within(cell).getByText("22 nov. 2026")).toBeInTheDocument();
    expect(screen.queryByText("Nov 22, 2026")).toBeNull();
    const latest = await screen.findByLabelText("Dernières inscriptions");
    await waitFor(() => expect(within(latest).getByRole("listitem")).toHaveTextContent("22 nov. 2026"));
  });

  it("Japanese: the Registered On day of the squad table", async () => {
    await activateLocale("ja", i18n, true);
    const squad: SquadRow = {
      squad_id: 31,
      squad_name: "Alpha",
      squad_tag: "ALP",
      squad_color: 1,
      verified: 1,
      player_count: 2,
      eligible: true,
      can_host: false,
      checked_in: false,
      checkin_count: 0,
      registered_at: Date.UTC(2026, 0, 5, 23, 30),
      registered_at_human: "Jan 5, 2026",
    };
    mockFetch({ "GET /api/session": userSession(), "GET /api/events/7/registrations": { data: [squad] } });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 2 })} />);
    const row = (await screen.findByText("Alpha")).closest("tr")!;
    expect(within(row).getByText("2026年1月5日")).toBeInTheDocument();
  });
});
