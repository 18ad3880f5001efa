import type { FastifyRequest } from "fastify";
import { LANGUAGE_COOKIE, PSEUDO_LANGUAGE, type SiteLanguage } from "@site/contract";
import { chooseLanguage } from "../lib/site-language.js";

/**
 * The language server-made texts (notifications, mails) are rendered in for a reader (#21 §3):
 * the account's `users.language` when set, else the request's language by the pages' rule
 * (`lang` cookie, then Accept-Language; lib/site-language.ts), else English. The pseudo-locale
 * is a layout test of the web's catalogue only: the server's texts read it as English.
 */
export function readerLanguage(input: { account?: string | null; cookie?: string; acceptLanguage?: string }): SiteLanguage {
  const lang = chooseLanguage(input);
  return lang === PSEUDO_LANGUAGE ? "en" : lang;
}

/** `readerLanguage` of a request (its cookie and Accept-Language), with the account's setting when known. */
export function requestLanguage(req: FastifyRequest, account?: string | null): SiteLanguage {
  return readerLanguage({ account, cookie: req.cookies[LANGUAGE_COOKIE], acceptLanguage: req.headers["accept-language"] });
}
