import {
  BUILT_IN_POINTS_TABLES,
  type CreatePointsTableBodySchema,
  type PointsTable,
  type PointsTableList,
  PointsTableListSchema,
  type PointsTableWire,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import type { RawJson } from "../../lib/cache.js";
import { badRequest, forbidden, unauthorized } from "../../lib/errors.js";
import { audit } from "../audit/audit.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import * as repo from "./rounds.repository.js";

/**
 * Points tables of FFA rounds (issue #19: "Points tables are data (the tournament picks one;
 * administrators can add one)"). The built-in tables are contract data
 * (`BUILT_IN_POINTS_TABLES`); event administrators add their own (`ffa_points_tables`), which
 * a round names `custom-<id>`. A custom table is never edited or deleted: rounds that scored
 * with it keep their meaning, and a corrected table is a new one.
 */

type CreateBody = z.output<typeof CreatePointsTableBodySchema>;

/** The key prefix of custom tables in `ffa_rounds.points_table`. */
export const CUSTOM_POINTS_PREFIX = "custom-";

/** The refusal of `POST /api/rounds/points_tables` to anyone but event administrators (also ROUTE_ACCESS's message). */
export const POINTS_TABLE_FORBIDDEN = "Only event administrators can add points tables.";
const NAME_TAKEN = "A points table with this name already exists.";

function builtInWire(t: PointsTable): PointsTableWire {
  return {
    key: t.key,
    name: t.name,
    games: t.games,
    room_size: t.room_size,
    points: Object.fromEntries(Object.entries(t.points).map(([n, row]) => [n, row])),
    built_in: true,
    created_by: null,
    created_at: null,
  };
}

function customWire(r: repo.PointsTableRow): PointsTableWire {
  return {
    key: `${CUSTOM_POINTS_PREFIX}${r.id}`,
    name: r.name,
    games: JSON.parse(r.games) as string[],
    room_size: r.room_size,
    points: JSON.parse(r.points) as Record<string, number[]>,
    built_in: false,
    created_by: r.created_by_name ?? null,
    created_at: Number(r.created_at),
  };
}

/**
 * The points table a round's key names: a built-in key (no query) or `custom-<id>` (one
 * query), or undefined when there is no such table. The scoring helpers of the contract
 * (`pointsForPosition`, `expectedRoomTotal`) read the answer's `points` as they read a
 * built-in table's.
 */
export async function resolvePointsTable(ctx: AppContext, key: string): Promise<PointsTableWire | undefined> {
  const builtIn = BUILT_IN_POINTS_TABLES.find((t) => t.key === key);
  if (builtIn) return builtInWire(builtIn);
  const m = new RegExp(`^${CUSTOM_POINTS_PREFIX}(\\d{1,9})$`).exec(key);
  if (!m) return undefined;
  const row = await repo.pointsTableById(ctx.db, Number(m[1]));
  return row ? customWire(row) : undefined;
}

/** Every table a round may pick: the built-in ones, then the custom ones by name. */
export async function allPointsTables(ctx: AppContext): Promise<PointsTableWire[]> {
  return [...BUILT_IN_POINTS_TABLES.map(builtInWire), ...(await repo.pointsTables(ctx.db)).map(customWire)];
}

/**
 * `GET /api/rounds/points_tables` (public): every table with its rows. Cached until the next
 * tournament write (a new table is one), since every round page's draw form may ask.
 */
export function listPointsTables(ctx: AppContext): Promise<RawJson> {
  return ctx.cache.json(cacheKeys.tournaments.pointsTables(), PointsTableListSchema, async (): Promise<PointsTableList> => ({
    data: await allPointsTables(ctx),
  }));
}

/**
 * `POST /api/rounds/points_tables` (event administrators and administrators: the site
 * permission `tournaments.create_from_scratch`): adds a table. The body's rows are already
 * checked by the contract (`pointsRowsProblem`: a row of n non-increasing, non-negative
 * points for every n from 1 to the room size). Refused: 401 anonymous, 403 otherwise, 400 a
 * name already used (ignoring case) by a built-in or custom table. Audited
 * (`points_table.create`).
 */
export async function createPointsTable(ctx: AppContext, actor: Actor, body: CreateBody): Promise<PointsTableWire> {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "tournaments.create_from_scratch")) throw forbidden(POINTS_TABLE_FORBIDDEN, { code: "rounds.points_table_forbidden" });
  const name = body.name.replace(/\s+/g, " ");
  if (BUILT_IN_POINTS_TABLES.some((t) => t.name.toLowerCase() === name.toLowerCase()))
    throw badRequest(NAME_TAKEN, { code: "rounds.points_table_name_taken" });
  // Rows stored in racer-count order, whatever order the body listed them in.
  const points = Object.fromEntries(Array.from({ length: body.room_size }, (_, i) => [String(i + 1), body.points[String(i + 1)]!]));
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const newId = await repo.insertPointsTable(trx, {
        name,
        games: JSON.stringify([...new Set(body.games)]),
        room_size: body.room_size,
        points: JSON.stringify(points),
        created_by: actor.userId,
        created_at: Date.now(),
      });
      await audit(trx, actor, {
        action: "points_table.create",
        targetType: "ffa_points_tables",
        targetId: newId,
        after: { name, room_size: body.room_size, games: body.games },
      });
      return newId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(NAME_TAKEN, { code: "rounds.points_table_name_taken" });
    throw err;
  }
  // The overview of every FFA tournament lists the tables, and so does the cached list.
  invalidateAfter(ctx.cache, "tournament");
  return (await resolvePointsTable(ctx, `${CUSTOM_POINTS_PREFIX}${id}`))!;
}
