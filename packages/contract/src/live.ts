import { z } from "zod";
import { MAX_ID } from "./common.js";

/**
 * Live updates over Server-Sent Events (issue #20 §1).
 *
 * The browser opens ONE `EventSource` on `GET /api/live?topics=tournament:12,notifications`
 * and receives, for each topic it may see, an event whenever something a page of that topic
 * shows changed. Events carry ids and kinds only, never data: the client invalidates the
 * matching queries and refetches them through the normal, permission-checked endpoints (so a
 * room code or friend code never travels over the live stream).
 *
 * Wire format (text/event-stream):
 * - `retry: <ms>` once at the start (the reconnection delay the browser should use);
 * - `id: <id>` / `event: <kind>` / `data: <LiveEvent JSON>` per event; the id is opaque to the
 *   client, which only hands it back as `Last-Event-ID` when it reconnects;
 * - `: hb` comment lines as a heartbeat (every 15 s by default), which keep proxies from closing
 *   an idle stream and let the server notice a vanished client.
 *
 * A reconnect with `Last-Event-ID` gets the events it missed from the server's short per-topic
 * memory; when the id is too old (or unknown, e.g. another node restarted) it gets one
 * `resync` event per topic instead, telling it to refetch everything of that topic.
 */
export const LIVE_PATH = "/api/live";

/** The most topics one connection may ask for (one page needs two or three). */
export const LIVE_MAX_TOPICS = 20;

/** A tournament's topic: everything about tournament `{id}` (its row, registrations, check-ins, waitlist, placements, rounds, rooms, tables). */
export type LiveTournamentTopic = `tournament:${number}`;
/** A topic a client may subscribe to: one tournament's, or `notifications` (the signed-in account's own). */
export type LiveTopic = LiveTournamentTopic | "notifications";

const TOURNAMENT_TOPIC = /^tournament:([1-9]\d{0,9})$/;

/** `tournament:{id}` with a positive id (at most MAX_ID, no leading zeros). */
export function isLiveTournamentTopic(v: unknown): v is LiveTournamentTopic {
  if (typeof v !== "string") return false;
  const m = TOURNAMENT_TOPIC.exec(v);
  return m !== null && Number(m[1]) <= MAX_ID;
}

/** `tournament:{id}` or `notifications`. */
export function isLiveTopic(v: unknown): v is LiveTopic {
  return v === "notifications" || isLiveTournamentTopic(v);
}

/** `tournament:{id}` with a positive id (at most MAX_ID, no leading zeros). */
export const LiveTournamentTopicSchema = z.custom<LiveTournamentTopic>(isLiveTournamentTopic, "Expected a topic tournament:{id}");

/** One topic: `tournament:{id}` or `notifications`. */
export const LiveTopicSchema = z.union([LiveTournamentTopicSchema, z.literal("notifications")]);

/** The tournament id of a `tournament:{id}` topic, or null for `notifications`. */
export function liveTopicTournamentId(topic: LiveTopic): number | null {
  const m = TOURNAMENT_TOPIC.exec(topic);
  return m ? Number(m[1]) : null;
}

/** The topic of tournament `id`. */
export function tournamentTopic(id: number): LiveTournamentTopic {
  return `tournament:${id}`;
}

/**
 * `GET /api/live` query: `topics` is a comma-separated list (duplicates dropped, order kept),
 * 1 to LIVE_MAX_TOPICS of them. A topic the viewer may not see is not an error: the stream
 * simply never carries it (see the server's live service), so one stale tab does not fail the
 * whole connection.
 */
export const LiveQuerySchema = z.object({
  /** The last event id the client saw, for a reconnect that opens a new EventSource (the browser's own reconnects send the `Last-Event-ID` header instead). */
  last_event_id: z.string().max(64).optional(),
  topics: z
    .string()
    .max(LIVE_MAX_TOPICS * 24)
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((t) => t.trim())
          .filter((t) => t !== ""),
      ),
    ])
    .pipe(z.array(LiveTopicSchema).min(1, "Name at least one topic.").max(LIVE_MAX_TOPICS, `At most ${LIVE_MAX_TOPICS} topics.`)),
});
export type LiveQuery = z.infer<typeof LiveQuerySchema>;

/**
 * What changed, i.e. which reads a client should refetch:
 * - `tournament`: the tournament's row (settings, publication, check-in window, status);
 * - `registrations`: who is registered (solo, squad, team), squads and invitations, the waitlist,
 *   verification, moves (the count on the tournament page too);
 * - `check_ins`: someone checked in or out (the lists and "checked in" state);
 * - `placements`: the placements (saved by the editor or written by finishing the rounds);
 * - `rounds`: a round drawn, published, closed, deleted or the rounds finished (every round read);
 * - `room`: one room's settings, host, sides or lock (`round`, `room`, `room_id` name it);
 * - `table`: one room's score table submitted or corrected (`round`, `room`, `room_id` name it);
 * - `notifications`: the signed-in account got a notification (its badge and list);
 * - `resync`: the server could not replay what this client missed: refetch everything of `topic`.
 */
export const LIVE_EVENT_KINDS = [
  "tournament",
  "registrations",
  "check_ins",
  "placements",
  "rounds",
  "room",
  "table",
  "notifications",
  "resync",
] as const;
export const LiveEventKindSchema = z.enum(LIVE_EVENT_KINDS);
export type LiveEventKind = z.infer<typeof LiveEventKindSchema>;

/**
 * The JSON `data:` of one event (its SSE `event:` field is `kind` too). Ids only, never private
 * data. `round` is the round number and `room` the room number within it, `room_id` the room's
 * id (overlays address rooms by id); they are set for `room` and `table`, and `round` for a
 * `rounds` event about one round.
 */
export const LiveEventSchema = z.object({
  topic: LiveTopicSchema,
  kind: LiveEventKindSchema,
  tournament_id: z.number().int().positive().optional(),
  round: z.number().int().positive().optional(),
  room: z.number().int().positive().optional(),
  room_id: z.number().int().positive().optional(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * Reads one event's `data:` text without zod (the browser's contract is zod-free, #17 §6):
 * the LiveEvent, or null when the text is not one (an unknown kind from a newer server is
 * null too, and the client then ignores it).
 */
export function parseLiveEvent(text: string): LiveEvent | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const o = v as Record<string, unknown>;
  const topic = o.topic;
  if (!isLiveTopic(topic)) return null;
  const kind = LIVE_EVENT_KINDS.find((k) => k === o.kind);
  if (!kind) return null;
  const ids: Pick<LiveEvent, "tournament_id" | "round" | "room" | "room_id"> = {};
  for (const key of ["tournament_id", "round", "room", "room_id"] as const) {
    const n = o[key];
    if (n === undefined) continue;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1) return null;
    ids[key] = n;
  }
  return { topic, kind, ...ids };
}

/** The change a writer announces for a tournament (the bus payload of `tournament:{id}`): a LiveEvent without its topic. */
export type LiveTournamentChange = Omit<LiveEvent, "topic" | "tournament_id" | "kind"> & {
  kind: Exclude<LiveEventKind, "notifications" | "resync">;
};
