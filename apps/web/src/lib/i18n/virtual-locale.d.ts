// The compiled catalogues (apps/web/locale-catalogs.ts): one module per part and language
// (`virtual:locale/core-fr`, `virtual:locale/screens-fr`; #21).
declare module "virtual:locale/*" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
