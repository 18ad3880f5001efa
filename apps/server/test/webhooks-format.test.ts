import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  discordBody,
  escapeDiscordMarkdown,
  MAX_ATTEMPTS,
  nextAttemptAt,
  outcomeOf,
  parseRetryAfter,
  signature,
  type WebhookPayload,
} from "../src/features/webhooks/webhook-format.js";
import { isDiscordWebhookUrl, isPublicAddress } from "../src/features/webhooks/webhook-url.js";

/** The pure parts of outgoing webhooks (issue #20 §5): formats, signature, backoff, address rules. */

const payload = (o: Partial<WebhookPayload["message"]> = {}): WebhookPayload => ({
  message: { title: "T", url: "https://site.example/tournaments/1", description: "D", fields: [], image_url: null, color: 1, at: 0, ...o },
  data: {},
});

describe("Discord format", () => {
  it("escapes markdown and mentions in user text, and never lets a mention ping", () => {
    expect(escapeDiscordMarkdown("*Cup* _x_ @everyone <@123> [a](b)")).toBe("\\*Cup\\* \\_x\\_ \\@everyone \\<\\@123\\> \\[a\\]\\(b\\)");
    const b = discordBody(payload({ title: "**Big** @here" }), "Site");
    expect(b.embeds[0]!.title).toBe("\\*\\*Big\\*\\* \\@here");
    expect(b.allowed_mentions).toEqual({ parse: [] });
    expect(b.embeds[0]!.timestamp).toBe("1970-01-01T00:00:00.000Z");
    expect(b.embeds[0]!.url).toBe("https://site.example/tournaments/1");
  });

  it("keeps to Discord's limits: 256 title, 25 fields, 6000 characters in all", () => {
    const fields = Array.from({ length: 40 }, (_, i) => ({ name: `Room ${i + 1}`, value: "x".repeat(500) }));
    const b = discordBody(payload({ title: "t".repeat(300), fields }), "Site");
    const e = b.embeds[0]!;
    expect(e.title.length).toBe(256);
    expect(e.fields.length).toBeLessThanOrEqual(25);
    expect(e.fields.at(-1)!.value).toMatch(/^and \d+ more$/);
    const total =
      e.title.length + e.description.length + e.footer.text.length + e.fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    // Title 256 + description 1 + footer 4 = 261; "Room 1".."Room 9" are 506 each, "Room 10"/"Room 11" 507:
    // 11 fields make 5,829 (under the 5,960 kept for them), a 12th would make 6,336. Then one
    // "…" field ("and 29 more") reports the rest: 5,841 characters in all.
    expect(e.fields).toHaveLength(12);
    expect(e.fields.at(-1)!.value).toBe("and 29 more");
    expect(total).toBe(5841);
  });

  it("adds the table image when there is one", () => {
    expect(discordBody(payload({ image_url: "https://x/t.png" }), "S").embeds[0]!.image).toEqual({ url: "https://x/t.png" });
    expect(discordBody(payload(), "S").embeds[0]).not.toHaveProperty("image");
  });
});

describe("JSON signature", () => {
  it("is the hex HMAC-SHA256 of 'timestamp.body' with the secret", () => {
    const body = '{"event":"test"}';
    const expected = createHmac("sha256", "whsec_abc").update(`1700000000.${body}`).digest("hex");
    expect(signature("whsec_abc", 1700000000, body)).toBe(`sha256=${expected}`);
    // RFC 4231 test case 2 ("Jefe" / "what do ya want for nothing?") through the same HMAC.
    expect(createHmac("sha256", "Jefe").update("what do ya want for nothing?").digest("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });
});

describe("retry schedule", () => {
  it("waits 30 s, 2 min, 10 min, 1 h, 6 h (±20 %), then gives up after 6 attempts", () => {
    expect(nextAttemptAt(0, 1, 0.5)).toBe(30_000);
    expect(nextAttemptAt(0, 1, 0)).toBe(24_000);
    expect(nextAttemptAt(0, 1, 0.999999)).toBe(36_000);
    expect(nextAttemptAt(0, 2, 0.5)).toBe(120_000);
    expect(nextAttemptAt(0, 3, 0.5)).toBe(600_000);
    expect(nextAttemptAt(0, 4, 0.5)).toBe(3_600_000);
    expect(nextAttemptAt(0, 5, 0.5)).toBe(21_600_000);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(nextAttemptAt(0, 6, 0.5)).toBeNull();
  });

  it("honours a longer Retry-After (seconds or a date), capped at 6 h", () => {
    expect(parseRetryAfter("120", 0)).toBe(120_000);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:01:00 GMT", 0)).toBe(60_000);
    expect(parseRetryAfter("soon", 0)).toBeNull();
    expect(nextAttemptAt(0, 1, 0.5, 120_000)).toBe(120_000);
    expect(nextAttemptAt(0, 1, 0.5, 1_000)).toBe(30_000);
    expect(nextAttemptAt(0, 1, 0.5, 99 * 3_600_000)).toBe(21_600_000);
  });

  it("2xx delivers, 404/410 give up, the rest retries", () => {
    expect(outcomeOf(204)).toBe("delivered");
    expect(outcomeOf(410)).toBe("give_up");
    expect(outcomeOf(404)).toBe("give_up");
    expect(outcomeOf(500)).toBe("retry");
    expect(outcomeOf(429)).toBe("retry");
    expect(outcomeOf(301)).toBe("retry");
    expect(outcomeOf(null)).toBe("retry");
  });
});

describe("address rules (SSRF)", () => {
  it("refuses loopback, private, link-local, CGNAT, unique-local, mapped and reserved addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "not an ip",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ["8.8.8.8", "162.159.135.232", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(a), a).toBe(true);
  });

  it("knows Discord webhook URLs", () => {
    expect(isDiscordWebhookUrl(new URL("https://discord.com/api/webhooks/123/abc-DEF_1"))).toBe(true);
    expect(isDiscordWebhookUrl(new URL("https://discordapp.com/api/webhooks/123/abc"))).toBe(true);
    expect(isDiscordWebhookUrl(new URL("https://discord.com.evil.example/api/webhooks/123/abc"))).toBe(false);
    expect(isDiscordWebhookUrl(new URL("http://discord.com/api/webhooks/123/abc"))).toBe(false);
    expect(isDiscordWebhookUrl(new URL("https://discord.com/channels/1/2"))).toBe(false);
  });
});
