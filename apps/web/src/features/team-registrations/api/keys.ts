import type { MoveStatus } from "@site/contract";
import { registrationKeys } from "@/features/registrations/api/keys";
import { registryKeys } from "@/features/registry/api/keys";

/**
 * Query keys of team registrations. They live under ["registrations", id, …] (`registrationKeys.event`)
 * so the registrations feature's invalidation and this feature's writes refresh the same reads;
 * the manual registration picker lives under the registry's team lists.
 */
export const teamRegistrationKeys = {
  all: registrationKeys.all,
  status: (id: number) => [...registrationKeys.event(id), "team-status"] as const,
  list: (id: number, status: MoveStatus, order: string) => [...registrationKeys.event(id), "teams", status, order] as const,
  eligible: (id: number, teamId: number, order: string) => [...registrationKeys.event(id), "eligible", teamId, order] as const,
  edit: (id: number, teamId: number) => [...registrationKeys.event(id), "team-edit", teamId] as const,
  pick: (search: string) => [...registryKeys.teams(), "pick", search] as const,
};
