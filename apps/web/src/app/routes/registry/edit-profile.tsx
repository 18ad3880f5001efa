import { EditOwnProfile } from "@/features/players/components/edit-own-profile";

/** `/registry/edit_profile` (000 §2 Edit profile (own)). */
export default function EditProfileRoute() {
  return <EditOwnProfile />;
}
