/**
 * The promotional banner at the top of every page (SPEC section 1); its text and link come from the config. From
 * 1024 px on it is sticky and 3.2rem high; on a phone it is slimmer and scrolls away, leaving the screen to the page.
 */
export function PromoBanner({ text, url }: { text: string; url?: string }) {
  if (!text) return null;
  return (
    // A landmark of its own, so that nothing on the page sits outside one (axe's "region" rule).
    <aside aria-label="Announcement" className="z-50 flex h-10 items-center justify-center bg-slate-900 px-4 text-center text-xs font-medium text-white lg:sticky lg:top-0 lg:h-[var(--height-promo)] lg:text-sm dark:bg-brand-100 dark:text-brand-900">
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
