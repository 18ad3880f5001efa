import type { I18n, MessageId } from "@lingui/core";
import { useI18n } from "@/lib/i18n/use-t";
import type { RosterAction } from "../api/roster-actions";

/**
 * The team calls' success messages (the server's English text, which has no code) → the
 * catalogue's message and the values it carries. In English the server's own text is shown
 * (the spec's words, verbatim); in another language the matching message, with the names read
 * back from the English text; a text not listed here is shown as the server wrote it.
 */
const SUCCESS: ReadonlyArray<{ pattern: RegExp; id: MessageId; names?: readonly string[] }> = [
  { pattern: /^Your claim was sent to the moderators\.$/, id: "teams.done.claimSent" },
  { pattern: /^The claim was declined\.$/, id: "teams.done.claimDeclined" },
  { pattern: /^The claim was approved: (.+) now leads the team\.$/, id: "teams.done.claimApproved", names: ["name"] },
  { pattern: /^The team was approved\.$/, id: "teams.done.approved" },
  { pattern: /^The team was disapproved\.$/, id: "teams.done.disapproved" },
  { pattern: /^The invitation was cancelled\.$/, id: "teams.done.invitationCancelled" },
  { pattern: /^The invitation was declined\.$/, id: "teams.done.invitationDeclined" },
  {
    pattern: /^Your join request now says you will leave (.+) when it is accepted\.$/,
    id: "teams.done.requestLeaveConsent",
    names: ["team"],
  },
  { pattern: /^Your request to join was sent to the team's leaders\.$/, id: "teams.done.requestSent" },
  { pattern: /^Your join request was cancelled\.$/, id: "teams.done.requestCancelled" },
  { pattern: /^The join request was rejected\.$/, id: "teams.done.requestRejected" },
  { pattern: /^(.+) was removed from the team\.$/, id: "teams.done.removed", names: ["name"] },
  { pattern: /^(.+) joined the team\.$/, id: "teams.done.requestAccepted", names: ["name"] },
  { pattern: /^(.+) is now a leader\.$/, id: "teams.done.nowLeader", names: ["name"] },
  { pattern: /^(.+) is now a manager\.$/, id: "teams.done.nowManager", names: ["name"] },
  { pattern: /^(.+) is now a member\.$/, id: "teams.done.nowMember", names: ["name"] },
  { pattern: /^(.+) was invited\.$/, id: "teams.done.invited", names: ["name"] },
  { pattern: /^You joined (.+)\.$/, id: "teams.done.joined", names: ["team"] },
  { pattern: /^You left (.+)\.$/, id: "teams.done.left", names: ["team"] },
];

/** A team call's success message in `i18n`'s language (see SUCCESS). */
export function translateTeamSuccess(i18n: I18n, serverMessage: string): string {
  if (i18n.locale === "en") return serverMessage;
  for (const { pattern, id, names = [] } of SUCCESS) {
    const match = pattern.exec(serverMessage);
    if (match) return i18n._(id, Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ""])));
  }
  return serverMessage;
}

/**
 * The success line of a roster call the page made, in `i18n`'s language (#21): in English the
 * server's own text; in another language the page's own message for the action it performed,
 * with the names it knows (`teamName`: the page's team; the action's `name` and `leaving`).
 * Without the name a message needs, the server's text is read as `translateTeamSuccess` does.
 */
export function rosterDoneText(i18n: I18n, a: RosterAction, teamName: string, serverMessage: string): string {
  if (i18n.locale === "en") return serverMessage;
  const done = rosterDone(a, teamName);
  return done ? i18n._(done[0], done[1]) : translateTeamSuccess(i18n, serverMessage);
}

function rosterDone(a: RosterAction, team: string): [MessageId, Record<string, string>?] | null {
  const named = (id: MessageId, name: string | undefined): [MessageId, Record<string, string>] | null => (name ? [id, { name }] : null);
  switch (a.kind) {
    case "invite":
      return named("teams.done.invited", a.name);
    case "invitation":
      if (a.action === "accept") return ["teams.done.joined", { team }];
      return [a.action === "decline" ? "teams.done.invitationDeclined" : "teams.done.invitationCancelled"];
    case "join_request":
      if (!a.leaveCurrent) return ["teams.done.requestSent"];
      return a.leaving ? ["teams.done.requestLeaveConsent", { team: a.leaving }] : null;
    case "answer_request":
      if (a.action === "accept") return named("teams.done.requestAccepted", a.name);
      return [a.action === "reject" ? "teams.done.requestRejected" : "teams.done.requestCancelled"];
    case "leave":
      return ["teams.done.left", { team }];
    case "kick":
      return named("teams.done.removed", a.name);
    case "role":
      return named(
        a.role === "leader" ? "teams.done.nowLeader" : a.role === "manager" ? "teams.done.nowManager" : "teams.done.nowMember",
        a.name,
      );
    case "approve":
      return [a.approve ? "teams.done.approved" : "teams.done.disapproved"];
    case "claim":
      return ["teams.done.claimSent"];
    case "decide_claim":
      return a.action === "approve" ? named("teams.done.claimApproved", a.name) : ["teams.done.claimDeclined"];
  }
}

/** `translateTeamSuccess` bound to the active language; re-renders on a switch. */
export function useTeamServerText() {
  const i18n = useI18n();
  return (serverMessage: string): string => translateTeamSuccess(i18n, serverMessage);
}
