/**
 * The languages whose catalogues this process holds, and their words. The server holds every language
 * (server/i18n.ts); a browser holds only the page's own, which app/entry.client.tsx loads before it hydrates.
 */
import type { Locale } from "../locales.ts";
import { type Messages, translator, type Words } from "./translate.ts";

const held = new Map<Locale, Words>();

export function holdMessages(locale: Locale, messages: Messages) {
  if (!held.has(locale)) held.set(locale, { locale, t: translator(messages) });
}

/** The words of `locale`, which this process must hold. */
export function wordsFor(locale: Locale): Words {
  const words = held.get(locale);
  if (!words) throw new Error(`The ${locale} catalogue is not loaded`);
  return words;
}
