import { slugify } from "./names.js";
import { DAY, HOUR, Rng } from "./rng.js";
import type { Writer } from "./writer.js";

/** News posts and media items (videos, streams, social posts). */

export function writeMedia(w: Writer, now: number): void {
  const rng = new Rng("media");
  const authorUser: Record<string, number> = { DemoAdmin: 1, DemoMod: 2, DemoEventAdmin: 3 };
  NEWS_POSTS.forEach((n, i) =>
    w.add("news_posts", {
      id: NEWS_POSTS.length - i,
      title: n.title,
      content: n.content,
      image: null,
      author_user_id: authorUser[n.author] ?? null,
      author_name: n.author,
      published: 1,
      created_at: now - i * 9 * DAY - rng.time(HOUR, 5 * DAY),
    }),
  );
  const idChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  const token = (n: number) => Array.from({ length: n }, () => rng.pick([...idChars])).join("");
  let id = 0;
  for (const kind of ["youtube", "stream", "social"] as const) {
    MEDIA[kind].forEach(([title, author], i) => {
      const url =
        kind === "youtube"
          ? `https://www.youtube.com/watch?v=${token(11)}`
          : kind === "stream"
            ? `https://www.twitch.tv/${author.toLowerCase()}`
            : `https://bsky.app/profile/${slugify(author)}.bsky.social/post/3l${token(11).toLowerCase().replace(/[_-]/g, "a")}`;
      w.add("media_items", { id: ++id, kind, title, url, image: null, author, created_at: now - i * 4 * DAY - rng.time(HOUR, 3 * DAY) });
    });
  }
}

const NEWS_POSTS: ReadonlyArray<{ title: string; content: string; author: string }> = [
  {
    title: "Mario Kart World Open Series: season two announced",
    author: "DemoAdmin",
    content:
      "The **Mario Kart World Open Series** is back for a second season!\n\n- Ten weekly qualifiers\n- A live final for the top 12\n- New: a Knockout Tour side event\n\nRegistrations for the first qualifier open next week. See the [tournaments page](/tournaments) for the schedule.",
  },
  {
    title: "Registry update: new team categories for Mario Kart World",
    author: "DemoMod",
    content:
      "Teams can now register a **Mario Kart World 150cc** roster alongside their existing categories. Leaders can link the new team to their organisation's primary team from the team edit page.\n\nAs always, new teams are reviewed by the moderation team before they appear in the registry.",
  },
  {
    title: "Results: 200cc Squad Showdown",
    author: "DemoEventAdmin",
    content:
      "Congratulations to all squads who took part in the latest **200cc Squad Showdown**! The full placements are on the tournament page.\n\nThank you to our room hosts and to everyone who streamed the final.",
  },
  {
    title: "Friend code changes and the new profile page",
    author: "DemoAdmin",
    content:
      "Profiles now show friend codes per platform with their history. If you changed consoles, update your Switch friend code from **Edit Profile**.\n\nStaff can see past owners of a friend code to stop ban evasion.",
  },
  {
    title: "World Cup of Teams: signups open",
    author: "DemoEventAdmin",
    content:
      "The biggest team event of the year is back. Team leaders can register their roster now; the transfer deadline is two days before the start.\n\n> Minimum six players per team, maximum twelve.",
  },
  {
    title: "Community spotlight: LAN season recap",
    author: "DemoMod",
    content:
      "Our LAN partners hosted events in Paris, Austin and Tokyo this season. Thank you to the organisers and the hundreds of players who travelled!\n\nWant to host a LAN? Contact an event administrator.",
  },
  {
    title: "Moderation report and reminder of the rules",
    author: "DemoMod",
    content:
      "This quarter we handled 140 name-change requests and 35 team approvals. A reminder: alternate accounts are not allowed and lead to a ban of every account involved.",
  },
  {
    title: "Knockout Tour tournaments are here",
    author: "DemoEventAdmin",
    content:
      "Mario Kart World's **Knockout Tour** is now a tournament mode on the site. The first Knockout Cup runs next month: 24 players per room, last one standing wins.",
  },
  {
    title: "Supporters: new profile borders",
    author: "DemoAdmin",
    content:
      "Thanks to our supporters the site stays ad-free. Supporters can now choose from twenty profile border colours, including Gold, Emerald and Sapphire.",
  },
  {
    title: "Scheduled maintenance this weekend",
    author: "DemoAdmin",
    content:
      "The site will be read-only for about 30 minutes on Sunday at 08:00 UTC while we upgrade the database. Registrations stay open before and after.",
  },
  {
    title: "Squad Series finals recap",
    author: "DemoEventAdmin",
    content:
      "What a finish! The MK8DX 150cc Squad Series final came down to the last race. Check the series page for podium finishes and appearances across the season.",
  },
  {
    title: "Welcome to the new site",
    author: "DemoAdmin",
    content:
      "The new site is live: faster pages, a new tournament calendar and a cleaner registry. Report any problem on the support forum.\n\n*Have fun racing!*",
  },
];

const MEDIA = {
  youtube: [
    ["MKWorld Open Series Final - full broadcast", "MKCentral"],
    ["Top 10 shortcuts in Mario Kart World", "KartTips"],
    ["200cc Squad Showdown grand final highlights", "MKCentral"],
    ["How to drift like a pro: frontrunning guide", "DriftAcademy"],
    ["World Cup of Teams: semi-final recap", "MKCentral"],
    ["Knockout Tour strategy explained", "KartTips"],
  ],
  stream: [
    ["Lounge grind - road to 10k MMR", "turbo_shell"],
    ["Squad Series Week 4 LIVE", "mkcentral"],
    ["Friday night wars with Nova Racing", "nova_racing"],
    ["Chill time trials and viewer races", "sleepy_koopa"],
    ["LAN Paris qualifiers - day 1", "kartkrew_lan"],
    ["Community race night", "mkcentral"],
  ],
  social: [
    ["Registrations for the Open Series #4 are open!", "MKCentral"],
    ["Congrats to the World Cup of Teams champions", "MKCentral"],
    ["New team categories are live on the registry", "MKCentral"],
    ["LAN Circuit: next stop Austin", "Kart Krew LAN"],
    ["Maintenance finished - thanks for your patience", "MKCentral"],
    ["Knockout Cup bracket is out", "MKCentral"],
  ],
} as const;
