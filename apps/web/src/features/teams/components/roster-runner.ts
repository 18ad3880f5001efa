import type { ActionRunner } from "@/components/ui/action-runner";
import type { RosterAction } from "../api/roster-actions";

/**
 * Runs a roster call from the team page: a message after it, and the leave-first prompt when
 * the server asks (000 §4). The page makes one; its panels receive it (kept apart from the page
 * so the panels do not import the page that renders them).
 */
export type RosterRunner = ActionRunner<RosterAction>;
