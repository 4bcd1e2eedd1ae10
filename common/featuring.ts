/**
 * Paid featuring (docs/decisions/040-paid-featuring.md): what is for sale, and prices as people read them. Amounts are
 * kept as Stripe counts them, in the currency's smallest unit (cents); a person types and reads them in its main unit.
 */
import { currentWords, say } from "./i18n/say.ts";

/**
 * What the operator may sell: skipping the verification queue, a period on the home page's Featured section, and a
 * monthly subscription that keeps a tool there until it is cancelled.
 */
export const OFFER_KINDS = ["skip-line", "featured", "featured-monthly"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** An offer's name in the language of whoever is being answered: "Skip the waiting line". */
export function offerName(kind: OfferKind): string {
  return kind === "skip-line"
    ? say("offer.skipLine")
    : kind === "featured"
      ? say("offer.featured")
      : say("offer.featuredMonthly");
}

/** How many tools may be featured at once until the operator says otherwise. */
export const DEFAULT_FEATURED_PLACES = 6;
export const MAX_FEATURED_PLACES = 100;
export const MAX_FEATURED_DAYS = 365;
/** The maker is e-mailed this long before their featuring ends. */
export const FEATURING_REMINDER_DAYS = 3;

/** Stripe's currencies without a minor unit (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);
/** Stripe's currencies with three decimals (their amounts must end in 0, which two typed decimals ensure). */
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** How many of the smallest unit make one of the main unit. */
export function minorUnitsPerMain(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 1;
  return THREE_DECIMAL.has(currency) ? 1000 : 100;
}

/** "29.50" in `currency` as Stripe counts it (2950), or null when it is not such an amount. */
export function parseAmount(text: string, currency: string): number | null {
  const decimals = ZERO_DECIMAL.has(currency) ? 0 : 2;
  const pattern = decimals === 0 ? /^\d{1,9}$/ : /^\d{1,9}(\.\d{1,2})?$/;
  if (!pattern.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return decimals === 0 ? Number(whole) : (cents * minorUnitsPerMain(currency)) / 100;
}

/** An amount as a person reads it, in their language: "$29.50", "€12.00", "¥500" in English, "29,50 €" in French. */
export function formatAmount(amount: number, currency: string): string {
  const value = amount / minorUnitsPerMain(currency);
  const { locale } = currentWords();
  try {
    return new Intl.NumberFormat(locale === "en" ? "en-US" : locale, {
      style: "currency",
      currency: currency.toUpperCase(),
    }).format(value);
  } catch {
    return `${value} ${currency.toUpperCase()}`;
  }
}

/** An amount as typed in the console's form: "29.50", "500". */
export function amountInput(amount: number, currency: string): string {
  const per = minorUnitsPerMain(currency);
  return per === 1 ? String(amount) : (amount / per).toFixed(2);
}

/** What a purchase is, in a few words: "Featured on the home page for 7 days". */
export function purchaseName(kind: string, days: number | null): string {
  if (kind === "featured" && days) return say("offer.featuredFor", { days });
  if (kind === SPONSOR_PURCHASE) return say("offer.sponsor");
  return isOfferKind(kind) ? offerName(kind) : kind;
}

function isOfferKind(kind: string): kind is OfferKind {
  return (OFFER_KINDS as readonly string[]).includes(kind);
}

/** The kind of a sponsor's purchase (decision 064): an ad for some weeks. */
export const SPONSOR_PURCHASE = "sponsor";

/** The kind of a payment's entry in a user's payments list (docs/product.md §3), beside decision 005's requests. */
export const FEATURING_PAYMENT = "featuring-payment";
/** The kind of a featuring an admin granted for free. */
export const FEATURING_GRANT = "featuring-grant";
