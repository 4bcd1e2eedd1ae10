/**
 * The promotional banner at the top of every page (docs/product.md §1); its text and link come from the settings. It is
 * 3.2rem high at every width and sticks, with the navigation bar, in the root's sticky stack; on a phone its type is
 * smaller, and a text longer than two lines ends in an ellipsis.
 */
import { SEED_PROMO_TEXT } from "#common/constants.ts";
import { useT } from "../i18n.tsx";

export function PromoBanner({ text: given, url }: { text: string; url?: string }) {
  const t = useT();
  if (!given) return null;
  // The seed's words are said in the page's language; an operator's own words stay as they wrote them.
  const text = given === SEED_PROMO_TEXT ? t("layout.seedPromo") : given;
  return (
    // A landmark of its own, so that nothing on the page sits outside one (axe's "region" rule).
    <aside
      aria-label={t("layout.announcement")}
      className="flex h-[var(--height-promo)] items-center justify-center bg-slate-900 px-4 text-center text-xs/4 font-medium text-white sm:text-sm dark:bg-brand-100 dark:text-brand-900"
    >
      {url ? (
        <a href={url} target="_blank" rel="noopener sponsored" className="line-clamp-2 hover:underline">
          {text}
        </a>
      ) : (
        <p className="line-clamp-2">{text}</p>
      )}
    </aside>
  );
}
