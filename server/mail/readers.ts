/**
 * The language an e-mail is written in (decision 053): its reader's, whoever's action sent it. A verifier's French
 * request that approves a tool mails its English maker in English. A person's language is the one on their profile
 * while the site offers it, else the site's default; the operator's notices are in the default.
 */
import { eq } from "drizzle-orm";
import type { Words } from "#common/i18n/translate.ts";
import { isLocale, type Locale, localizedPath, type SiteLocales } from "#common/locales.ts";
import type { Database, Transaction } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { inLocale, wordsFor } from "../i18n.ts";
import type { Effect } from "../outbox/effects.ts";

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
  /**
   * The mail `key` to the user `userId`, written in their language and read in the change's transaction, as an outbox
   * effect: none when there is no such user or they have no address any more.
   */
  mailTo(
    executor: Database | Transaction,
    userId: string | null,
    key: string,
    compose: (words: ReaderWords) => { subject: string; text: string },
  ): Promise<Effect[]>;
  /** A notice to the operator (the messaging bot), written in the site's default language whoever's request sends it. */
  notice(key: string, compose: (words: ReaderWords) => { title: string; text: string }): Effect;
};

export function readers({ siteUrl, ...site }: SiteLocales & { siteUrl: string }): Readers {
  const localeOf = (chosen: string | null | undefined): Locale =>
    isLocale(chosen) && site.locales.includes(chosen) ? chosen : site.defaultLocale;
  function write<Result>(chosen: string | null | undefined, compose: (words: ReaderWords) => Result): Result {
    const locale = localeOf(chosen);
    return inLocale(locale, () =>
      compose({ ...wordsFor(locale), url: (path) => `${siteUrl}${localizedPath(locale, path, site)}` }),
    );
  }
  return {
    localeOf,
    write,
    async mailTo(executor, userId, key, compose) {
      if (!userId) return [];
      const [user] = await executor
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return user?.email ? [{ channel: "mail", key, payload: { to: user.email, ...write(user.locale, compose) } }] : [];
    },
    notice: (key, compose) => ({ channel: "notice", key, payload: write(null, compose) }),
  };
}
