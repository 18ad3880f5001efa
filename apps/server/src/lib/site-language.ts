import { PSEUDO_LANGUAGE, SITE_LANGUAGES, type SiteLanguage } from "@site/contract";

/** A page's interface language: one of SITE_LANGUAGES, or the pseudo-locale (cookie only). */
export type PageLanguage = SiteLanguage | typeof PSEUDO_LANGUAGE;

const isSiteLanguage = (v: unknown): v is SiteLanguage => typeof v === "string" && (SITE_LANGUAGES as readonly string[]).includes(v);

/**
 * The language a page is drawn in (#21, docs/decisions.md "#21 i18n framework"): the account's
 * setting, else the `lang` cookie (which may also name the pseudo-locale `en-XA`, a layout test
 * that is never stored on an account nor offered in the switch), else the best match of
 * `Accept-Language`, else English. Pure; unknown values at any step are skipped.
 */
export function chooseLanguage(input: { account?: string | null; cookie?: string; acceptLanguage?: string }): PageLanguage {
  if (isSiteLanguage(input.account)) return input.account;
  if (input.cookie === PSEUDO_LANGUAGE || isSiteLanguage(input.cookie)) return input.cookie;
  return bestAcceptedLanguage(input.acceptLanguage ?? "") ?? "en";
}

/**
 * The first of SITE_LANGUAGES in `Accept-Language` order (RFC 9110 §12.5.4: by q, highest
 * first; equal q keeps the header's order; q=0 means "not this"). A tag matches by its primary
 * subtag, so `pt-BR`, `pt-PT` and `pt` all choose `pt`; `*` chooses nothing (English follows).
 */
export function bestAcceptedLanguage(header: string): SiteLanguage | null {
  const ranked = header
    .split(",")
    .slice(0, 30)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.primary).find(isSiteLanguage) ?? null;
}
