/**
 * Turns a compiled catalogue into `t`, the one function every screen, e-mail and answer is written through:
 * t("nav.categories"), t("tools.count", { count }). The keys and each message's values are typed from the English
 * catalogue (common/i18n/compiled/types.ts).
 */
import type { Locale } from "../locales.ts";
import type { MessageKey, Messages, MessageValues } from "./compiled/types.ts";

export type { MessageKey, Messages, MessageValues };

/** The keys of messages that take no value, such as labels a table or a list names by key. */
export type PlainKey = { [Key in MessageKey]: MessageValues[Key] extends undefined ? Key : never }[MessageKey];

export type Translate = <Key extends MessageKey>(
  key: Key,
  ...values: MessageValues[Key] extends undefined ? [] : [MessageValues[Key]]
) => string;

/**
 * A language's words: its code, `t`, and its way of writing numbers ("1,204", "1 204"), calendar days ("4 August
 * 2026", "4 août 2026") and lists ("Design and Hosting", "Design et Hosting").
 */
/**
 * What a page, a mail or a command says in one language: its messages, and its numbers ("1 204" in French), calendar
 * days ("4 août 2026"; `shortDate`: "4 août") and lists written as that language writes them. The one home of formats.
 */
export type Words = {
  locale: Locale;
  t: Translate;
  number: (value: number) => string;
  longDate: (isoDate: string) => string;
  shortDate: (isoDate: string) => string;
  list: (items: string[]) => string;
};

/** `t` over a catalogue: `messageOf` finds a key's compiled message. */
export function translator(messageOf: (key: MessageKey) => (values: never) => string): Translate {
  return ((key: MessageKey, values?: never) => messageOf(key)(values as never)) as Translate;
}
