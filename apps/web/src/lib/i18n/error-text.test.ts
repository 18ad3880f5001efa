import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { ApiError } from "@/lib/api-client";
import { translateError, translateFieldError } from "./error-text";
import { activateLocale } from "./i18n";

/** An instance with both parts of `locale` (the login refusals' messages are in a screens area). */
async function inLanguage(locale: "en" | "fr" | "ja") {
  const i18n = setupI18n();
  await activateLocale(locale, i18n, true);
  return i18n;
}

describe("server refusals and form checks in the page's language (#21)", () => {
  it("translates a refusal whose code the catalogue knows, with its params", async () => {
    const fr = await inLanguage("fr");
    const tooMany = new ApiError(429, "Too many failed login attempts. Try again in 1 minute.", "auth.too_many_logins", { minutes: 1 });
    expect(translateError(fr, tooMany)).toBe("Trop de tentatives de connexion échouées. Réessayez dans 1 minute.");
    const ja = await inLanguage("ja");
    expect(translateError(ja, new ApiError(401, "Incorrect email or password.", "auth.bad_login"))).toBe(
      "メールアドレスまたはパスワードが正しくありません。",
    );
  });

  it("shows the English message when there is no code or an unknown one", async () => {
    const fr = await inLanguage("fr");
    expect(translateError(fr, new ApiError(409, "That email is already registered."))).toBe("That email is already registered.");
    expect(translateError(fr, new ApiError(400, "Something new.", "nobody.knows"))).toBe("Something new.");
  });

  it("English pages show the spec's messages unchanged", async () => {
    const en = await inLanguage("en");
    expect(translateError(en, new ApiError(401, "Incorrect email or password.", "auth.bad_login"))).toBe("Incorrect email or password.");
    expect(translateError(en, new ApiError(429, "x", "auth.too_many_logins", { minutes: 15 }))).toBe(
      "Too many failed login attempts. Try again in 15 minutes.",
    );
  });

  it("names a network failure, and translates the contract's own field checks", async () => {
    const fr = await inLanguage("fr");
    expect(translateError(fr, new ApiError(0, "Network Error"))).toMatch(/^Impossible de joindre le serveur/);
    expect(translateFieldError(fr, "Passwords must be at least 8 characters.")).toBe(
      "Le mot de passe doit contenir au moins 8 caractères.",
    );
    expect(translateFieldError(fr, "Enter a valid email address.")).toBe("Saisissez une adresse e-mail valide.");
    expect(translateFieldError(fr, "A message nobody listed.")).toBe("A message nobody listed.");
    expect(translateFieldError(fr, undefined)).toBeUndefined();
  });
});
