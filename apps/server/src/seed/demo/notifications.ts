import { DEMO_USERS, type People, type TeamRec, type TournamentFull } from "./model.js";
import { DAY, MIN, Rng } from "./rng.js";
import type { Writer } from "./writer.js";

/** Notifications of the seven demo accounts. */

export function writeNotifications(w: Writer, now: number, tournaments: TournamentFull[], teams: TeamRec[], people: People): void {
  const rng = new Rng("notifications");
  const visible = tournaments.filter((t) => t.published && t.kind !== "historical");
  const approvedTeams = teams.filter((t) => t.status === "approved" && !t.historical);
  const tLink = (t: TournamentFull) => `<a href="/tournaments/${t.id}">${escapeHtml(t.title)}</a>`;
  const teamLink = (t: TeamRec) => `<a href="/registry/teams/${t.id}">${escapeHtml(t.name)}</a>`;
  const templates: Array<[string, () => string]> = [
    ["info", () => `Your registration for ${tLink(rng.pick(visible))} was received.`],
    ["info", () => `Check-in is now open for ${tLink(rng.pick(visible))}.`],
    ["success", () => `Placements for ${tLink(rng.pick(visible))} are up. <a href="/tournaments">See all tournaments</a>.`],
    ["success", () => `Your transfer to ${teamLink(rng.pick(approvedTeams))} was approved.`],
    ["success", () => `Your name change request was approved. <a href="/registry/players">Player list</a>`],
    [
      "warning",
      () =>
        `You were invited to join ${teamLink(rng.pick(approvedTeams))}. Answer it from your <a href="/notifications">notifications</a>.`,
    ],
    ["warning", () => `Check-in for ${tLink(rng.pick(visible))} closes in 1 hour.`],
    ["critical", () => `Your registration for ${tLink(rng.pick(visible))} was rejected by a staff member.`],
    ["critical", () => `A staff member edited your friend codes. <a href="/registry/edit_profile">Review your profile</a>.`],
  ];
  let id = 0;
  for (const u of people.users.slice(0, DEMO_USERS.length)) {
    const count = u.playerId === null ? 20 : 30;
    for (let i = 0; i < count; i++) {
      const [level, make] = u.playerId === null && i > 0 ? templates[rng.int(0, 2)]! : rng.pick(templates);
      const created = now - rng.time(10 * MIN, 90 * DAY);
      w.add("notifications", {
        id: ++id,
        user_id: u.id,
        level,
        message:
          i === 0 && u.playerId === null
            ? `Welcome! <a href="/registry/edit_profile">Create your player profile</a> to join teams and tournaments.`
            : make(),
        is_read: created < now - 7 * DAY ? (rng.chance(0.8) ? 1 : 0) : rng.chance(0.2) ? 1 : 0,
        created_at: created,
      });
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
