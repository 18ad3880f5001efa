import type { FastifyInstance } from "fastify";
import {
  liveBoardEndpoints as live,
  pointsTableEndpoints as pt,
  ROOM_LORENZI_PATH,
  ROOM_TABLE_IMAGE_PATH,
  roundEndpoints as e,
} from "@site/contract";
import { z } from "zod";
import { route } from "../../lib/route.js";
import * as board from "./live-board.service.js";
import * as points from "./points-tables.service.js";
import * as tables from "./room-tables.service.js";
import * as rounds from "./rounds.service.js";
import { roomTableImage } from "./table-image.service.js";

const RoomPathParams = z.object({
  id: z.coerce.number().int().positive(),
  n: z.coerce.number().int().min(1).max(100),
  room: z.coerce.number().int().min(1).max(10000),
});

/** FFA rounds (issue #19): rounds, rooms, tables, closing, finishing, and the viewer's room. */
export async function roundRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const actor = async (req: { auth(): Promise<{ actor: import("../permissions/permissions.js").Actor }> }) => (await req.auth()).actor;
  route(app, e.overview, async ({ req, params }) => rounds.overview(ctx, await actor(req), params.id));
  route(app, e.create, async ({ req, params, body }) => rounds.createRound(ctx, await actor(req), params.id, body));
  route(app, e.detail, async ({ req, params }) => rounds.roundDetail(ctx, await actor(req), params.id, params.n));
  route(app, e.setRooms, async ({ req, params, body }) => rounds.setRooms(ctx, await actor(req), params.id, params.n, body));
  route(app, e.publish, async ({ req, params }) => rounds.publishRound(ctx, await actor(req), params.id, params.n));
  route(app, e.remove, async ({ req, params }) => rounds.deleteRound(ctx, await actor(req), params.id, params.n));
  route(app, e.roomSettings, async ({ req, params, body }) =>
    rounds.roomSettings(ctx, await actor(req), params.id, params.n, params.room, body),
  );
  route(app, e.table, async ({ req, params, body }) => tables.submitTable(ctx, await actor(req), params.id, params.n, params.room, body));
  route(app, e.lock, async ({ req, params, body }) =>
    tables.lockRoom(ctx, await actor(req), params.id, params.n, params.room, body.locked),
  );
  route(app, e.close, async ({ req, params, body }) => rounds.closeRound(ctx, await actor(req), params.id, params.n, body));
  route(app, e.finish, async ({ req, params }) => rounds.finish(ctx, await actor(req), params.id));
  route(app, e.myRoom, async ({ req, params }) => rounds.myRoom(ctx, await actor(req), params.id));
  // The live board and the overlays' room (issue #20 §2): public, the same answer for every viewer.
  route(app, live.board, async ({ req, params }) => board.liveBoard(ctx, await actor(req), params.id));
  route(app, live.room, async ({ req, params }) => board.liveRoomDetail(ctx, await actor(req), params.roomId));
  route(app, pt.list, () => points.listPointsTables(ctx));
  route(app, pt.create, async ({ req, body }) => points.createPointsTable(ctx, await actor(req), body));

  // A room's table as Lorenzi text: a plain-text download for hosts and bots, not JSON.
  app.get(ROOM_LORENZI_PATH, { schema: { hide: true, params: RoomPathParams } }, async (req, reply) => {
    const { id, n, room } = req.params as z.output<typeof RoomPathParams>;
    const text = await tables.roomLorenzi(ctx, await actor(req), id, n, room);
    return reply
      .type("text/plain; charset=utf-8")
      .header("content-disposition", `inline; filename="${text.filename}"`)
      .header("cache-control", "private, no-cache")
      .send(text.body);
  });

  // A room's table as a PNG (issue #20 §3): cached by content, so the ETag answers a re-fetch with a 304.
  app.get(ROOM_TABLE_IMAGE_PATH, { schema: { hide: true, params: RoomPathParams } }, async (req, reply) => {
    const { id, n, room } = req.params as z.output<typeof RoomPathParams>;
    const who = await actor(req);
    const image = await roomTableImage(ctx, who, id, n, room, req.headers["if-none-match"]);
    // The same image for everyone who may see it; public only when anyone may (staff see unpublished events).
    reply.header("cache-control", `${who.userId === null ? "public" : "private"}, max-age=60`).header("etag", image.etag);
    if (!image.png) return reply.status(304).send();
    return reply.type("image/png").header("content-disposition", `inline; filename="table_${id}_r${n}_room${room}.png"`).send(image.png);
  });
}
