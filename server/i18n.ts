/**
 * Every language's catalogue, for the server, and the language of the request being served: pages, answers and
 * errors are written in it (`say`), e-mails in their reader's. The store is shared by the server's two bundles (the
 * server's own and React Router's), which each hold a copy of this module.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import en from "#common/i18n/compiled/en.js";
import es from "#common/i18n/compiled/es.js";
import fr from "#common/i18n/compiled/fr.js";
import { readLocaleFrom } from "#common/i18n/say.ts";
import { holdMessages } from "#common/i18n/words.ts";
import type { Locale } from "#common/locales.ts";

holdMessages("en", en);
holdMessages("fr", fr);
holdMessages("es", es);

const STORE = Symbol.for("indie-tools.request-locale");
const requestLocale_: AsyncLocalStorage<Locale> = ((globalThis as Record<symbol, unknown>)[STORE] ??= new AsyncLocalStorage<Locale>()) as AsyncLocalStorage<Locale>;
readLocaleFrom(() => requestLocale_.getStore() ?? "en");

/** The language of the request being served (its page's, or the one its client accepts); undefined outside a request. */
export function requestLocale(): Locale | undefined {
  return requestLocale_.getStore();
}

/** Runs `work` in `locale`: every message it says is in that language. */
export function inLocale<Result>(locale: Locale, work: () => Result): Result {
  return requestLocale_.run(locale, work);
}

export { wordsFor } from "#common/i18n/words.ts";
