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

  it("a schema validation refusal shows the field's own message when it is known, else names the field", async () => {
    const fr = await inLanguage("fr");
    const en = await inLanguage("en");
    const known = new ApiError(400, "display_name: Enter a display name.", "validation.invalid", { field: "display_name" });
    expect(translateError(fr, known)).toBe(translateFieldError(fr, "Enter a display name."));
    expect(translateError(fr, known)).not.toMatch(/display_name|Enter/);
    expect(translateError(en, known)).toBe("Enter a display name.");
    // A contract sentence comes without the field in front.
    expect(translateError(fr, new ApiError(400, "Choose a country.", "validation.invalid", { field: "country" }))).toBe(
      translateFieldError(fr, "Choose a country."),
    );
    const unknown = new ApiError(400, "page: Expected number, received string", "validation.invalid", { field: "page" });
    expect(translateError(fr, unknown)).toBe("page : cette valeur n’est pas valide.");
    expect(translateError(en, unknown)).toBe("page: Expected number, received string");
    expect(translateError(fr, new ApiError(400, "Expected object, received null", "validation.invalid_request"))).toBe(
      "Requête non valide.",
    );
  });

  it("English renders the request, upload and rate-limit codes as the server words them", async () => {
    const en = await inLanguage("en");
    const say = (code: string, params?: Record<string, string | number>) => translateError(en, new ApiError(400, "x", code, params));
    expect(say("uploads.too_large", { size: 200, unit: "KB" })).toBe("The logo exceeds the maximum size of 200KB.");
    expect(say("uploads.too_large", { size: 8, unit: "MB" })).toBe("The logo exceeds the maximum size of 8MB.");
    expect(say("uploads.too_many_pixels", { megapixels: 40, width: 16000, height: 16000 })).toBe(
      "Images may be at most 40 megapixels; this one is 16000×16000.",
    );
    expect(say("uploads.rate", { max: 20, window: 10, minutes: 1 })).toBe(
      "You may upload at most 20 images every 10 minutes. Try again in 1 minute.",
    );
    expect(say("rate_limited.invitations", { minutes: 3 })).toBe("You have sent too many invitations or requests. Try again in 3 minutes.");
    expect(say("request.invalid_json")).toBe("Body is not valid JSON but content-type is set to 'application/json'");
    expect(say("request.form_type", { form: "profile" })).toBe("Send the profile form as application/json or multipart/form-data.");
    expect(say("uploads.multipart_required")).toBe("Send the image as multipart/form-data in the field 'file'.");
    const fr = await inLanguage("fr");
    expect(translateError(fr, new ApiError(413, "x", "uploads.too_large", { size: 200, unit: "KB" }))).toBe(
      "L’image dépasse la taille maximale de 200 Ko.",
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
