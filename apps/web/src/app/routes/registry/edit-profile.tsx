import { PersonalCalendarFeed } from "@/features/calendar/components/personal-feed";
import { EditOwnProfile } from "@/features/players/components/edit-own-profile";
import { LanguagePanel } from "@/features/session/components/language-panel";

/**
 * `/registry/edit_profile` (000 §2 Edit profile (own)), with the account's interface language
 * (#21) and its personal calendar feed (issue #20 §4) under the form.
 */
export default function EditProfileRoute() {
  return (
    <EditOwnProfile
      after={
        <>
          <LanguagePanel />
          <PersonalCalendarFeed />
        </>
      }
    />
  );
}
