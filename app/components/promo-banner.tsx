/** The sticky promotional banner at the top of every page (SPEC section 1), 3.2rem high; its text and link come from the config. */
export function PromoBanner({ text, url }: { text: string; url?: string }) {
  if (!text) return null;
  return (
    // A landmark of its own, so that nothing on the page sits outside one (axe's "region" rule).
    <aside aria-label="Announcement" className="sticky top-0 z-50 flex h-[var(--height-promo)] items-center justify-center bg-slate-900 px-4 text-center text-sm font-medium text-white dark:bg-brand-100 dark:text-brand-900">
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
