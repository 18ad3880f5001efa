import { type Message, type NotificationKey, paramsJson, renderMessage } from "../../i18n/messages.js";
import { DEMO_USERS, type People, type TeamRec, type TournamentFull } from "./model.js";
import { DAY, MIN, Rng } from "./rng.js";
import type { Writer } from "./writer.js";

/**
 * Notifications of the seven demo accounts, written as `notify` writes them (#21 §3): a key of
 * the server's catalogue and its parameters, so each reader sees them in their own language,
 * and the English HTML in `message`.
 */

export function writeNotifications(w: Writer, now: number, tournaments: TournamentFull[], teams: TeamRec[], people: People): void {
  const rng = new Rng("notifications");
  const visible = tournaments.filter((t) => t.published && t.kind !== "historical");
  const approvedTeams = teams.filter((t) => t.status === "approved" && !t.historical);
  const tLink = (t: TournamentFull) => ({ href: `/tournaments/${t.id}`, text: t.title });
  const teamLink = (t: TeamRec) => ({ href: `/registry/teams/${t.id}`, text: t.name });
  const m = (key: NotificationKey, params: Message["params"]): Message<NotificationKey> => ({ key, params });
  const templates: Array<[string, () => Message<NotificationKey>]> = [
    ["info", () => m("registration.received", { tournament: tLink(rng.pick(visible)) })],
    ["info", () => m("checkin.opened", { tournament: tLink(rng.pick(visible)) })],
    ["success", () => m("placements.published", { tournament: tLink(rng.pick(visible)), href: "/tournaments" })],
    ["success", () => m("team.transfer_approved", { team: teamLink(rng.pick(approvedTeams)) })],
    ["success", () => m("profile_change.name_request_approved", { href: "/registry/players" })],
    ["warning", () => m("team.invited", { team: teamLink(rng.pick(approvedTeams)) })],
    ["warning", () => m("checkin.closing_soon", { tournament: tLink(rng.pick(visible)), hours: 1 })],
    ["critical", () => m("registration.moved", { tournament: tLink(rng.pick(visible)), status: "rejected" })],
    ["critical", () => m("profile.staff_edited_friend_codes", { href: "/registry/edit_profile" })],
  ];
  let id = 0;
  for (const u of people.users.slice(0, DEMO_USERS.length)) {
    const count = u.playerId === null ? 20 : 30;
    for (let i = 0; i < count; i++) {
      const [level, make] = u.playerId === null && i > 0 ? templates[rng.int(0, 2)]! : rng.pick(templates);
      const created = now - rng.time(10 * MIN, 90 * DAY);
      const message = i === 0 && u.playerId === null ? m("account.welcome", { href: "/registry/edit_profile" }) : make();
      w.add("notifications", {
        id: ++id,
        user_id: u.id,
        level,
        message: renderMessage("en", message),
        message_key: message.key,
        message_params: paramsJson(message.params),
        is_read: created < now - 7 * DAY ? (rng.chance(0.8) ? 1 : 0) : rng.chance(0.2) ? 1 : 0,
        created_at: created,
      });
    }
  }
}
