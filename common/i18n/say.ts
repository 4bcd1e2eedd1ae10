/**
 * `say`: a message in the language of whoever is being answered, for code that is not a component (the domain's
 * errors, common/messages.ts). On the server that is the request's language (server/i18n.ts keeps it for the
 * request's duration); in a browser, the page's.
 */
import type { Locale } from "../locales.ts";
import type { MessageKey, MessageValues, Words } from "./translate.ts";
import { wordsFor } from "./words.ts";

let currentLocale: () => Locale = () => "en";

/** Where `say` reads the language from: the request being served, or the page. */
export function readLocaleFrom(source: () => Locale) {
  currentLocale = source;
}

/** The words (numbers, dates, lists) of whoever is being answered. */
export function currentWords(): Words {
  return wordsFor(currentLocale());
}

export function say<Key extends MessageKey>(
  key: Key,
  ...values: MessageValues[Key] extends undefined ? [] : [MessageValues[Key]]
): string {
  return currentWords().t(key, ...values);
}
