import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { BUILT_IN_POINTS_TABLES, type PlacementRow, type PointsTableWire } from "@site/contract";
import type { Room, RoomSide, RoundDetail, RoundsOverview, RoundSummary } from "@site/contract";
import { mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { parsePointsText, pointsRowsProblemText } from "./points-tables-admin";
import { pointsTableName } from "./labels";

/**
 * The rounds and placements screens in other languages (#21): labels, plurals and plans from
 * the catalogue, coded refusals through their messages, the contract's English problems by
 * their text. (The setup switches back to English after each test.)
 */

const solo = tournamentDetail({ event_format: 1, event_format_human: "Solo", minimum_team_size: 1, maximum_team_size: 1 });

function side(id: number, name: string, o: Partial<RoomSide> = {}): RoomSide {
  return {
    entrant_id: id,
    name,
    tag: null,
    color: null,
    seed: id,
    rank: null,
    total: null,
    advanced: null,
    decided_by: null,
    racers: [
      {
        player_id: id,
        name,
        country_code: "FR",
        mii_name: null,
        friend_code: null,
        can_host: false,
        races: null,
        gp: null,
        penalty: 0,
        total: null,
      },
    ],
    ...o,
  };
}
function room(number: number, sides: RoomSide[], o: Partial<Room> = {}): Room {
  return {
    number,
    host_player_id: sides[0]?.entrant_id ?? null,
    host_name: sides[0]?.name ?? null,
    room_code: null,
    table_in: false,
    table_mode: null,
    table_submitted_by: null,
    table_submitted_at: null,
    locked: false,
    mismatch: null,
    sides,
    viewer_is_host: false,
    ...o,
  };
}
function summary(o: Partial<RoundSummary> = {}): RoundSummary {
  return {
    number: 1,
    name: "Round 1",
    races: 2,
    room_size: 12,
    sides_per_room: 12,
    points_table: "mk8dx",
    seed_method: "random",
    tie_mode: "chain",
    status: "drawn",
    room_count: 2,
    side_count: 4,
    tables_in: 0,
    advance_per_room: null,
    wildcards: null,
    ...o,
  };
}
const MK8 = BUILT_IN_POINTS_TABLES[0]!;
const mk8Wire: PointsTableWire = { ...MK8, built_in: true, created_by: null, created_at: null };
const tablesIn = () => [
  room(1, [side(11, "Ana", { rank: 1, total: 30 }), side(12, "Bo", { rank: 2, total: 20 })], { table_in: true }),
  room(2, [side(21, "Cy", { rank: 1, total: 30 }), side(22, "Di", { rank: 2, total: 20 })], { table_in: true }),
];
function detail(o: Partial<RoundDetail> = {}): RoundDetail {
  return { round: summary(), entrant_type: "player", can_manage: true, rooms: tablesIn(), points_table: mk8Wire, plans: [], ...o };
}
const overview = (o: Partial<RoundsOverview> = {}): RoundsOverview => ({
  entrant_type: "player",
  team_size: 1,
  can_manage: false,
  rounds: [],
  next_entrants: 0,
  can_finish: false,
  points_tables: [{ key: "mk8dx", name: "Mario Kart 8 Deluxe (12 racers, 82 per race)", room_size: 12 }],
  ...o,
});
const staff = () => userSession({}, { canEventAdministrate: true });

describe("rounds and placements in other languages", () => {
  it("lists the rounds in French: status, rooms, players, tables and plan", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": solo,
      "GET /api/events/5/rounds": overview({
        rounds: [
          summary({ status: "closed", tables_in: 2, advance_per_room: 2, wildcards: 4 }),
          summary({ number: 2, name: "Final", room_count: 1 }),
        ],
      }),
    });
    renderApp("/tournaments/5/rounds");
    const row = (await screen.findByRole("link", { name: "Manche 1" })).closest("li")!;
    expect(row).toHaveTextContent("Clôturée");
    expect(row).toHaveTextContent("2 salles · 4 joueurs · tableaux 2/2 · Top 2 + 4 repêchés");
    expect(screen.getByRole("link", { name: "Final" }).closest("li")).toHaveTextContent("1 salle · 4 joueurs · tableaux 0/1");
    expect(screen.getByRole("link", { name: "Tableau en direct" })).toBeInTheDocument();
  });

  it("offers the close plans in Spanish, worded from their numbers", async () => {
    await activateLocale("es", i18n, true);
    const plans = [
      { per_room: 1, wildcards: 2, wildcard_from_rank: 2, advancing: 4, next_rooms: 1, label: "Top 1 + 2 best 2nds → 1 room" },
      { per_room: 2, wildcards: 0, wildcard_from_rank: 3, advancing: 4, next_rooms: 2, label: "Top 2 → 2 rooms" },
      { per_room: 1, wildcards: 0, wildcard_from_rank: 2, advancing: 2, next_rooms: 1, label: "Top 1 → 1 room (room of 2)" },
    ];
    mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail({ round: summary({ status: "racing", tables_in: 2 }), plans }),
    });
    renderApp("/tournaments/5/rounds/1");
    const panel = await screen.findByRole("region", { name: "Cerrar la ronda" });
    expect(within(panel).getByRole("radio", { name: "Top 1 + los 2 mejores 2.º → 1 sala" })).toBeChecked();
    expect(within(panel).getByRole("radio", { name: "Top 2 → 2 salas" })).toBeInTheDocument();
    expect(within(panel).getByRole("radio", { name: "Top 1 → 1 sala (sala de 2)" })).toBeInTheDocument();
    expect(within(panel).getByRole("radio", { name: "Final (nadie pasa)" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Sala 1" })).toHaveTextContent("Tabla recibida");
    expect(screen.getByText(/Mario Kart 8 Deluxe \(12 pilotos, 82 por carrera\)/)).toBeInTheDocument();
  });

  it("shows a coded refusal of the table in Japanese", async () => {
    await activateLocale("ja", i18n, true);
    const rooms = [room(1, [side(11, "Ana"), side(12, "Bo")], { viewer_is_host: true }), room(2, [side(21, "Cy"), side(22, "Di")])];
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": solo,
      "GET /api/events/5/rounds/1": detail({ can_manage: false, rooms }),
      "POST /api/events/5/rounds/1/rooms/1/table": {
        reply: { status: 400, body: { status: "error", message: "This room's table is locked.", code: "rounds.locked" } },
      },
    });
    const { user } = renderApp("/tournaments/5/rounds/1");
    const card = await screen.findByRole("article", { name: "部屋1" });
    await user.click(within(card).getByRole("button", { name: "集計表を入力" }));
    const dialog = await screen.findByRole("dialog", { name: "部屋1の集計表" });
    expect(dialog).toHaveTextContent("2レース、2人：ペナルティ前の合計は");
    await user.click(within(dialog).getByRole("tab", { name: "合計" }));
    await user.type(within(dialog).getByLabelText("Anaの合計"), "24");
    await user.type(within(dialog).getByLabelText("Boの合計"), "16");
    await user.click(within(dialog).getByRole("button", { name: "集計表を保存" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("この部屋の集計表はロックされています。");
  });

  it("shows the placements in German with the page's ordinals", async () => {
    await activateLocale("de", i18n, true);
    const mine: PlacementRow = {
      entrant_type: "squad",
      entrant_id: 3,
      placement: 4,
      placement_upper_bound: 3,
      dq: false,
      title: null,
      name: "Charlie",
      tag: "CHA",
      color: 1,
      team_id: null,
      squad_id: 3,
      members: [],
    };
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": {
        data: [mine],
        count: 1,
        total_registrations_override: null,
        total_entrants: 1,
        page: 1,
        page_count: 1,
      },
      "GET /api/events/5/my_placement": { placement: mine },
    });
    renderApp("/tournaments/5/placements");
    expect(await screen.findByRole("heading", { name: "Endplatzierungen" })).toBeInTheDocument();
    const region = await screen.findByRole("region", { name: "Deine Platzierung" });
    expect(within(region).getByRole("img", { name: "3. Platz" })).toBeInTheDocument();
    expect(region).toHaveTextContent("Du bist 3. geworden (geteilt 3.–4.) mit Charlie");
    expect(screen.getByText("Teilnehmer insgesamt: 1")).toBeInTheDocument();
  });

  it("translates the points rows problems by their English text, and leaves unknown texts as they are", async () => {
    await activateLocale("pt", i18n, true);
    const _ = i18n._.bind(i18n);
    expect(pointsRowsProblemText(_, "Row 3: a position never scores more than the one above it.")).toBe(
      "Linha 3: uma posição nunca pontua mais que a de cima.",
    );
    expect(pointsRowsProblemText(_, "Something else.")).toBe("Something else.");
    expect(pointsTableName(_, { key: "mkworld", name: "Mario Kart World (24 racers, 144 per race)" })).toBe(
      "Mario Kart World (24 pilotos, 144 por corrida)",
    );
    expect(pointsTableName(_, { key: "pairs", name: "Pairs (12 racers, 82 per race)" })).toBe("Pairs (12 racers, 82 per race)");
    expect(parsePointsText("2: 3 x", _)).toEqual({ error: "Linha 1: os pontos são números inteiros, 0 ou mais." });
  });
});
