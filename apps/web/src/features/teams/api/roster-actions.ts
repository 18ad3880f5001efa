import { useMutation } from "@tanstack/react-query";
import { teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshTeams } from "./refresh";

/**
 * Roster calls of the team page (000 §4): invitations, join requests, leaving, removal, roles,
 * approval and claims. Each refreshes the team's queries, the lists and the transfers. `name`
 * (the player concerned) and `leaving` (the team a join request agrees to leave) are not sent:
 * the page words its own success line with them (#21, `rosterDoneText`).
 */
export type RosterAction =
  | { kind: "invite"; teamId: number; playerId: number; name?: string }
  | { kind: "invitation"; id: number; action: "accept" | "decline" | "cancel"; leaveCurrent?: boolean }
  | { kind: "join_request"; teamId: number; leaveCurrent?: boolean; leaving?: string }
  | { kind: "answer_request"; id: number; action: "accept" | "reject" | "cancel"; name?: string }
  | { kind: "leave"; teamId: number }
  | { kind: "kick"; teamId: number; playerId: number; name?: string }
  | { kind: "role"; teamId: number; playerId: number; role: "leader" | "manager" | "member"; name?: string }
  | { kind: "approve"; teamId: number; approve: boolean }
  | { kind: "claim"; teamId: number }
  | { kind: "decide_claim"; id: number; action: "approve" | "decline"; name?: string };

/** The answer every roster call shares: a message, and for joins a possible leave-first prompt. */
export interface RosterResult {
  status: "ok" | "confirm_leave";
  message: string;
  current_team?: { team_id: number; team_name: string } | null;
}

export async function rosterAction(a: RosterAction): Promise<RosterResult> {
  switch (a.kind) {
    case "invite":
      return callApi(teamEndpoints.invite, { params: { id: a.teamId }, body: { player_id: a.playerId } });
    case "invitation":
      return callApi(teamEndpoints.invitation, {
        params: { id: a.id, action: a.action },
        body: { leave_current: a.leaveCurrent ?? false },
      });
    case "join_request":
      return callApi(teamEndpoints.requestJoin, { params: { id: a.teamId }, body: { leave_current: a.leaveCurrent ?? false } });
    case "answer_request":
      return callApi(teamEndpoints.joinRequest, { params: { id: a.id, action: a.action } });
    case "leave":
      return callApi(teamEndpoints.leave, { params: { id: a.teamId } });
    case "kick":
      return callApi(teamEndpoints.kick, { params: { id: a.teamId }, body: { player_id: a.playerId } });
    case "role":
      return callApi(teamEndpoints.role, { params: { id: a.teamId }, body: { player_id: a.playerId, role: a.role } });
    case "approve":
      return callApi(teamEndpoints.approve, { params: { id: a.teamId }, body: { approve: a.approve } });
    case "claim":
      return callApi(teamEndpoints.claim, { params: { teamId: a.teamId } });
    case "decide_claim":
      return callApi(teamEndpoints.decideClaim, { params: { id: a.id, action: a.action } });
  }
}

export function useRosterAction() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: rosterAction,
    onSuccess: async (res) => {
      if (res.status === "ok") await refresh();
    },
  });
}
