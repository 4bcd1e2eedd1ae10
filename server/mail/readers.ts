/**
 * The language an e-mail is written in (decision 053): its reader's, whoever's action sent it. A verifier's French
 * request that approves a tool mails its English maker in English. A person's language is the one on their profile
 * while the site offers it, else the site's default.
 */
import type { Words } from "#common/i18n/translate.ts";
import { isLocale, type Locale, localizedPath, type SiteLocales } from "#common/locales.ts";
import { inLocale, wordsFor } from "../i18n.ts";

/** What a mail is written with: the reader's words, and the site's addresses in the reader's language. */
export type ReaderWords = Words & { url: (path: string) => string };

export type Readers = {
  /** The language of a person whose profile names `chosen` (null for someone without an account, or not set). */
  localeOf(chosen: string | null | undefined): Locale;
  /**
   * Writes a mail for a person whose profile names `chosen`: `compose` runs in their language, so what it says and
   * every message of common/messages.ts it reads are theirs, and `url` leads to the site's pages in that language.
   */
  write<Result>(chosen: string | null | undefined, compose: (words: ReaderWords) => Result): Result;
};

export function readers({ siteUrl, ...site }: SiteLocales & { siteUrl: string }): Readers {
  const localeOf = (chosen: string | null | undefined): Locale => (isLocale(chosen) && site.locales.includes(chosen) ? chosen : site.defaultLocale);
  return {
    localeOf,
    write(chosen, compose) {
      const locale = localeOf(chosen);
      return inLocale(locale, () => compose({ ...wordsFor(locale), url: (path) => `${siteUrl}${localizedPath(locale, path, site)}` }));
    },
  };
}
