/**
 * The languages whose catalogues this process holds, and their words. The server holds every language
 * (server/i18n.ts); a browser holds only the page's own, which app/entry.client.tsx loads before it hydrates.
 */
import type { Locale } from "../locales.ts";
import { type Messages, translator, type Words } from "./translate.ts";

const held = new Map<Locale, Words>();

/** The locale of Intl's formats: English writes numbers and dates as the seed does, the British way ("4 August 2026"). */
const FORMAT_LOCALES: Record<Locale, string> = { en: "en-GB", fr: "fr-FR", es: "es-ES" };

export function holdMessages(locale: Locale, messages: Messages) {
  if (held.has(locale)) return;
  const numbers = new Intl.NumberFormat(FORMAT_LOCALES[locale]);
  // Read as a UTC calendar day, so the server and every browser's time zone print the same day.
  const days = new Intl.DateTimeFormat(FORMAT_LOCALES[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const lists = new Intl.ListFormat(FORMAT_LOCALES[locale], { type: "conjunction" });
  held.set(locale, {
    locale,
    t: translator(messages),
    number: (value) => numbers.format(value),
    longDate: (isoDate) => days.format(new Date(`${isoDate}T00:00:00Z`)),
    list: (items) => lists.format(items),
  });
}

/** The words of `locale`, which this process must hold. */
export function wordsFor(locale: Locale): Words {
  const words = held.get(locale);
  if (!words) throw new Error(`The ${locale} catalogue is not loaded`);
  return words;
}
