/** Word lists and markdown snippets of the demo dataset (data only). */

/** ISO country codes weighted roughly like the real scene (North America and Europe first). */
// prettier-ignore
export const COUNTRY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ["US", 16], ["CA", 6], ["MX", 6], ["BR", 3], ["GB", 7], ["FR", 9], ["DE", 6], ["ES", 6], ["IT", 4], ["NL", 5], ["BE", 3],
  ["JP", 8], ["KR", 1.5], ["AU", 3], ["NZ", 1], ["AR", 1.2], ["CL", 1], ["CO", 0.8], ["PE", 0.5], ["VE", 0.4], ["IE", 1],
  ["PT", 1], ["CH", 1.2], ["AT", 0.8], ["SE", 1], ["NO", 0.7], ["DK", 0.7], ["FI", 0.6], ["PL", 1], ["CZ", 0.4], ["HU", 0.3],
  ["RO", 0.3], ["GR", 0.3], ["TR", 0.3], ["IL", 0.3], ["AE", 0.2], ["SA", 0.2], ["IN", 0.3], ["CN", 0.4], ["TW", 0.5],
  ["HK", 0.4], ["SG", 0.4], ["MY", 0.3], ["PH", 0.5], ["ID", 0.3], ["TH", 0.3], ["VN", 0.2], ["ZA", 0.3], ["MA", 0.2],
  ["EG", 0.1], ["IS", 0.1], ["LU", 0.2], ["SK", 0.2], ["HR", 0.2], ["RS", 0.1], ["BG", 0.1], ["PR", 0.4], ["CR", 0.2],
  ["GT", 0.1], ["DO", 0.2], ["UY", 0.2], ["EC", 0.1], ["UA", 0.2], ["SI", 0.1], ["EE", 0.1], ["LT", 0.1], ["ZZ", 0.3],
];

/** First names by region, for handles like "Hugo_MK" or "Yuki77". */
// prettier-ignore
export const FIRST_NAMES: Record<string, readonly string[]> = {
  en: ["Jake", "Ryan", "Tyler", "Emma", "Olivia", "Liam", "Noah", "Ethan", "Mason", "Chloe", "Ava", "Logan", "Owen", "Caleb", "Nathan", "Ella", "Dylan", "Zoe", "Connor", "Riley"],
  fr: ["Théo", "Hugo", "Lucas", "Léa", "Manon", "Enzo", "Louis", "Jules", "Clément", "Camille", "Maxime", "Antoine", "Inès", "Baptiste", "Noé"],
  es: ["Mateo", "Diego", "Sofía", "Pablo", "Javier", "Lucía", "Alejandro", "Valentina", "Carlos", "Andrés", "Iker", "Marta"],
  de: ["Jonas", "Lukas", "Felix", "Leon", "Finn", "Niklas", "Marie", "Lena", "Tobias", "Moritz", "Jannik"],
  jp: ["Haruto", "Yuki", "Sora", "Ren", "Kaito", "Riku", "Hina", "Yuto", "Sota", "Aoi", "Takumi", "Shun", "Kenta", "Daiki"],
  pt: ["João", "Gabriel", "Rafael", "Matheus", "Pedro", "Beatriz", "Thiago", "Caio"],
  it: ["Marco", "Luca", "Giulia", "Matteo", "Alessandro", "Chiara", "Davide"],
  nl: ["Daan", "Sem", "Bram", "Lotte", "Ruben", "Jesse", "Milan", "Thijs"],
  kr: ["Minjun", "Seojun", "Jiho", "Haeun", "Dohyun", "Yejun"],
};

/** Which first-name list a country draws from. */
// prettier-ignore
export const COUNTRY_REGION: Record<string, string> = {
  FR: "fr", BE: "fr", LU: "fr", CH: "fr", MA: "fr", ES: "es", MX: "es", AR: "es", CL: "es", CO: "es", PE: "es", VE: "es",
  UY: "es", EC: "es", CR: "es", GT: "es", DO: "es", PR: "es", DE: "de", AT: "de", JP: "jp", BR: "pt", PT: "pt", IT: "it",
  NL: "nl", KR: "kr",
};

// prettier-ignore
export const HANDLE_PREFIXES = [
  "Shy", "Blue", "Red", "Dry", "Turbo", "Drift", "Mini", "Mega", "Hyper", "Super", "Neo", "Dark", "Lucky", "Rusty", "Swift",
  "Silent", "Crazy", "Royal", "Frosty", "Shadow", "Star", "Rainbow", "Thunder", "Golden", "Silver", "Toxic", "Pixel", "Retro",
  "Cosmic", "Lunar", "Solar", "Wild", "Sly", "Jet", "Nitro", "Flash", "Chill", "Happy", "Sleepy", "Tiny", "Big", "Sir",
  "Captain", "Lord", "Lil", "Mr", "Dr", "King", "Salty", "Spicy", "Mystic", "Rapid", "Zen", "Icy", "Grumpy", "Funky",
];

// prettier-ignore
export const HANDLE_NOUNS = [
  "Shell", "Banana", "Koopa", "Goomba", "Boo", "Yoshi", "Toad", "Kart", "Drift", "Boost", "Mushroom", "Star", "Bolt", "Blooper",
  "Bullet", "Chomp", "Lakitu", "Wiggler", "Pokey", "Thwomp", "Spiny", "Bobomb", "Pianta", "Fox", "Wolf", "Falcon", "Tiger",
  "Panda", "Otter", "Raccoon", "Owl", "Hawk", "Comet", "Nova", "Ghost", "Ninja", "Pirate", "Knight", "Wizard", "Racer", "Rider",
  "Drifter", "Pilot", "Rocket", "Storm", "Blaze", "Frost", "Ember", "Wave", "Byte", "Glitch", "Turnip", "Waffle", "Noodle",
  "Penguin", "Dragon", "Cactus", "Pepper", "Mango", "Kiwi",
];

// prettier-ignore
export const SYLLABLES = [
  "ka", "ki", "ku", "ko", "sa", "shi", "su", "ta", "to", "na", "ni", "no", "ha", "hi", "ma", "mi", "mo", "ra", "ri", "ru", "ro",
  "ya", "yu", "zel", "vex", "kai", "rin", "ace", "jin", "lux", "nox", "dra", "vel", "mar", "tor", "lin", "zo", "an", "el", "ix",
  "or", "us", "ven", "ka", "ryu", "sei", "ze", "ly", "dex", "tri",
];

// prettier-ignore
export const TEAM_ADJECTIVES = [
  "Crimson", "Azure", "Golden", "Silver", "Shadow", "Thunder", "Nova", "Lunar", "Solar", "Phantom", "Eternal", "Infinite",
  "Rapid", "Turbo", "Royal", "Wild", "Frozen", "Blazing", "Electric", "Mystic", "Neon", "Cosmic", "Iron", "Velvet", "Savage",
  "Silent", "Rogue", "Atomic", "Stellar", "Arctic", "Emerald", "Obsidian", "Scarlet", "Midnight", "Rising", "Fallen", "Hyper",
  "Radiant", "Prime", "Apex", "Feral", "Gilded", "Hollow", "Jade", "Onyx", "Sapphire", "Vivid", "Wicked",
];

// prettier-ignore
export const TEAM_NOUNS = [
  "Koopas", "Shells", "Drifters", "Racers", "Comets", "Stars", "Wolves", "Foxes", "Falcons", "Dragons", "Knights", "Pirates",
  "Ninjas", "Titans", "Phoenix", "Vipers", "Hornets", "Bolts", "Storms", "Rockets", "Spinies", "Boos", "Chomps", "Thwomps",
  "Lakitus", "Bloopers", "Goombas", "Mushrooms", "Bananas", "Karts", "Wheels", "Engines", "Sirens", "Owls", "Ravens", "Lions",
  "Sharks", "Orcas", "Wizards", "Legends", "Bandits", "Outlaws", "Spectres", "Cyclones", "Meteors", "Hydras",
];

// prettier-ignore
export const TEAM_SINGLE_WORDS = [
  "Kartel", "Nitrous", "Velocity", "Momentum", "Slipstream", "Vortex", "Paragon", "Zenith", "Eclipse", "Aurora", "Catalyst",
  "Dynasty", "Horizon", "Insomnia", "Odyssey", "Requiem", "Sanctuary", "Synergy", "Tempest", "Valhalla", "Zephyr", "Mirage",
  "Nebula", "Oblivion", "Pinnacle", "Quantum", "Revolt", "Spectrum", "Trinity", "Umbra",
];

export const TEAM_SUFFIXES = ["Esports", "Gaming", "Racing", "MK", "Club", "Academy", "Squad"];

// prettier-ignore
export const CITIES = [
  "Paris", "Tokyo", "Osaka", "Berlin", "Madrid", "Toronto", "Montreal", "Austin", "Seattle", "Lyon", "Milan", "Sydney", "Seoul",
  "London", "Dublin", "Lisbon", "Chicago", "Denver", "Brussels", "Amsterdam", "Hamburg", "Barcelona", "Vancouver", "Boston",
  "Nantes", "Kyoto", "Porto", "Oslo", "Vienna", "Zurich",
];

/** LAN venues: a city label and a map link. */
export const LAN_VENUES: ReadonlyArray<readonly [string, string]> = [
  ["Paris, France", "https://www.openstreetmap.org/search?query=Paris"],
  ["Lyon, France", "https://www.openstreetmap.org/search?query=Lyon"],
  ["London, United Kingdom", "https://www.openstreetmap.org/search?query=London"],
  ["Berlin, Germany", "https://www.openstreetmap.org/search?query=Berlin"],
  ["Madrid, Spain", "https://www.openstreetmap.org/search?query=Madrid"],
  ["Toronto, Canada", "https://www.openstreetmap.org/search?query=Toronto"],
  ["Austin, TX, United States", "https://www.openstreetmap.org/search?query=Austin"],
  ["Tokyo, Japan", "https://www.openstreetmap.org/search?query=Tokyo"],
  ["Utrecht, Netherlands", "https://www.openstreetmap.org/search?query=Utrecht"],
];

export const BAN_REASONS = [
  "Cheating (modified game files)",
  "Repeated unsportsmanlike conduct",
  "Ban evasion with an alternate account",
  "Match fixing",
  "Harassment of other players",
  "Impersonation",
];

// prettier-ignore
export const PROFILE_MESSAGES = [
  "Just here to drift. GLHF!", "Frontrunner main. DMs open for wars.", "**Team player** looking for a 150cc clan.",
  "Casual racer, competitive at heart.", "Retired from comp, still lurking in lounges.",
  "Rainbow Road enjoyer. Shortcuts > everything.", "Streaming most weekends - come say hi!",
  "Back-runner strategist. Items win races.",
];

export const TEAM_DESCRIPTIONS = [
  (name: string) =>
    `## About ${name}\n\nWe are a competitive team playing wars most evenings (EU and NA times).\n\n- Practice: Tuesday and Thursday\n- Wars: weekends\n- Looking for: consistent frontrunners\n\nContact a **team leader** on Discord to try out.`,
  (name: string) =>
    `**${name}** is a chill but serious squad. We enter every MKCentral team event and run our own scrims.\n\n> Respect your teammates, be on time, have fun.`,
  (_name: string) =>
    `Founded by friends from the lounge. We focus on:\n\n1. Team strategy and item play\n2. Reviewing our races\n3. Growing new players\n\nTryouts open when we are *recruiting*.`,
  (name: string) =>
    `# ${name}\n\nMultiple-time finalists in the World Cup of Teams. Our roster is stable; we rarely recruit but watch the transfers page.`,
  (_name: string) => `Just a bunch of racers having fun. Ask us for a friendly war anytime!`,
  (name: string) =>
    `${name} competes in team and squad events. Discord: https://discord.gg/example\n\n*Minimum requirements:* regular availability, a working mic, good vibes.`,
];

export const TOURNAMENT_DESCRIPTIONS = {
  solo: [
    "Welcome to another solo cup! Rooms of 12 race 12 tracks; the top players of each room advance until the final.\n\n- Check in 30 minutes before the start\n- Room hosts are chosen among players who can host\n- Results are posted in Discord",
    "An open individual tournament for every skill level. Qualifiers are played in free-for-all rooms; the final is a best-of-two-rooms showdown.\n\n**Prizes:** bragging rights and a custom Discord role.",
  ],
  squad: [
    "Grab your partners! Squads race in rooms of 12 and are scored together. Squad tags must appear in your in-game names.\n\n- Substitutes are not allowed after registration closes\n- The captain reports the score",
    "A squad tournament with Swiss rounds followed by a single-elimination bracket of the top squads.\n\n> Teamwork makes the dream work.",
  ],
  team: [
    "The team event of the season. Registered teams play 6v6 wars (12 races) in groups, then a double-elimination bracket.\n\n- Teams may register up to 12 players\n- Roster changes lock at the transfer deadline",
    "League format: every team plays every other team in its division once. The top teams qualify for the playoffs.\n\nStandings are updated weekly.",
  ],
} as const;

export const RULES_TEXT = [
  "## Rules\n\n1. Be on time. Lateness over 10 minutes is a forfeit.\n2. No disconnect abuse; a disconnected race is not replayed unless the host decides otherwise.\n3. Screenshots of every result are required.\n4. Be respectful to all players and staff.\n\nStaff decisions are final.",
  "## Rules\n\n- Items: normal\n- CPU: none\n- Tracks: random\n- Score: standard 15-12-10-9-8-7-6-5-4-3-2-1\n\nAny form of cheating leads to disqualification and a registry ban.",
  "## Format and rules\n\n1. Rooms are seeded by registration order.\n2. The host opens the room 10 minutes before the start.\n3. Report the results in the results channel with a screenshot.\n\n*Ties are broken by the most first places.*",
];

export const POST_REGISTRATION_MESSAGES = [
  "Thanks for registering! Join our Discord at https://discord.gg/example and check in before the start.",
  "You are in! Rooms will be posted in the **#rooms** channel 15 minutes before the start.",
  "Registration received. Please make sure your friend code on your profile is up to date.",
  "",
];
