import type { Insertable } from "kysely";
import sharp from "sharp";
import type { Database } from "../src/db/database.js";
import type { DB } from "../src/db/schema.js";
import type { Client } from "./helpers.js";

/**
 * Factories and helpers of the tournaments, series and templates suites: series, templates,
 * series roles, and multipart payloads for the form saves. Accounts come from helpers.ts (signedIn).
 */
let seq = 0;
const next = () => ++seq;

export async function createSeries(d: Database, o: Partial<Insertable<DB["tournament_series"]>> = {}): Promise<number> {
  const n = next();
  const r = await d.db
    .insertInto("tournament_series")
    .values({
      series_name: `Series ${n}`,
      url_slug: `series-${n}-${Math.random().toString(36).slice(2, 6)}`,
      short_description: `About series ${n}`,
      game_mode: "mk8dx_150",
      default_event_format: 2,
      published: 1,
      created_at: Date.now(),
      ...o,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function createTemplate(d: Database, seriesId: number, o: Partial<Insertable<DB["templates"]>> = {}): Promise<number> {
  const n = next();
  const r = await d.db
    .insertInto("templates")
    .values({
      series_id: seriesId,
      template_name: `Template ${n}`,
      tournament_title: `Cup ${n} #`,
      game_mode: "mk8dx_150",
      event_format: 2,
      minimum_team_size: 2,
      maximum_team_size: 4,
      team_tag_required: 1,
      team_name_required: 1,
      created_at: Date.now(),
      ...o,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function grantSeriesRole(d: Database, seriesId: number, userId: number, role: "series_admin" | "series_mod") {
  await d.db.insertInto("series_roles").values({ series_id: seriesId, user_id: userId, role, created_at: Date.now() }).execute();
}

export type FormValue = string | number | boolean | null | undefined;
export interface FormFile {
  field: string;
  data: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData would send it. Booleans become '1'/'0'; null/undefined are left out. */
export async function multipart(fields: Record<string, FormValue>, file?: FormFile) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue;
    fd.append(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  }
  if (file) fd.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" }), file.filename ?? "logo.png");
  const req = new Request("http://localhost/", { method: "POST", body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { "content-type": req.headers.get("content-type")! } };
}

/** POSTs a multipart form through the client (cookies and CSRF header included). */
export async function postForm(c: Client, url: string, fields: Record<string, FormValue>, file?: FormFile) {
  const body = await multipart(fields, file);
  return c.request({ method: "POST", url, payload: body.payload, headers: body.headers });
}

let png: Promise<Buffer> | undefined;
/** A tiny valid PNG. */
export function smallPng(): Promise<Buffer> {
  png ??= sharp({ create: { width: 16, height: 16, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
  return png;
}

/** 3 MB of bytes: over the 2MB logo cap whatever they are. */
export const bigFile = () => Buffer.alloc(3 * 1024 * 1024, 7);

const DAY = 86_400_000;
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** A complete, valid tournament form (squad, dates in the future); override any field. */
export function tournamentForm(o: Record<string, FormValue> = {}): Record<string, FormValue> {
  const now = Date.now();
  return {
    tournament_title: "Spring Squad Cup",
    series: "",
    series_stats_include: true,
    date: "specify",
    start_date: local(now + 10 * DAY),
    end_date: local(now + 11 * DAY),
    transfer_deadline: "",
    use_logo: "existing",
    organizer: "mkc",
    location: "specify",
    specify_location: "",
    game_mode: "mk8dx_150",
    registration_format: "2",
    minimum_players: "2",
    maximum_players: "4",
    pr_value: "0",
    squad_tag_required: true,
    squad_name_required: true,
    host_required: false,
    ign_required: false,
    checkin_required: false,
    checkin_minimum: "0",
    verification_required: false,
    event_description: "Welcome!",
    event_rules: "Be nice.",
    post_registration_message: "Thanks!",
    public: true,
    registrations_open: true,
    show_on_profiles: true,
    ...o,
  };
}

export const localDate = local;
export const DAY_MS = DAY;
