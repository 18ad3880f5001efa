import { isTeamEvent, type TournamentDetail } from "@site/contract";
import { BackToTournament } from "@/components/ui/back-to-tournament";
import { RegistrationStatusBlock } from "@/features/registrations/components/registration-status";
import { TeamRegisterPanel } from "@/features/team-registrations/components/team-register";
import { TeamRegistrationStatusBlock } from "@/features/team-registrations/components/team-status";

/**
 * The registration block of a tournament, from the feature of its format: team tournaments are
 * features/team-registrations' (issue #8), solo and squad ones features/registrations'. On the
 * tournament page (`showForm` false) the status block; on `/tournaments/{id}/register` the way
 * back and the registration panel.
 */
export function TournamentRegistrationBlock({ t, showForm = false }: { t: TournamentDetail; showForm?: boolean }) {
  if (!isTeamEvent(t.event_format)) return <RegistrationStatusBlock t={t} showForm={showForm} />;
  return showForm ? (
    <>
      <BackToTournament t={t} />
      <TeamRegisterPanel t={t} />
    </>
  ) : (
    <TeamRegistrationStatusBlock t={t} />
  );
}
