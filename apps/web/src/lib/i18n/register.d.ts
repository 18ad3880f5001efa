import type en from "../../locales/en.json";

// Message ids are the keys of the English catalogue (#21): `_("nav.home")` and `<Trans id>` with
// an id that en.json lacks is a type error, so a screen cannot ask for a message nobody wrote.
declare module "@lingui/core" {
  interface Register {
    messageIds: keyof typeof en;
  }
}
