/**
 * The languages whose catalogues this process holds, and their words. The server holds every bundle of every language
 * (server/i18n.ts); a browser holds the page's language only, and of it the bundles its pages have needed so far
 * (common/i18n/bundles.ts): app/entry.client.tsx loads the first page's before it hydrates, and a page that needs
 * another suspends while it loads.
 */
import type { Locale } from "../locales.ts";
import { type Bundle, bundleOf } from "./bundles.ts";
import { type Messages, translator, type Words } from "./translate.ts";

type Held = { words: Words; messages: Partial<Messages>; bundles: Set<Bundle> };

const held = new Map<Locale, Held>();

/** The locale of Intl's formats: English writes numbers and dates as the seed does, the British way ("4 August 2026"). */
const FORMAT_LOCALES: Record<Locale, string> = { en: "en-GB", fr: "fr-FR", es: "es-ES" };

/** Told of each bundle a message is read from (the server lists a page's in its HTML); loads a bundle a browser lacks. */
let onRead: ((bundle: Bundle) => void) | undefined;
let loadMissing: ((locale: Locale, bundle: Bundle) => Promise<void>) | undefined;

export function watchBundles(watcher: {
  read?: (bundle: Bundle) => void;
  load?: (locale: Locale, bundle: Bundle) => Promise<void>;
}) {
  onRead = watcher.read;
  loadMissing = watcher.load;
}

const loading = new Map<string, Promise<void>>();

/** A message of a bundle not held yet: React waits for it (a thrown promise suspends the render), once per bundle. */
function missing(locale: Locale, key: string): never {
  const bundle = bundleOf(key);
  if (!loadMissing) throw new Error(`The ${locale} catalogue has no message ${key}`);
  const id = `${locale}/${bundle}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = loadMissing(locale, bundle);
    loading.set(id, promise);
  }
  throw promise;
}

/** Adds a bundle of `locale`'s messages to what this process holds. */
export function holdMessages(locale: Locale, bundle: Bundle, messages: Partial<Messages>) {
  let entry = held.get(locale);
  if (!entry) {
    const numbers = new Intl.NumberFormat(FORMAT_LOCALES[locale]);
    // Read as a UTC calendar day, so the server and every browser's time zone print the same day.
    const days = new Intl.DateTimeFormat(FORMAT_LOCALES[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const shortDays = new Intl.DateTimeFormat(FORMAT_LOCALES[locale], {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    const lists = new Intl.ListFormat(FORMAT_LOCALES[locale], { type: "conjunction" });
    const all: Partial<Messages> = {};
    const t = translator((key) => {
      onRead?.(bundleOf(key));
      return (all[key] as ((values: never) => string) | undefined) ?? missing(locale, key);
    });
    entry = {
      messages: all,
      bundles: new Set(),
      words: {
        locale,
        t,
        number: (value) => numbers.format(value),
        longDate: (isoDate) => days.format(new Date(`${isoDate}T00:00:00Z`)),
        shortDate: (isoDate) => shortDays.format(new Date(`${isoDate}T00:00:00Z`)),
        list: (items) => lists.format(items),
      },
    };
    held.set(locale, entry);
  }
  if (entry.bundles.has(bundle)) return;
  Object.assign(entry.messages, messages);
  entry.bundles.add(bundle);
}

/** The words of `locale`, which this process must hold. */
export function wordsFor(locale: Locale): Words {
  const entry = held.get(locale);
  if (!entry) throw new Error(`The ${locale} catalogue is not loaded`);
  return entry.words;
}
