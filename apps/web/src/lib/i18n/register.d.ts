import type account from "../../locales/account/en.json";
import type admin from "../../locales/admin/en.json";
import type core from "../../locales/core/en.json";
import type placements from "../../locales/placements/en.json";
import type players from "../../locales/players/en.json";
import type registrations from "../../locales/registrations/en.json";
import type rounds from "../../locales/rounds/en.json";
import type series from "../../locales/series/en.json";
import type teams from "../../locales/teams/en.json";
import type tournaments from "../../locales/tournaments/en.json";
import type ui from "../../locales/ui/en.json";

// Message ids are the keys of the English catalogues (#21), one import per area folder of
// src/locales: `_("nav.home")` and `<Trans id>` with an id no en.json has is a type error, so a
// screen cannot ask for a message nobody wrote. A new area adds its line here.
type English = typeof account &
  typeof admin &
  typeof core &
  typeof placements &
  typeof players &
  typeof registrations &
  typeof rounds &
  typeof series &
  typeof teams &
  typeof tournaments &
  typeof ui;

declare module "@lingui/core" {
  interface Register {
    messageIds: keyof English;
  }
}
