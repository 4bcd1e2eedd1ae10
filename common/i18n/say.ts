/**
 * `say`: a message in the language of whoever is being answered, for code that is not a component (the domain's
 * errors, common/messages.ts). On the server that is the request's language (server/i18n.ts keeps it for the
 * request's duration); in a browser, the page's.
 */
import type { Locale } from "../locales.ts";
import type { MessageKey, MessageValues, PlainKey, Words } from "./translate.ts";
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

const FIXED = Symbol("fixed message");
/** `t` for a key and values checked where they were named (`fixed`). */
type ValuedTranslate = (key: MessageKey, values?: unknown) => string;

/** A message whose values are known where it is named: `fixed("auth.weakPassword", { min: MIN_PASSWORD_LENGTH })`. */
export type FixedMessage = { readonly [FIXED]: true; readonly key: MessageKey; readonly values: unknown };

export function fixed<Key extends MessageKey>(
  key: Key,
  ...values: MessageValues[Key] extends undefined ? [] : [MessageValues[Key]]
): FixedMessage {
  return { [FIXED]: true, key, values: values[0] };
}

/**
 * A message without values, said under its own path's key: `notFound: plain` in the `page` domain says "page.notFound".
 */
export const plain = Symbol("plain message");
type Plain = typeof plain;

/** Named messages, by domain: a plain message, a fixed one, or a function of what it says. */
type MessageSpec = {
  readonly [name: string]: Plain | FixedMessage | ((...args: never[]) => string) | MessageSpec;
};

/** `Spec` with each plain message checked against the catalogue: a path that is no key names what is missing. */
type CheckedSpec<Spec, Prefix extends string> = {
  readonly [Name in keyof Spec]: Spec[Name] extends Plain
    ? `${Prefix}${Name & string}` extends PlainKey
      ? Plain
      : `no message without values is keyed ${Prefix}${Name & string}`
    : Spec[Name] extends FixedMessage | ((...args: never[]) => string)
      ? Spec[Name]
      : CheckedSpec<Spec[Name], `${Prefix}${Name & string}.`>;
};

export type SaidMessages<Spec> = {
  readonly [Name in keyof Spec]: Spec[Name] extends Plain | FixedMessage
    ? string
    : Spec[Name] extends (...args: never[]) => string
      ? Spec[Name]
      : SaidMessages<Spec[Name]>;
};

/**
 * The messages `spec` names, each said when it is read: a plain or a fixed message is its sentence in the language of
 * whoever is being answered at that moment (`say`); a function says its own.
 */
export function messagesOf<const Spec extends MessageSpec>(spec: CheckedSpec<Spec, "">): SaidMessages<Spec> {
  return saidUnder(spec as unknown as MessageSpec, "") as SaidMessages<Spec>;
}

function saidUnder(spec: MessageSpec, prefix: string): Record<string, unknown> {
  const said: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(spec)) {
    if (entry === plain) {
      const key = `${prefix}${name}` as PlainKey;
      Object.defineProperty(said, name, { enumerable: true, get: () => say(key) });
    } else if (FIXED in entry) {
      const { key, values } = entry;
      Object.defineProperty(said, name, {
        enumerable: true,
        get: () => (currentWords().t as ValuedTranslate)(key, values),
      });
    } else if (typeof entry === "function") said[name] = entry;
    else said[name] = saidUnder(entry, `${prefix}${name}.`);
  }
  return said;
}
