import { createHash } from "node:crypto";
import { ROUND_MESSAGES as M } from "@site/contract";
import type { AppContext } from "../../context.js";
import { ByteLru } from "../../lib/byte-lru.js";
import { notFound } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { resolvePointsTable } from "./points-tables.service.js";
import { access, describeRooms, format, loadRoom, loadRound, loadRoundData } from "./round-view.service.js";
import { LAYOUT_VERSION, layoutTable, tableImageData, type TableImageData } from "./table-image/layout.js";
import { measureText, renderPng } from "./table-image/render.js";

/**
 * A room's score table as a PNG (issue #20 §3), drawn on the server and cached by content.
 *
 * The image is what an anonymous visitor of the round page sees (no room code, no friend
 * codes, hidden players named as there), whoever asks, so one image serves everyone and may be
 * cached publicly; who may ask is the round page's rule (404 for an unpublished tournament to
 * those who may not see it, for a draft round to all but staff). Its identity is the SHA-256 of
 * the exact data drawn plus the layout's version: a corrected table is a new hash, hence a new
 * ETag and a new cache entry; an unchanged one is answered from memory or with a 304.
 */

/** Rendered images by hash, per node: 24 MB holds ~250 tables (~60–120 KB each); old ones fall out. */
const images = new ByteLru<Buffer>(24 * 1024 * 1024, 1000);

/** The image's identity: hash of the drawn data and layout version (the ETag, without quotes). */
export function tableImageHash(data: TableImageData): string {
  return createHash("sha256")
    .update(`${LAYOUT_VERSION}\n${JSON.stringify(data)}`)
    .digest("hex")
    .slice(0, 40);
}

/** "2026-11-25 16:20 UTC" (no locale: the same image for every viewer). */
function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * `GET …/rounds/{n}/rooms/{room}/table.png`: the room's table image and its ETag, or 404 when
 * the round is not visible to the actor, the room does not exist or has no table yet.
 * `png` is null when `known` (the request's If-None-Match) already names this ETag: nothing is drawn.
 */
export async function roomTableImage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  n: number,
  number: number,
  known?: string,
): Promise<{ etag: string; png: Buffer | null }> {
  const { ev, staff } = await access(ctx, actor, id, { cached: true });
  const { squads, teamSize } = format(ev);
  const round = await loadRound(ctx, ev, n, staff);
  const roomRow = await loadRoom(ctx, round, number);
  if (roomRow.table_submitted_at === null)
    throw notFound(M.tableMissing(number), { code: "rounds.table_missing", params: { room: number } });
  const [data, table] = await Promise.all([loadRoundData(ctx, ev, round, [number]), resolvePointsTable(ctx, round.points_table)]);
  const [room] = describeRooms(ev, round, data, { staff: false, playerId: null, showHidden: false });
  if (!room) throw notFound(M.roomNotFound, { code: "rounds.room_not_found" });
  const racers = room.sides.reduce((k, s) => k + s.racers.length, 0);
  const drawn = tableImageData({
    title: ev.title,
    subtitle: [
      round.name,
      `Room ${number}`,
      `${round.races} ${round.races === 1 ? "race" : "races"}`,
      squads ? `${teamSize}v${teamSize}` : `${racers} racers`,
      table?.name,
    ]
      .filter(Boolean)
      .join(" · "),
    footer: `${ctx.config.siteName} · table entered ${utcMinute(roomRow.table_submitted_at)}`,
    squads,
    races: round.races,
    room,
  });
  const hash = tableImageHash(drawn);
  const etag = `"${hash}"`;
  // If-None-Match may list several tags, weak or not (RFC 9110 §13.1.2).
  if (known?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return { etag, png: null };
  let png = images.get(hash);
  if (!png) {
    png = await renderPng(layoutTable(drawn, measureText));
    images.set(hash, png, png.length);
  }
  return { etag, png };
}
