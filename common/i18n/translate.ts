/**
 * Turns a compiled catalogue into `t`, the one function every screen, e-mail and answer is written through:
 * t("nav.categories"), t("tools.count", { count }). The keys and each message's values are typed from the English
 * catalogue (common/i18n/compiled/types.ts).
 */
import type { Locale } from "../locales.ts";
import type { MessageKey, Messages, MessageValues } from "./compiled/types.ts";

export type { MessageKey, Messages, MessageValues };

export type Translate = <Key extends MessageKey>(key: Key, ...values: MessageValues[Key] extends undefined ? [] : [MessageValues[Key]]) => string;

/** A language's words: its code and `t`. */
export type Words = { locale: Locale; t: Translate };

export function translator(messages: Messages): Translate {
  return ((key: MessageKey, values?: never) => messages[key](values as never)) as Translate;
}
