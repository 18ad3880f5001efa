import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { LiveBoard, LiveRoom, LiveRoomDetail, LiveRound, LiveSide, PlacementRow } from "@site/contract";
import { mockFetch } from "@/testing/mock-fetch";
import { anonymousSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";
import { OVERLAY_DEFAULTS, overlayStyle, parseHexColor, parseOverlayParams } from "./overlay-params";
import { placementStandings, roundStandings } from "./live-standings";
import { liveRoomRefreshKeys } from "../api/live-refresh";
import { roundKeys } from "../api/keys";

/** The live board and the stream overlays (issue #20 §2): every room state, the overlays' parameters and standings. */

const solo = tournamentDetail({ event_format: 1, event_format_human: "Solo", minimum_team_size: 1, maximum_team_size: 1 });

function side(id: number, name: string, o: Partial<LiveSide> = {}): LiveSide {
  return {
    entrant_id: id,
    name,
    tag: null,
    color: null,
    rank: null,
    total: null,
    tied: false,
    advanced: null,
    racers: [{ player_id: id, name, country_code: "FR", total: o.total ?? null }],
    ...o,
  };
}
function room(number: number, state: LiveRoom["state"], sides: LiveSide[], o: Partial<LiveRoom> = {}): LiveRoom {
  return { id: 100 + number, number, host_name: sides[0]?.name ?? null, state, locked: false, sides, ...o };
}
function round(o: Partial<LiveRound> = {}): LiveRound {
  return {
    number: 1,
    name: "Round 1",
    status: "racing",
    races: 8,
    room_count: 4,
    tables_in: 2,
    advance_per_room: null,
    wildcards: null,
    final: false,
    ...o,
  };
}
function board(o: Partial<LiveBoard> = {}): LiveBoard {
  return { tournament_id: 5, title: "Live Cup", entrant_type: "player", round: round(), rooms: [], ...o };
}

const ranked = (base: number, totals: number[], o: (i: number) => Partial<LiveSide> = () => ({})) =>
  totals.map((t, i) => side(base + i, `P${base + i}`, { rank: i + 1, total: t, ...o(i) }));

describe("/tournaments/{id}/live", () => {
  it("shows each room's state: waiting for host, racing, table in with totals, tie to decide", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": solo,
      "GET /api/events/5/live": board({
        rooms: [
          room(1, "waiting", [side(1, "Ann"), side(2, "Bob")], { host_name: null }),
          room(2, "racing", [side(3, "Cid"), side(4, "Dee")]),
          room(3, "table_in", ranked(5, [120, 90])),
          room(4, "tie", [
            side(7, "Gus", { rank: 1, total: 80 }),
            side(8, "Hal", { rank: 2, total: 40, tied: true }),
            side(9, "Ivy", { rank: 2, total: 40, tied: true }),
          ]),
        ],
      }),
    });
    renderApp("/tournaments/5/live");
    expect(await screen.findByRole("heading", { name: "Live board: Round 1" })).toBeInTheDocument();
    const card = (n: number) => screen.getByRole("article", { name: `Room ${n}` });
    expect(card(1)).toHaveTextContent("Waiting for host");
    expect(card(1)).toHaveTextContent("Host none yet");
    expect(card(2)).toHaveTextContent("Racing");
    expect(card(2)).toHaveTextContent("★ Cid");
    expect(card(3)).toHaveTextContent("Table in");
    // Ranks and totals once the table is in; none before.
    expect(within(card(3)).getByLabelText("Rank 1")).toBeInTheDocument();
    expect(card(3)).toHaveTextContent("120");
    expect(within(card(1)).queryByLabelText(/^Rank/)).not.toBeInTheDocument();
    // The tied sides share a rank and are marked while the round is open.
    expect(card(4)).toHaveTextContent("Tie to decide");
    expect(within(card(4)).getAllByLabelText("Rank 2, tied")).toHaveLength(2);
    expect(within(card(4)).getAllByText("Tie")).toHaveLength(2);
    // The facts line counts the states; each room links to its stream overlay.
    expect(screen.getByText("1 waiting for host · 1 racing · 1 tie to decide · 1 table in")).toBeInTheDocument();
    expect(within(card(3)).getByRole("link", { name: "Stream overlay" })).toHaveAttribute("href", "/overlay/rooms/103");
    expect(screen.getByRole("link", { name: "Standings overlay for streams" })).toHaveAttribute("href", "/overlay/tournaments/5/standings");
    expect(screen.getByRole("link", { name: "Round 1 with every racer's scores" })).toHaveAttribute("href", "/tournaments/5/rounds/1");
  });

  it("marks who advanced once the round is closed, with the plan", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": solo,
      "GET /api/events/5/live": board({
        round: round({ status: "closed", advance_per_room: 1, wildcards: 1, room_count: 2, tables_in: 2 }),
        rooms: [
          room(
            1,
            "table_in",
            ranked(1, [100, 80], (i) => ({ advanced: i === 0 ? "yes" : "wildcard" })),
            { locked: true },
          ),
          room(
            2,
            "table_in",
            ranked(3, [90, 70], (i) => ({ advanced: i === 0 ? "yes" : "no" })),
            { locked: true },
          ),
        ],
      }),
    });
    renderApp("/tournaments/5/live");
    const one = await screen.findByRole("article", { name: "Room 1" });
    expect(screen.getByText("Top 1 + 1 wildcard")).toBeInTheDocument();
    expect(within(one).getByText("Advanced")).toBeInTheDocument();
    expect(within(one).getByText("Wildcard")).toBeInTheDocument();
    expect(one).toHaveTextContent("table locked");
    // "Out" is not shouted on the board; the advancing rows are marked instead.
    const two = screen.getByRole("article", { name: "Room 2" });
    expect(within(two).queryByText("Out")).not.toBeInTheDocument();
    expect(two.querySelectorAll(".live-side.is-advancing")).toHaveLength(1);
  });

  it("says when no round is published yet, and that team tournaments have no board", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": solo,
      "GET /api/events/5/live": board({ round: null, rooms: [] }),
    });
    renderApp("/tournaments/5/live");
    expect(await screen.findByText(/No round has been published yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All rounds" })).toHaveAttribute("href", "/tournaments/5/rounds");
  });
});

describe("overlay parameters", () => {
  it("reads hex colours in every length, with or without #, and ignores anything else", () => {
    expect(parseHexColor("fff")).toBe("#ffffff");
    expect(parseHexColor("#F0a8")).toBe("#ff00aa88");
    expect(parseHexColor("112233")).toBe("#112233");
    expect(parseHexColor("11223344")).toBe("#11223344");
    for (const bad of ["red", "12345", "#1234567", "ggg", "", "url(x)", "1122334455", null]) expect(parseHexColor(bad)).toBeNull();
  });

  it("parses a full query string; bad values fall back to the defaults one by one", () => {
    expect(
      parseOverlayParams("?text=000&accent=%2300ff00&bg=transparent&scale=1.5&font=Roboto%20Condensed&rows=8&scores=total&title=0"),
    ).toEqual({
      text: "#000000",
      accent: "#00ff00",
      bg: "transparent",
      scale: 1.5,
      font: "Roboto Condensed",
      rows: 8,
      scores: "total",
      title: false,
    });
    expect(parseOverlayParams("")).toEqual(OVERLAY_DEFAULTS);
    expect(parseOverlayParams("?text=red&accent=12&bg=zz&scale=9&font=a;b{}&rows=0&scores=all&title=no")).toEqual(OVERLAY_DEFAULTS);
    // Edges: 0.5 and 4 are in, 64 rows is in, 2.5 rows is not.
    expect(parseOverlayParams("?scale=0.5&rows=64")).toMatchObject({ scale: 0.5, rows: 64 });
    expect(parseOverlayParams("?scale=4.01&rows=2.5")).toMatchObject({ scale: 1, rows: 12 });
  });

  it("turns the settings into the stylesheet's variables, quoting the font", () => {
    expect(overlayStyle(parseOverlayParams("?text=abc&font=Inter"))).toEqual({
      "--ov-text": "#aabbcc",
      "--ov-accent": "#ff4d7a",
      "--ov-bg": "#0b0f19e6",
      "--ov-scale": "1",
      "--ov-font": '"Inter", system-ui, sans-serif',
    });
    expect(overlayStyle(OVERLAY_DEFAULTS)).not.toHaveProperty("--ov-font");
    expect(overlayStyle(parseOverlayParams("?bg=transparent"))).toMatchObject({ "--ov-bg": "transparent", "--ov-shadow": "none" });
    expect(overlayStyle(OVERLAY_DEFAULTS)).not.toHaveProperty("--ov-shadow");
  });
});

describe("a room overlay's live refresh", () => {
  it("refetches the room on any round, room or table event of its tournament, not on registrations", () => {
    const key = [roundKeys.liveRoom(31)];
    expect(liveRoomRefreshKeys({ topic: "tournament:5", kind: "table", round: 1, room: 2, room_id: 32 }, 31)).toEqual(key);
    expect(liveRoomRefreshKeys({ topic: "tournament:5", kind: "rounds" }, 31)).toEqual(key);
    expect(liveRoomRefreshKeys({ topic: "tournament:5", kind: "resync" }, 31)).toEqual(key);
    expect(liveRoomRefreshKeys({ topic: "tournament:5", kind: "check_ins" }, 31)).toEqual([]);
    expect(liveRoomRefreshKeys({ topic: "notifications", kind: "resync" }, 31)).toEqual([]);
  });
});

describe("standings", () => {
  it("ranks one room by its room rank", () => {
    const rows = roundStandings({
      rooms: [
        room(
          1,
          "table_in",
          ranked(1, [50, 50, 10], (i) => ({ rank: [1, 2, 3][i] })),
        ),
      ],
    });
    expect(rows.map((r) => [r.position, r.name, r.total])).toEqual([
      ["1", "P1", 50],
      ["2", "P2", 50],
      ["3", "P3", 10],
    ]);
  });

  it("ranks several rooms by total, equal totals sharing a position, sides without a table last", () => {
    const rows = roundStandings({
      rooms: [room(1, "table_in", ranked(1, [100, 60])), room(2, "table_in", ranked(3, [80, 60])), room(3, "racing", [side(5, "P5")])],
    });
    // 100, 80, 60 (room 1's 2nd), 60 (room 2's 2nd: same rank, later room), then the room without a table.
    expect(rows.map((r) => [r.position, r.name])).toEqual([
      ["1", "P1"],
      ["2", "P3"],
      ["3", "P2"],
      ["3", "P4"],
      [null, "P5"],
    ]);
  });

  it("shows the written placements once finished, ties as ranges, with the final's totals", () => {
    const p = (placement: number | null, bound: number | null, id: number, o: Partial<PlacementRow> = {}): PlacementRow => ({
      placement,
      placement_upper_bound: bound,
      dq: false,
      title: null,
      name: `P${id}`,
      tag: null,
      color: null,
      team_id: null,
      squad_id: null,
      members: [{ player_id: id, display_name: `P${id}`, country_code: "JP" }],
      entrant_type: "player",
      entrant_id: id,
      ...o,
    });
    const rows = placementStandings([p(1, null, 1), p(3, 2, 2), p(3, 2, 3), p(null, null, 4, { dq: true })], {
      rooms: [room(1, "table_in", ranked(1, [99, 50, 50]))],
    });
    expect(rows.map((r) => [r.position, r.name, r.total, r.flags])).toEqual([
      ["1", "P1", 99, ["JP"]],
      ["2–3", "P2", 50, ["JP"]],
      ["2–3", "P3", 50, ["JP"]],
      ["DQ", "P4", null, ["JP"]],
    ]);
  });
});

describe("overlays", () => {
  const detail = (o: Partial<LiveRoomDetail["room"]> = {}): LiveRoomDetail => ({
    tournament_id: 5,
    title: "Live Cup",
    entrant_type: "player",
    round: round({ room_count: 1 }),
    room: {
      ...room(1, "table_in", []),
      sides: [
        {
          ...side(1, "Ann", { rank: 1, total: 27 }),
          racers: [{ player_id: 1, name: "Ann", country_code: "FR", total: 27, races: [15, 12], gp: null, penalty: 0 }],
        },
        {
          ...side(2, "Bob", { rank: 2, total: 20 }),
          racers: [{ player_id: 2, name: "Bob", country_code: "JP", total: 20, races: [12, null], gp: null, penalty: 3 }],
        },
      ],
      ...o,
    },
  });

  it("draws a room without the site's chrome, per-race points, read-only, coloured by its parameters", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/rooms/101": detail() });
    renderApp("/overlay/rooms/101?accent=00ff00&scale=2");
    expect(await screen.findByRole("heading", { name: /Live Cup/ })).toHaveTextContent("Round 1 · Room 1");
    expect(screen.queryByRole("banner", { name: /site/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("Table in")).toBeInTheDocument();
    const bob = document.querySelector('[data-entrant="2"]')!;
    expect(bob).toHaveTextContent("Bob");
    expect(within(bob as HTMLElement).getByLabelText("Points per race")).toHaveTextContent("12–");
    expect(bob).toHaveTextContent("−3");
    const root = document.querySelector(".overlay-root") as HTMLElement;
    expect(root.style.getPropertyValue("--ov-accent")).toBe("#00ff00");
    expect(root.style.getPropertyValue("--ov-scale")).toBe("2");
  });

  it("shows totals only with scores=total, and says so when the room is not public", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/rooms/101": detail() });
    renderApp("/overlay/rooms/101?scores=total&title=0");
    await screen.findByText("Ann");
    expect(screen.queryByLabelText("Points per race")).not.toBeInTheDocument();
    // title=0: the heading is for screen readers only; the room's state still shows.
    expect(document.querySelector(".ov-title")!.parentElement).toHaveClass("visually-hidden");
    expect(screen.getByText("Table in")).toBeVisible();
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/overlay/rooms/999");
    expect(await screen.findByText("This room does not exist or is not public.")).toBeInTheDocument();
    renderApp("/overlay/rooms/abc");
    expect(await screen.findAllByText("This room does not exist or is not public.")).toHaveLength(2);
  });

  it("lists the standings of the current round, cut to `rows`", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5/live": board({
        rooms: [room(1, "table_in", ranked(1, [90, 80, 70])), room(2, "table_in", ranked(4, [85, 75, 65]))],
      }),
    });
    renderApp("/overlay/tournaments/5/standings?rows=4");
    expect(await screen.findByRole("heading", { name: /Live Cup/ })).toHaveTextContent("Round 1 standings");
    const rows = document.querySelectorAll(".ov-row--standing");
    expect([...rows].map((r) => r.textContent)).toEqual(["1P190", "2P485", "3P280", "4P575"]);
  });
});
