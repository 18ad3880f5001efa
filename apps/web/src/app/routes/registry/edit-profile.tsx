import { PersonalCalendarFeed } from "@/features/calendar/components/personal-feed";
import { EditOwnProfile } from "@/features/players/components/edit-own-profile";

/** `/registry/edit_profile` (000 §2 Edit profile (own)), with the account's personal calendar feed under the form (issue #20 §4). */
export default function EditProfileRoute() {
  return <EditOwnProfile after={<PersonalCalendarFeed />} />;
}
