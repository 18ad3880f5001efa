import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";

const run = promisify(execFile);

/** Runs `npm run user -- …` as an operator would, against a throw-away SQLite file. */
async function user(dbUrl: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/cli/user.ts", ...args], {
      cwd: join(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: "test" },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe("user CLI", () => {
  it("creates the first administrator, grants and revokes roles, and refuses bad input", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-"));
    const url = `sqlite:${join(dir, "site.db")}`;
    expect(
      await user(url, "create", "--email", "Boss@Example.com", "--password", "long-enough-pw", "--role", "administrate"),
    ).toMatchObject({ code: 0 });
    expect((await user(url, "create", "--email", "boss@example.com", "--password", "long-enough-pw")).code).toBe(1);
    expect((await user(url, "grant", "--email", "boss@example.com", "--role", "wizard")).code).toBe(2);
    expect((await user(url, "create", "--email", "x@example.com", "--password", "short")).code).toBe(2);
    expect((await user(url, "grant", "--email", "boss@example.com", "--role", "supporter")).code).toBe(0);
    expect((await user(url, "revoke", "--email", "boss@example.com", "--role", "administrate")).code).toBe(0);

    const database = openDatabase(url);
    try {
      const u = await database.db.selectFrom("users").selectAll().where("email", "=", "boss@example.com").executeTakeFirstOrThrow();
      expect(u.state).toBe("active");
      expect(u.email_verified_at).not.toBeNull();
      const roles = await database.db.selectFrom("user_roles").select("role").where("user_id", "=", u.id).execute();
      expect(roles.map((r) => r.role)).toEqual(["supporter"]);
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
