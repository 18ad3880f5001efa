import type { GameModeKey } from "@site/contract";
import { makeDiscord, makeFriendCode, makeHandle, slugify } from "./names.js";
import { CATEGORY_WEIGHTS, DEMO_USERS, type PlayerRec } from "./model.js";
import { DAY, MIN, Rng, YEAR } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import { BAN_REASONS, COUNTRY_WEIGHTS, PROFILE_MESSAGES } from "./words.js";
import type { Writer } from "./writer.js";

/** The registry players (sorted by creation time, ids 1..n) and their rows: friend codes, bans, name history. */

export function generatePlayers(cfg: ScaleConfig, now: number): PlayerRec[] {
  const rng = new Rng("players");
  const n = cfg.players;
  const mkworldEra = now - 520 * DAY;
  const created: number[] = [];
  for (let i = 0; i < n; i++) {
    // Steady growth over six years plus a Mario Kart World boom in the last ~17 months.
    created.push(rng.chance(0.25) ? rng.time(mkworldEra, now - 10 * MIN) : rng.time(now - 6 * YEAR, now - 10 * MIN));
  }
  created.sort((a, b) => a - b);

  const demoIndex = new Map<number, number>();
  [0.02, 0.05, 0.1, 0.3, 0.4, 0.7].forEach((f, k) => demoIndex.set(Math.floor(n * f), k));

  const flags = new Rng("player-flags");
  const others = flags.shuffle([...Array(n).keys()].filter((i) => !demoIndex.has(i)));
  const shadow = new Set(others.slice(0, cfg.shadowPlayers));
  const hidden = new Set(others.slice(cfg.shadowPlayers, cfg.shadowPlayers + cfg.hiddenPlayers));
  const banned = new Set(others.slice(cfg.shadowPlayers + cfg.hiddenPlayers, cfg.shadowPlayers + cfg.hiddenPlayers + cfg.bannedPlayers));

  const usedNames = new Set<string>(DEMO_USERS.map((d) => d.name.toLowerCase()));
  const usedFcs = new Set<string>();
  const players: PlayerRec[] = [];
  for (let i = 0; i < n; i++) {
    const demoK = demoIndex.get(i);
    const demo = demoK === undefined ? null : DEMO_USERS[demoK]!;
    const country = demo ? demo.country : rng.weighted(COUNTRY_WEIGHTS);
    const name = demo ? demo.name : makeHandle(rng, country, usedNames);
    const isShadow = shadow.has(i);
    const primary = rng.weighted(CATEGORY_WEIGHTS);
    const cats: GameModeKey[] = [primary];
    if (rng.chance(0.35)) {
      const second = rng.weighted(CATEGORY_WEIGHTS);
      if (second !== primary) cats.push(second);
    }
    const p: PlayerRec = {
      id: i + 1,
      userId: null,
      name,
      country,
      created: created[i]!,
      shadow: isShadow,
      banned: banned.has(i),
      hidden: hidden.has(i),
      switchFc: demo || rng.chance(isShadow ? 0.5 : 0.82) ? makeFriendCode(rng, usedFcs) : null,
      fc3ds: !isShadow && rng.chance(0.1) ? makeFriendCode(rng, usedFcs) : null,
      mktFc: !isShadow && rng.chance(0.08) ? makeFriendCode(rng, usedFcs) : null,
      nnid: !isShadow && rng.chance(0.06) ? (slugify(name).slice(0, 12) || "racer") + rng.digits(rng.int(0, 4)) : null,
      discord: demo ? slugify(name) : isShadow || rng.chance(0.2) ? null : makeDiscord(rng, name),
      discordPrivacy: rng.chance(0.15) ? "private" : "public",
      message: demo ? `Demo account (${demo.email}).` : rng.chance(0.25) ? rng.pick(PROFILE_MESSAGES) : "",
      border: 60,
      nameChangedAt: null,
      oldName: null,
      cats,
      demo: demo !== null,
    };
    if (!demo && !isShadow && rng.chance(0.07)) {
      p.nameChangedAt = rng.time(p.created, now);
      p.oldName = makeHandle(rng, country, usedNames);
    }
    players.push(p);
  }
  return players;
}

/** Player rows with their friend code history, bans and earlier names. */
export function writePlayers(w: Writer, now: number, players: PlayerRec[]): void {
  const rng = new Rng("people-rows");
  let fcId = 0;
  let banId = 0;
  let historyId = 0;
  for (const p of players) {
    w.add("players", {
      id: p.id,
      user_id: p.userId,
      display_name: p.name,
      country_code: p.country,
      discord_tag: p.discord,
      discord_privacy: p.discordPrivacy,
      switch_fc: p.switchFc,
      fc_3ds: p.fc3ds,
      mktour_fc: p.mktFc,
      nnid: p.nnid,
      profile_message: p.message,
      border_color: p.border,
      background_upload_id: null,
      is_hidden: p.hidden ? 1 : 0,
      is_shadow: p.shadow ? 1 : 0,
      is_banned: p.banned ? 1 : 0,
      created_at: p.created,
      name_changed_at: p.nameChangedAt,
    });
    const codes: Array<[string, string | null]> = [
      ["switch", p.switchFc],
      ["3ds", p.fc3ds],
      ["mktour", p.mktFc],
      ["nnid", p.nnid],
    ];
    for (const [type, fc] of codes) {
      if (fc) w.add("friend_code_history", { id: ++fcId, player_id: p.id, fc_type: type, fc, created_at: p.created });
    }
    if (p.banned) {
      const created = rng.time(p.created, now);
      w.add("player_bans", {
        id: ++banId,
        player_id: p.id,
        reason: rng.pick(BAN_REASONS),
        banned_by_user_id: 2,
        created_at: created,
        // Either indefinite or ending in the future: an expired ban would not keep is_banned set.
        ends_at: rng.chance(0.6) ? null : Math.max(created + rng.int(30, 365) * DAY, now + rng.int(7, 200) * DAY),
        lifted_at: null,
      });
    }
    if (p.oldName && p.nameChangedAt) {
      w.add("name_history", {
        id: ++historyId,
        table_name: "players",
        field_name: "display_name",
        row_id: p.id,
        from_value: p.oldName,
        to_value: p.name,
        changed_at: p.nameChangedAt,
      });
    }
  }
}
