/** The demo accounts (password `password`), never created when NODE_ENV=production. */
export const DEMO_ACCOUNTS = [
  { email: "admin@example.com", description: "Administrator" },
  { email: "mod@example.com", description: "Moderator" },
  { email: "event-admin@example.com", description: "Event Administrator" },
  { email: "leader@example.com", description: "leads a team" },
  { email: "supporter@example.com", description: "Supporter" },
  { email: "player@example.com", description: "plain player with a profile" },
  { email: "new@example.com", description: "account with no registry profile" },
] as const;
