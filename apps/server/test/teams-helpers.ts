import type { Insertable } from "kysely";
import sharp from "sharp";
import type { DB } from "../src/db/schema.js";
import { createTeam } from "./factories.js";
import { Client, type TestApp } from "./helpers.js";

/**
 * Helpers of the team registry suites: teams with a roster, multipart posts of the team forms,
 * and row readers. Signed-in accounts come from helpers.ts (signedIn).
 */
let n = 0;

export async function anonymous(t: TestApp): Promise<Client> {
  const c = new Client(t.app);
  await c.session();
  return c;
}

/** A team with `leader` as its leader (and the given plain members). */
export async function teamWith(
  t: TestApp,
  leaderPlayerId: number | null,
  o: Partial<Insertable<DB["teams"]>> = {},
  members: Array<{ playerId: number; manager?: boolean; leader?: boolean }> = [],
): Promise<number> {
  const id = await createTeam(t.database, { team_name: `Crew ${++n} ${Math.random().toString(36).slice(2, 6)}`, ...o });
  const now = Date.now();
  if (leaderPlayerId !== null) {
    await t.database.db
      .insertInto("team_memberships")
      .values({ team_id: id, player_id: leaderPlayerId, is_leader: 1, joined_at: now - 1000 })
      .execute();
  }
  for (const m of members) {
    await t.database.db
      .insertInto("team_memberships")
      .values({ team_id: id, player_id: m.playerId, is_leader: m.leader ? 1 : 0, is_manager: m.manager ? 1 : 0, joined_at: now })
      .execute();
  }
  return id;
}

export type FormValue = string | number | boolean | null | undefined;

/** A multipart body as the browser's FormData sends it; booleans '1'/'0', null/undefined left out. */
export async function multipart(fields: Record<string, FormValue>, file?: { field?: string; data: Buffer }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue;
    fd.append(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  }
  if (file) fd.append(file.field ?? "team_logo", new Blob([new Uint8Array(file.data)], { type: "image/png" }), "logo.png");
  const req = new Request("http://localhost/", { method: "POST", body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { "content-type": req.headers.get("content-type")! } };
}

export async function postForm(c: Client, url: string, fields: Record<string, FormValue>, file?: { field?: string; data: Buffer }) {
  const body = await multipart(fields, file);
  return c.request({ method: "POST", url, payload: body.payload, headers: body.headers });
}

let png: Promise<Buffer> | undefined;
/** A small valid PNG logo. */
export function smallPng(): Promise<Buffer> {
  png ??= sharp({ create: { width: 32, height: 32, channels: 3, background: "#0a7" } })
    .png()
    .toBuffer();
  return png;
}

/** 250 KB: over the 200KB team-logo cap whatever the bytes are. */
export const logo250k = () => Buffer.alloc(250 * 1024, 7);

export const LOGO_413 = "The logo exceeds the maximum size of 200KB.";

/** A complete new-team form; override any field. */
export function newTeamForm(o: Record<string, FormValue> = {}): Record<string, FormValue> {
  return {
    team_category: "mk8dx_150",
    team_name: `Fresh ${++n} ${Math.random().toString(36).slice(2, 6)}`,
    team_tag: "FR",
    team_color: 1,
    use_logo: "none",
    main_language: "en",
    language_name: "",
    team_description: "We race.",
    recruitment_status: "recruiting",
    ...o,
  };
}

export const teamRow = (t: TestApp, id: number) =>
  t.database.db.selectFrom("teams").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Active memberships of a player, with the team's category. */
export const activeTeamsOf = (t: TestApp, playerId: number) =>
  t.database.db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(["m.team_id", "m.is_leader", "m.is_manager", "t.category"])
    .where("m.player_id", "=", playerId)
    .where("m.left_at", "is", null)
    .execute();

export const transfersOf = (t: TestApp, playerId: number) =>
  t.database.db.selectFrom("transfers").selectAll().where("player_id", "=", playerId).orderBy("id").execute();

export const notificationsOf = (t: TestApp, userId: number) =>
  t.database.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).orderBy("id").execute();

/** An invitation row (status 'invited') of `playerId` to `teamId`; returns its id. */
export async function inviteRow(t: TestApp, teamId: number, playerId: number, category = "mk8dx_150"): Promise<number> {
  const r = await t.database.db
    .insertInto("transfers")
    .values({ player_id: playerId, to_team_id: teamId, category, status: "invited", created_at: Date.now() - 5000 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}
