import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { BUILT_IN_POINTS_TABLES, type PointsTableWire } from "@site/contract";
import type {
  CloseRoundResult,
  MyRoom,
  Room,
  RoomRacer,
  RoomSide,
  RoomTableResult,
  RoundDetail,
  RoundsOverview,
  RoundSummary,
} from "@site/contract";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";
import { gridTotals, positionsFromPoints } from "./table-entry";
import { moveSide } from "./draft-editor";
import { formatPointsText, parsePointsText } from "./points-tables-admin";

const solo = tournamentDetail({ event_format: 1, event_format_human: "Solo", minimum_team_size: 1, maximum_team_size: 1 });

function racer(id: number, name: string, o: Partial<RoomRacer> = {}): RoomRacer {
  return {
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
    ...o,
  };
}
function side(id: number, name: string, o: Partial<RoomSide> = {}, r: Partial<RoomRacer> = {}): RoomSide {
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
    racers: [racer(id, name, r)],
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
const mk8Wire: PointsTableWire = {
  key: MK8.key,
  name: MK8.name,
  games: MK8.games,
  room_size: MK8.room_size,
  points: MK8.points,
  built_in: true,
  created_by: null,
  created_at: null,
};
const twoRooms = () => [room(1, [side(11, "Ana"), side(12, "Bo")]), room(2, [side(21, "Cy"), side(22, "Di")])];
function detail(o: Partial<RoundDetail> = {}): RoundDetail {
  return { round: summary(), entrant_type: "player", can_manage: true, rooms: twoRooms(), points_table: mk8Wire, plans: [], ...o };
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
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe("/tournaments/{id}/rounds", () => {
  it("lists the rounds with status, rooms, tables and plan, each linking to its page", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": solo,
      "GET /api/events/5/rounds": overview({
        rounds: [
          summary({ status: "closed", tables_in: 2, advance_per_room: 2, wildcards: 4 }),
          summary({ number: 2, name: "Final", status: "racing", room_count: 1, tables_in: 0 }),
        ],
      }),
    });
    renderApp("/tournaments/5/rounds");
    const first = await screen.findByRole("link", { name: "Round 1" });
    expect(first).toHaveAttribute("href", "/tournaments/5/rounds/1");
    const row = first.closest("li")!;
    expect(row).toHaveTextContent("Closed");
    expect(row).toHaveTextContent("2 rooms · 4 players · tables 2/2 · Top 2 + 4 wildcards");
    expect(screen.getByRole("link", { name: "Final" }).closest("li")).toHaveTextContent("Racing");
    expect(screen.queryByRole("button", { name: /Draw round/ })).not.toBeInTheDocument();
  });

  it("gives staff the Draw round form (no 'By previous score' for round 1) and the entrant count", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds": overview({ can_manage: true, next_entrants: 48 }),
      "POST /api/events/5/rounds": summary({ status: "draft", room_count: 4, side_count: 48 }),
      "GET /api/events/5/rounds/1": detail({ round: summary({ status: "draft" }) }),
    });
    const { user } = renderApp("/tournaments/5/rounds");
    expect(await screen.findByText(/will be drawn/)).toHaveTextContent("48 players will be drawn");
    const seeding = screen.getByLabelText("Seeding");
    expect(within(seeding).queryByRole("option", { name: "By previous score" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Races")).toHaveValue("8");
    expect(screen.getByRole("link", { name: "Add a points table" })).toHaveAttribute("href", "/admin/points-tables");
    await user.click(screen.getByRole("button", { name: "Draw round 1" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/events/5/rounds")).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, "POST", "/api/events/5/rounds")[0]![1])).toEqual({
      races: 8,
      room_size: 12,
      points_table: "mk8dx",
      seed_method: "random",
      tie_mode: "chain",
    });
    expect(await screen.findByRole("heading", { name: "Draft draw" })).toBeInTheDocument();
  });

  it("explains that team tournaments do not run rounds", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail({ event_format: 0 }),
      "GET /api/events/5/rounds": overview({ entrant_type: null }),
    });
    renderApp("/tournaments/5/rounds");
    expect(await screen.findByText(/Rounds are available for solo and squad tournaments/)).toBeInTheDocument();
  });
});

describe("/tournaments/{id}/rounds/{n}: table entry", () => {
  const mismatch: RoomTableResult = { saved: false, mismatch: { expected: 40, actual: 44 }, problems: [], room: null };

  it("a mismatch answers 'The table adds up to…' and Save anyway sends the same table with confirm_mismatch", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail(),
      "POST /api/events/5/rounds/1/rooms/1/table": ({ body }) => {
        const b = body as { confirm_mismatch?: boolean };
        return { body: b.confirm_mismatch ? { ...mismatch, saved: true } : mismatch };
      },
    });
    const { user } = renderApp("/tournaments/5/rounds/1");
    const card = await screen.findByRole("article", { name: "Room 1" });
    await user.click(within(card).getByRole("button", { name: "Enter table" }));
    const dialog = await screen.findByRole("dialog", { name: "Room 1 table" });
    await user.click(within(dialog).getByRole("tab", { name: "Totals" }));
    await user.type(within(dialog).getByLabelText("Total of Ana"), "24");
    await user.type(within(dialog).getByLabelText("Total of Bo"), "20");
    await user.type(within(dialog).getByLabelText("Penalty of Bo"), "15");
    await user.click(within(dialog).getByRole("button", { name: "Save table" }));
    expect(await within(dialog).findByText("The table adds up to 44 points; 40 were expected.")).toBeInTheDocument();
    const first = bodyOf(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/rooms/1/table")[0]![1]);
    expect(first).toMatchObject({
      mode: "totals",
      totals: [
        { player_id: 11, total: 24 },
        { player_id: 12, total: 20 },
      ],
      penalties: [{ player_id: 12, penalty: 15 }],
      dry_run: false,
      confirm_mismatch: false,
    });
    await user.click(within(dialog).getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/rooms/1/table")).toHaveLength(2));
    const second = bodyOf(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/rooms/1/table")[1]![1]);
    expect(second).toEqual({ ...first, confirm_mismatch: true });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Room 1: table saved.")).toBeInTheDocument();
  });

  it("pasted text with an ambiguous name offers a pick, sent as picks on the next preview", async () => {
    const ambiguous: RoomTableResult = {
      saved: false,
      mismatch: null,
      problems: [
        {
          kind: "ambiguous",
          line: 2,
          name: "A",
          candidates: [
            { player_id: 11, name: "Ana" },
            { player_id: 12, name: "Bo" },
          ],
        },
      ],
      room: null,
    };
    const previewRoom = room(1, [side(11, "Ana", { rank: 1, total: 27 }), side(12, "Bo", { rank: 2, total: 13 })]);
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail(),
      "POST /api/events/5/rounds/1/rooms/1/table": ({ body }) =>
        (body as { picks?: object }).picks
          ? { body: { saved: false, mismatch: null, problems: [], room: previewRoom } }
          : { body: ambiguous },
    });
    const { user } = renderApp("/tournaments/5/rounds/1");
    const card = await screen.findByRole("article", { name: "Room 1" });
    await user.click(within(card).getByRole("button", { name: "Enter table" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Lorenzi table text"), "A 15|12{enter}Bo 10");
    await user.click(within(dialog).getByRole("button", { name: "Preview" }));
    const pick = await within(dialog).findByLabelText("Racer for line 2");
    await user.selectOptions(pick, "11");
    await user.click(within(dialog).getByRole("button", { name: "Preview" }));
    const preview = await within(dialog).findByRole("table", { name: "Computed room" });
    expect(within(preview).getAllByRole("row")[1]).toHaveTextContent("1Ana27");
    const sent = callsTo(fetchMock, "POST", "/api/events/5/rounds/1/rooms/1/table").map(([, init]) => bodyOf(init));
    expect(sent[1]).toMatchObject({ mode: "lorenzi", text: "A 15|12\nBo 10", picks: { "2": 11 }, dry_run: true });
  });

  it("a round on a custom points table names it and scores the grid and the expected total with its rows", async () => {
    const custom: PointsTableWire = {
      ...mk8Wire,
      key: "custom-3",
      name: "Double Cup",
      room_size: 2,
      points: { "1": [2], "2": [4, 2] },
      built_in: false,
      created_by: "EventAdmin",
      created_at: 1,
    };
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail({ round: summary({ points_table: "custom-3" }), points_table: custom }),
      "POST /api/events/5/rounds/1/rooms/1/table": { saved: true, mismatch: null, problems: [], room: null },
    });
    const { user } = renderApp("/tournaments/5/rounds/1");
    expect(await screen.findByText("Double Cup")).toBeInTheDocument();
    const card = screen.getByRole("article", { name: "Room 1" });
    await user.click(within(card).getByRole("button", { name: "Enter table" }));
    const dialog = await screen.findByRole("dialog", { name: "Room 1 table" });
    // 2 races × (4 + 2) points.
    expect(dialog).toHaveTextContent("should add up to 12 points");
    await user.click(within(dialog).getByRole("tab", { name: "Grid" }));
    for (const [name, pos] of [
      ["Ana", "1"],
      ["Bo", "2"],
    ] as const) {
      await user.type(within(dialog).getByLabelText(`${name}, race 1`), pos);
      await user.type(within(dialog).getByLabelText(`${name}, race 2`), pos);
    }
    const rows = within(within(dialog).getByRole("table", { name: "Positions per race" })).getAllByRole("row");
    expect(rows[1]).toHaveTextContent(/8$/);
    expect(rows[2]).toHaveTextContent(/4$/);
    await user.click(within(dialog).getByRole("button", { name: "Save table" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/rooms/1/table")).toHaveLength(1));
  });

  it("the host gets Enter table on their own room only; others get no tools", async () => {
    const rooms = twoRooms();
    rooms[1] = { ...rooms[1]!, viewer_is_host: true };
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": solo,
      "GET /api/events/5/rounds/1": detail({ can_manage: false, rooms }),
    });
    renderApp("/tournaments/5/rounds/1");
    const mine = await screen.findByRole("article", { name: "Room 2" });
    expect(within(mine).getByRole("button", { name: "Enter table" })).toBeInTheDocument();
    expect(within(mine).queryByRole("button", { name: "Lock" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Room 1" })).queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("/tournaments/{id}/rounds/{n}: closing", () => {
  const tablesIn = () =>
    twoRooms().map((r) => ({ ...r, table_in: true, sides: r.sides.map((s, i) => ({ ...s, rank: i + 1, total: 30 - i * 10 })) }));
  const plans = [
    { per_room: 1, wildcards: 1, wildcard_from_rank: 2, advancing: 3, next_rooms: 1, label: "Top 1 + 1 best 2nd → 1 room" },
    { per_room: 1, wildcards: 0, wildcard_from_rank: 2, advancing: 2, next_rooms: 1, label: "Top 1 → 1 room" },
  ];
  const tie: CloseRoundResult = {
    closed: false,
    advancing: 3,
    ties: [
      [
        { entrant_id: 12, name: "Bo", room: 1, total: 20 },
        { entrant_id: 22, name: "Di", room: 2, total: 20 },
      ],
    ],
    sides: [
      { entrant_id: 11, room: 1, rank: 1, advanced: "yes" },
      { entrant_id: 12, room: 1, rank: 2, advanced: "tie" },
      { entrant_id: 21, room: 2, rank: 1, advanced: "yes" },
      { entrant_id: 22, room: 2, rank: 2, advanced: "tie" },
    ],
  };

  it("previews the chosen plan, reorders a tie and closes with the decisions", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail({ round: summary({ status: "racing", tables_in: 2 }), rooms: tablesIn(), plans }),
      "POST /api/events/5/rounds/1/close": ({ body }) => {
        const b = body as { dry_run: boolean };
        return { body: b.dry_run ? tie : { ...tie, ties: [], closed: true } };
      },
    });
    const { user } = renderApp("/tournaments/5/rounds/1");
    const panel = await screen.findByRole("region", { name: "Close the round" });
    expect(within(panel).getByRole("radio", { name: plans[0]!.label })).toBeChecked();
    await user.click(within(panel).getByRole("radio", { name: "Top 1 → 1 room" }));
    await user.click(within(panel).getByRole("radio", { name: plans[0]!.label }));
    await user.click(within(panel).getByRole("button", { name: "Preview" }));
    const ties = await within(panel).findByRole("region", { name: "Ties to decide" });
    expect(within(panel).getByRole("region", { name: "Close preview" })).toHaveTextContent("Room 1Ana, BoTie");
    await user.click(within(ties).getByRole("button", { name: "Move Di up" }));
    expect(within(within(ties).getByRole("list", { name: "Tie 1" })).getAllByRole("listitem")[0]).toHaveTextContent("Di");
    await user.click(within(panel).getByRole("button", { name: "Close round" }));
    const confirm = await screen.findByRole("dialog", { name: "Close Round 1?" });
    await user.click(within(confirm).getByRole("button", { name: "Close round" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/close")).toHaveLength(2));
    const [preview, close] = callsTo(fetchMock, "POST", "/api/events/5/rounds/1/close").map(([, init]) => bodyOf(init));
    expect(preview).toEqual({ plan: { per_room: 1, wildcards: 1 }, decisions: [], dry_run: true });
    expect(close).toEqual({ plan: { per_room: 1, wildcards: 1 }, decisions: [[22, 12]], dry_run: false });
    expect(await screen.findByText("Round 1 closed: 3 advance.")).toBeInTheDocument();
  });

  it("the final sends no plan", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail({ round: summary({ status: "racing", tables_in: 2 }), rooms: tablesIn(), plans: [] }),
      "POST /api/events/5/rounds/1/close": { closed: true, advancing: 0, ties: [], sides: [] },
    });
    const { user } = renderApp("/tournaments/5/rounds/1");
    const panel = await screen.findByRole("region", { name: "Close the round" });
    expect(within(panel).getByRole("radio", { name: "Final (nobody advances)" })).toBeChecked();
    await user.click(within(panel).getByRole("button", { name: "Close round" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close round" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/close")).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, "POST", "/api/events/5/rounds/1/close")[0]![1])).toEqual({
      plan: null,
      decisions: [],
      dry_run: false,
    });
  });
});

describe("/tournaments/{id}/rounds/{n}: closing a one-room round", () => {
  it("starts on 'Final (nobody advances)' even when the planner offers a smaller room", async () => {
    const one = room(1, [side(11, "Ana", { rank: 1, total: 30 }), side(12, "Bo", { rank: 2, total: 20 })], { table_in: true });
    const plan = { per_room: 1, wildcards: 0, wildcard_from_rank: 2, advancing: 1, next_rooms: 1, label: "Top 1 → 1 room (room of 1)" };
    mockFetch({
      "GET /api/session": staff(),
      "GET /api/events/5": { ...solo, can_administrate: true },
      "GET /api/events/5/rounds/1": detail({
        round: summary({ status: "racing", tables_in: 1, room_count: 1 }),
        rooms: [one],
        plans: [plan],
      }),
    });
    renderApp("/tournaments/5/rounds/1");
    const panel = await screen.findByRole("region", { name: "Close the round" });
    expect(within(panel).getByRole("radio", { name: "Final (nobody advances)" })).toBeChecked();
    expect(within(panel).getByRole("radio", { name: plan.label })).not.toBeChecked();
  });
});

describe("the tournament page's Your room", () => {
  const mine = (): MyRoom => ({
    room: {
      round_number: 2,
      round_name: "Semifinal",
      round_status: "racing",
      races: 12,
      room: room(
        3,
        [
          side(
            42,
            "Rider",
            { rank: 1, total: 150, advanced: null },
            { mii_name: "RIDR", friend_code: "SW-1234-5678-9012", races: [15, 12], total: 150 },
          ),
          side(43, "Other", { rank: 2, total: 120 }, { friend_code: "SW-0000-1111-2222", total: 120 }),
        ],
        { room_code: "ABCD", host_player_id: 43, host_name: "Other", table_in: true },
      ),
    },
  });

  it("shows the round, room, host, code, racers with in-game names and friend codes, and the table", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": solo,
      "GET /api/events/5/my_room": mine(),
      "GET /api/events/5/placements": { data: [], count: 0, total_registrations_override: null, total_entrants: 0, page: 1, page_count: 1 },
      "GET /api/events/5/register": errorReply(404),
    });
    renderApp("/tournaments/5");
    const panel = await screen.findByRole("region", { name: "Your room" });
    expect(panel).toHaveTextContent("Semifinal · Room 3 · 12 races");
    expect(within(panel).getByRole("link", { name: "View Semifinal" })).toHaveAttribute("href", "/tournaments/5/rounds/2");
    const card = within(panel).getByRole("article", { name: "Room 3" });
    expect(card).toHaveTextContent("★ Other");
    expect(within(card).getByText("ABCD")).toBeInTheDocument();
    expect(card).toHaveTextContent("In game: RIDR");
    expect(card).toHaveTextContent("FC SW-1234-5678-9012");
    expect(card).toHaveTextContent("Table in");
    expect(within(card).getByLabelText("150 points")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rounds and rooms" })).toHaveAttribute("href", "/tournaments/5/rounds");
    // The table image (issue #20 §3) beside the Lorenzi text, versioned by the table's time so a correction is a new URL.
    const image = within(card).getByRole("link", { name: "Table image of room 3 (PNG, opens in a new tab)" });
    expect(image.getAttribute("href")).toMatch(/^\/api\/events\/5\/rounds\/2\/rooms\/3\/table\.png\?v=\d+$/);
    expect(image).toHaveAttribute("target", "_blank");
  });

  it("renders nothing when the viewer has no room, and asks nothing of anonymous viewers", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": solo,
      "GET /api/events/5/placements": { data: [], count: 0, total_registrations_override: null, total_entrants: 0, page: 1, page_count: 1 },
    });
    renderApp("/tournaments/5");
    expect(await screen.findByRole("heading", { name: solo.title })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your room" })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "GET", "/api/events/5/my_room")).toHaveLength(0);
  });
});

describe("/admin/points-tables", () => {
  const list = { data: [mk8Wire] };

  it("lists the tables and adds one from the rows text, with the games it suits", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": staff(),
      "GET /api/rounds/points_tables": list,
      "POST /api/rounds/points_tables": ({ body }) => ({
        body: { ...mk8Wire, ...(body as object), key: "custom-1", built_in: false, created_by: "Me", created_at: 1 },
      }),
    });
    const { user } = renderApp("/admin/points-tables");
    expect(await screen.findByText(MK8.name, { selector: ".points-tables__name" })).toBeInTheDocument();
    expect(screen.getByText(/12 racers · 82 points per race when full/)).toBeInTheDocument();
    const rows = screen.getByLabelText("Points per race, one line per number of racers");
    // Starts from the first table's rows, to edit.
    expect((rows as HTMLTextAreaElement).value.split("\n").at(-1)).toBe("12: 15 12 10 9 8 7 6 5 4 3 2 1");
    await user.type(screen.getByLabelText("Name"), "Pairs");
    await user.clear(screen.getByLabelText("Room size (racers)"));
    await user.type(screen.getByLabelText("Room size (racers)"), "2");
    await user.clear(rows);
    await user.type(rows, "1: 1{enter}2: 1 3");
    await user.click(screen.getByRole("button", { name: "Add points table" }));
    expect(await screen.findByText("Row 2: a position never scores more than the one above it.")).toBeInTheDocument();
    await user.clear(rows);
    await user.type(rows, "1 1");
    await user.click(screen.getByRole("button", { name: "Add points table" }));
    expect(await screen.findByText(/Line 1: write the number of racers, a colon/)).toBeInTheDocument();
    await user.clear(rows);
    await user.type(rows, "2: 3, 1{enter}1: 1");
    await user.click(screen.getByRole("checkbox", { name: "Mario Kart Wii" }));
    await user.click(screen.getByRole("button", { name: "Add points table" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/rounds/points_tables")).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, "POST", "/api/rounds/points_tables")[0]![1])).toEqual({
      name: "Pairs",
      games: ["mkw"],
      room_size: 2,
      points: { "1": [1], "2": [3, 1] },
    });
    expect(await screen.findByText('Points table "Pairs" added.')).toBeInTheDocument();
  });

  it("tells a signed-in player without the permission so", async () => {
    mockFetch({ "GET /api/session": userSession(), "GET /api/rounds/points_tables": list });
    renderApp("/admin/points-tables");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});

describe("rounds helpers", () => {
  const table = MK8;

  it("moving a side takes its host along and gives the old room its next host-capable racer", () => {
    const sides = new Map(
      [side(1, "A", {}, { can_host: true }), side(2, "B", {}, { can_host: true }), side(3, "C")].map((s) => [s.entrant_id, s] as const),
    );
    const moved = moveSide(
      [
        { entrant_ids: [1, 2], host_player_id: 1 },
        { entrant_ids: [3], host_player_id: null },
      ],
      sides,
      1,
      1,
    );
    expect(moved).toEqual([
      { entrant_ids: [2], host_player_id: 2 },
      { entrant_ids: [3, 1], host_player_id: 1 },
    ]);
  });

  it("reads and writes a points table's rows as text, one line per racer count", () => {
    expect(parsePointsText("2: 3 1\n\n 1:1 ")).toEqual({ points: { "1": [1], "2": [3, 1] } });
    expect(parsePointsText("3: 4,2, 1")).toEqual({ points: { "3": [4, 2, 1] } });
    expect(parsePointsText("2: 3 x")).toEqual({ error: "Line 1: points are whole numbers, 0 or more." });
    expect(parsePointsText("1: 1\n01: 2")).toEqual({ error: "Line 2: the row for 1 racers is given twice." });
    expect(parsePointsText("  ")).toEqual({ error: "Enter the points, one line per number of racers." });
    expect(formatPointsText({ "2": [3, 1], "1": [1] })).toBe("1: 1\n2: 3 1");
  });

  it("turns stored per-race points back into grid positions, and grid positions into points", () => {
    const grid = positionsFromPoints(table, 2, [
      { player_id: 1, races: [4, null] },
      { player_id: 2, races: [2, 3] },
      { player_id: 3, races: [1, 1] },
    ]);
    expect(grid).toEqual({ 1: ["1", ""], 2: ["2", "1"], 3: ["3", "2"] });
    // Race 1 had three finishers (4-2-1), race 2 two (3-1).
    expect(gridTotals(table, 2, grid)).toEqual({ 1: 4, 2: 5, 3: 2 });
    // Points that no position gives leave the race empty.
    expect(
      positionsFromPoints(table, 1, [
        { player_id: 1, races: [9] },
        { player_id: 2, races: [1] },
      ]),
    ).toEqual({ 1: [""], 2: [""] });
  });
});
