import { NO_START_DATE_MESSAGE } from "@site/contract";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { AppContext } from "../../context.js";
import { notFound } from "../../lib/errors.js";
import { loadVisibleTournament } from "../access/tournament-access.service.js";
import type { Actor } from "../permissions/permissions.js";
import { toDetail } from "./tournament-events.service.js";
import * as repo from "./tournaments.repository.js";

/** Calendars need an end: a tournament without one (or ending before it starts) lasts an hour. */
const DEFAULT_DURATION_MS = 60 * 60 * 1000;
/** The description carries at most this much of the tournament's details (calendars show little). */
const DESCRIPTION_MAX = 2000;

/** `tournament-{id}@{host}`: the same on every download, so a second import updates the event. */
export function tournamentUid(publicUrl: string, id: number): string {
  return `tournament-${id}@${new URL(publicUrl).hostname}`;
}

/**
 * `GET /api/events/{id}/calendar.ics` (issue 17 §2 "Add to calendar"): the tournament as an
 * iCalendar file with one event: stable UID, summary (the title), start and end in UTC, the
 * page's URL, and a plain-text description (game and mode, format, the page's URL, the details'
 * markdown, clipped). Visible exactly when the tournament is (`loadVisibleTournament`: 404
 * 'Tournament not found.'); 404 NO_START_DATE_MESSAGE for a tournament without dates.
 */
export async function tournamentCalendar(ctx: AppContext, actor: Actor, id: number): Promise<{ filename: string; body: string }> {
  await loadVisibleTournament(ctx, actor, id, { cached: true });
  const row = await repo.findTournament(ctx.db, id);
  if (!row) throw notFound("Tournament not found.");
  if (row.start_date === null) throw notFound(NO_START_DATE_MESSAGE);
  const t = toDetail(row);
  const url = `${ctx.config.publicUrl}/tournaments/${id}`;
  const start = Number(row.start_date);
  const end = row.end_date !== null && Number(row.end_date) > start ? Number(row.end_date) : start + DEFAULT_DURATION_MS;
  const details = t.description.trim();
  const description = [
    `${t.game_human_full} · ${t.event_format_human}`,
    url,
    details.length > DESCRIPTION_MAX ? `${details.slice(0, DESCRIPTION_MAX)}…` : details,
  ]
    .filter(Boolean)
    .join("\n\n");
  const calendar = ical({ name: ctx.config.siteName, prodId: { company: ctx.config.siteName, product: "tournaments" } });
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: tournamentUid(ctx.config.publicUrl, id),
    start: new Date(start),
    end: new Date(end),
    summary: t.title,
    description,
    url,
    ...(t.organizer === "lan" && t.location ? { location: t.location } : {}),
  });
  return { filename: `tournament-${id}.ics`, body: calendar.toString() };
}
