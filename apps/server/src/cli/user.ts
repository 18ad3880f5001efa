import { SITE_ROLES } from "@site/contract";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { addRole, findUserByEmail, insertUser, removeRole, updateUser } from "../features/auth/auth.repository.js";
import { hashPassword } from "../features/auth/passwords.js";

const USAGE = `Usage:
  npm run user -- create --email E --password P [--role ROLE]
  npm run user -- grant  --email E --role ROLE
  npm run user -- revoke --email E --role ROLE
ROLE: ${[...Object.keys(SITE_ROLES), "supporter"].join(", ")}`;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * Account administration for a real deployment: the first administrator is created here,
 * since the roles page cannot grant the Administrator role (000 §6).
 */
async function main(): Promise<number> {
  const command = process.argv[2];
  const email = arg("email")?.trim().toLowerCase();
  const role = arg("role");
  const validRoles = new Set([...Object.keys(SITE_ROLES), "supporter"]);
  if (!command || !email || !["create", "grant", "revoke"].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (role && !validRoles.has(role)) {
    console.error(`Unknown role '${role}'.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database, { dataDir: config.dataDir, log: (line) => console.log(line) });
    const db = database.db;
    const now = Date.now();
    if (command === "create") {
      const password = arg("password");
      if (!password || password.length < 8) {
        console.error("A password of at least 8 characters is required.");
        return 2;
      }
      if (await findUserByEmail(db, email)) {
        console.error(`An account with the email ${email} already exists.`);
        return 1;
      }
      const id = await insertUser(db, { email, passwordHash: await hashPassword(password), state: "active", now });
      await updateUser(db, id, { email_verified_at: now });
      if (role) await addRole(db, id, role, now);
      console.log(`Created ${email}${role ? ` with role ${role}` : ""}.`);
      return 0;
    }
    if (!role) {
      console.error(`--role is required.\n${USAGE}`);
      return 2;
    }
    const user = await findUserByEmail(db, email);
    if (!user) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    if (command === "grant") await addRole(db, user.id, role, now);
    else await removeRole(db, user.id, role);
    console.log(`${command === "grant" ? "Granted" : "Revoked"} ${role} ${command === "grant" ? "to" : "from"} ${email}.`);
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then((code) => process.exit(code));
