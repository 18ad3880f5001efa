// The compiled catalogues (apps/web/locale-catalogs.ts): one module per language (#21).
declare module "virtual:locale/*" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
