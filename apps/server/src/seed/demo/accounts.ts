import { THEMES } from "@site/contract";
import { slugify } from "./names.js";
import { DEMO_USERS, type People, type PlayerRec, type UserRec } from "./model.js";
import { DAY, HOUR, MIN, Rng } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import type { Writer } from "./writer.js";

/** Accounts: the seven demo accounts (ids 1–7), one account per non-shadow player, and the roles. */

export function generateUsers(cfg: ScaleConfig, now: number, players: PlayerRec[]): People {
  const rng = new Rng("users");
  const demoPlayers = players.filter((p) => p.demo);
  const users: UserRec[] = [];
  const roles: People["roles"] = [];
  DEMO_USERS.forEach((d, k) => {
    const player = d.player ? demoPlayers[k]! : null;
    const created = player ? player.created - rng.time(MIN, HOUR) : now - 3 * DAY;
    users.push({
      id: k + 1,
      email: d.email,
      state: "active",
      theme: d.theme,
      created,
      verifiedAt: created + 5 * MIN,
      playerId: player?.id ?? null,
    });
    if (player) player.userId = k + 1;
    if (d.role) roles.push({ userId: k + 1, role: d.role, created: created + DAY });
  });
  demoPlayers[4]!.border = 45;

  // Every registry player except shadow players has an account (a shadow player is exactly
  // a registry entry without one); banned players' accounts are banned too.
  const candidates = players.filter((p) => !p.demo && !p.shadow);
  candidates.sort((a, b) => a.created - b.created);
  for (const p of candidates) {
    const id = users.length + 1;
    const state: UserRec["state"] = p.banned
      ? "banned"
      : rng.weighted([
          ["active", 94],
          ["pending_email", 4],
          ["inactive", 2],
        ] as const);
    const created = p.created - rng.time(MIN, 2 * HOUR);
    users.push({
      id,
      email: `${slugify(p.name) || "racer"}.${id}@example.org`,
      state,
      theme: rng.chance(0.8) ? "forest" : rng.pick(THEMES),
      created,
      verifiedAt: state === "pending_email" ? null : created + rng.time(MIN, DAY),
      playerId: p.id,
    });
    p.userId = id;
  }

  // Some more staff and supporters among the ordinary accounts, as on the real site.
  const active = users.filter((u) => u.id > DEMO_USERS.length && u.state === "active" && u.playerId !== null);
  const picked = rng.shuffle([...active]);
  picked.slice(0, cfg.extraSupporters).forEach((u) => {
    roles.push({ userId: u.id, role: "supporter", created: rng.time(u.created, now) });
    players[u.playerId! - 1]!.border = rng.int(41, 60);
  });
  const staff = picked.slice(cfg.extraSupporters, cfg.extraSupporters + 3);
  staff.forEach((u, i) => roles.push({ userId: u.id, role: i === 2 ? "moderate" : "event_mod", created: rng.time(u.created, now) }));
  return { users, roles };
}

/** Account and role rows. */
export function writeAccounts(w: Writer, passwordHash: string, people: People): void {
  for (const u of people.users) {
    w.add("users", {
      id: u.id,
      email: u.email,
      password_hash: passwordHash,
      state: u.state,
      site_theme: u.theme,
      created_at: u.created,
      email_verified_at: u.verifiedAt,
    });
  }
  people.roles.forEach((r, i) => w.add("user_roles", { id: i + 1, user_id: r.userId, role: r.role, created_at: r.created }));
}
