import { SITE_LANGUAGES } from "@site/contract";
import { describe, expect, it } from "vitest";
import { CATALOGUES, checkMessage, messageArguments, renderMessage } from "../src/i18n/messages.js";
import { dateTimeHuman } from "../src/lib/dates.js";

/**
 * The server's catalogue (#21 §3): every key in all six languages, no empty message, the same
 * ICU arguments as English, and nothing left in English unless listed here (a message that is
 * rightly the same as English in a language). English renders today's texts byte for byte.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = { fr: [], de: [], es: [], pt: [], ja: [] };

const en = CATALOGUES.en;

describe("server message catalogue", () => {
  it.each(SITE_LANGUAGES.filter((l) => l !== "en"))(
    "%s has every English key and no other, each translated with the same arguments",
    (lang) => {
      const cat = CATALOGUES[lang];
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(cat)) {
        expect(text.trim(), `${lang} ${key}`).not.toBe("");
        expect([...messageArguments(lang, key)!].sort(), `${lang} ${key}`).toEqual([...messageArguments("en", key)!].sort());
        if (!SAME_AS_ENGLISH[lang]!.includes(key)) expect(text, `${lang} ${key} is still English`).not.toBe(en[key]);
        // A link written into a message keeps its href placeholder (webhook.disabled).
        expect((text.match(/<a href="\{href\}">/g) ?? []).length, `${lang} ${key}`).toBe(
          (en[key]!.match(/<a href="\{href\}">/g) ?? []).length,
        );
      }
      for (const key of SAME_AS_ENGLISH[lang]!) expect(cat[key], `stale allow-list entry ${lang} ${key}`).toBe(en[key]);
    },
  );

  it("renders English exactly as the notifications were written before #21", () => {
    const tournament = { href: "/tournaments/7", text: "Cup <&> 'A'" };
    expect(
      renderMessage("en", {
        key: "squad.invited",
        params: { squad: `Team "X"`, tournament: { href: "/tournaments/7/register", text: "Cup" } },
      }),
    ).toBe(`You have been invited to join the squad Team &quot;X&quot; in <a href="/tournaments/7/register">Cup</a>.`);
    expect(renderMessage("en", { key: "team.invited", params: { team: { href: "/registry/teams/3", text: "A&B" } } })).toBe(
      `You were invited to join <a href="/registry/teams/3">A&amp;B</a>. Answer it on the team's page.`,
    );
    const opens = Date.UTC(2026, 10, 22, 14, 5);
    const closes = opens + 3600_000;
    const promoted = (checkin: Record<string, unknown>) =>
      renderMessage("en", { key: "waitlist.promoted", params: { tournament, ...(checkin as Record<string, string>) } });
    const head = `A place opened in <a href="/tournaments/7">Cup &lt;&amp;&gt; &#39;A&#39;</a>: you have been promoted from the waitlist and are now registered.`;
    expect(promoted({ checkin: "none" })).toBe(head);
    expect(promoted({ checkin: "remind" })).toBe(`${head} Remember to check in.`);
    expect(promoted({ checkin: "opens", opens: { time: opens } })).toBe(
      `${head} Remember to check in. Check-in opens ${dateTimeHuman(opens)}.`,
    );
    expect(promoted({ checkin: "window", opens: { time: opens }, closes: { time: closes } })).toBe(
      `${head} Remember to check in. Check-in: ${dateTimeHuman(opens)} to ${dateTimeHuman(closes)}.`,
    );
    expect(
      renderMessage("en", { key: "webhook.disabled", params: { host: "h<1>", name: "S", count: 5, href: "/webhooks/series/2" } }),
    ).toBe(
      `The webhook to h&lt;1&gt; of S was disabled after 5 failed deliveries in a row. <a href="/webhooks/series/2">Open its delivery log</a> to see why and enable it again.`,
    );
    expect(renderMessage("en", { key: "role.granted", params: { role: "event_admin" } })).toBe(
      "You were given the Event Administrator role.",
    );
    expect(renderMessage("en", { key: "registration.moved", params: { status: "withdrawn", tournament } })).toContain(
      "was moved to withdrawn.",
    );
  });

  it("escapes every text parameter and never decodes escape sequences a player typed", () => {
    for (const lang of SITE_LANGUAGES) {
      const html = renderMessage(lang, {
        key: "team.member_left",
        params: { player: "\\x3cscript\\x3e<i>", team: { href: "/t/1", text: "\\u003cb" } },
      });
      expect(html).toContain("\\x3cscript\\x3e&lt;i&gt;");
      expect(html).toContain(`<a href="/t/1">\\u003cb</a>`);
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<i>");
    }
    // A selector that is not a plain word is escaped (and picks `other`).
    expect(renderMessage("fr", { key: "team.status_changed", params: { team: "T", status: "<x>" } })).toContain("&lt;x&gt;");
  });

  it("refuses a message with a missing or unknown parameter", () => {
    expect(() => checkMessage({ key: "team.invited", params: {} })).toThrow(/missing parameters \[team\]/);
    expect(() => checkMessage({ key: "ban.lifted", params: { extra: "x" } })).toThrow(/unknown \[extra\]/);
    expect(() => checkMessage({ key: "waitlist.promoted", params: { tournament: "T", checkin: "none" } })).not.toThrow();
  });

  it("renders the other languages' dates in their own format, in UTC", () => {
    const until = Date.UTC(2026, 10, 22);
    expect(renderMessage("de", { key: "ban.banned_until", params: { reason: "x", until: { date: until } } })).toBe(
      "Dein Konto wurde bis zum 22.11.2026 gesperrt. Grund: x",
    );
    expect(renderMessage("ja", { key: "ban.banned_until", params: { reason: "x", until: { date: until } } })).toBe(
      "あなたのアカウントは2026/11/22まで停止されました。理由：x",
    );
  });
});
