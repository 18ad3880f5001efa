import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";
import { LinkButton } from "./link-button";
import "./no-profile.css";

/**
 * The registration block of a signed-in account without a registry profile (001 §8 'To register,
 * you must first create a registry profile.'; the team wording for team tournaments): the message
 * and a "Create your profile" button to the profile page, which comes back to `next` (the page
 * the player is on) once the profile is saved, so the message is no dead end.
 */
export function NoProfile({ message, next }: { message: string; next: string }) {
  const _ = useT();
  return (
    <div className="no-profile" role="status">
      <p>{message}</p>
      <LinkButton to={paths.createProfile(next)}>{_("ui.noProfile.create")}</LinkButton>
    </div>
  );
}
