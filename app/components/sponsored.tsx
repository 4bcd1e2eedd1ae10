/**
 * The ads running this week (decision 064), as the root loader reads them: the sticky banner, the home page's card and
 * the slot of tool pages and lists. Each says "Sponsored"; its link goes through /sponsored/{id}, which counts the click
 * and leads on, marked rel="sponsored". An ad shown is counted by the browser, as a page view is: no cookie, and a page
 * served from the cache counts too. An ad's text is text, never HTML.
 */
import { useEffect } from "react";
import { SPONSOR_VIEW_EVENT } from "#common/constants.ts";
import { advertisePath, sponsoredLinkPath } from "#common/page-paths.ts";
import type { Placement } from "#common/sponsors.ts";
import type { RunningAd } from "#server/payments/sponsors.ts";
import { trackEvent } from "../analytics.ts";
import { useT } from "../i18n.tsx";
import { useRootData } from "../root-data.ts";
import { Link } from "./link.tsx";

/** Counts the ad as shown, once per page it is shown on. */
function useAdView(id: string) {
  useEffect(() => {
    trackEvent(SPONSOR_VIEW_EVENT, { props: { sponsorship: id } });
  }, [id]);
}

function SponsoredLabel({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <span className={`text-[0.65rem] font-semibold tracking-wide uppercase ${className}`}>{t("layout.sponsored")}</span>
  );
}

/** The ad's text as its link: through the counting address, marked as paid for, in a new tab. */
function SponsoredLink({ ad, className }: { ad: RunningAd; className: string }) {
  return (
    <a href={sponsoredLinkPath(ad.id)} target="_blank" rel="sponsored noopener" className={className}>
      {ad.text}
    </a>
  );
}

/** The banner's sponsor, in the operator's banner's place. */
export function SponsoredBanner({ ad }: { ad: RunningAd }) {
  const t = useT();
  useAdView(ad.id);
  return (
    <aside
      aria-label={t("layout.sponsored")}
      data-testid="sponsored-banner"
      className="flex h-[var(--height-promo)] items-center justify-center gap-2 bg-slate-900 px-4 text-center text-xs/4 font-medium text-white sm:text-sm dark:bg-brand-100 dark:text-brand-900"
    >
      <SponsoredLabel className="rounded bg-white/15 px-1.5 py-0.5 dark:bg-brand-900/15" />
      <SponsoredLink ad={ad} className="line-clamp-2 hover:underline" />
    </aside>
  );
}

/** A sponsor's card, among tool cards (the home page's featured grid) or in a tool page's or a list's slot. */
export function SponsoredCard({ ad, testId }: { ad: RunningAd; testId: string }) {
  useAdView(ad.id);
  const host = hostOf(ad.url);
  return (
    <article data-testid={testId} className="card relative">
      <div className="card-head">
        {ad.logo ? (
          <img src={ad.logo} alt="" width={48} height={48} loading="lazy" className="card-logo" />
        ) : (
          <span
            aria-hidden="true"
            className="card-logo flex items-center justify-center bg-brand-50 text-lg font-bold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
          >
            {host.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="card-title min-w-0">
          <SponsoredLabel className="text-slate-500" />
          <p className="truncate text-sm text-slate-600">{host}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-800">
        <SponsoredLink ad={ad} className="font-medium after:absolute after:inset-0 hover:underline" />
      </p>
    </article>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * A card's place for sponsors (the home page's grid, a tool page's or a list's slot): this week's ad, or, while nobody
 * bought the week and the placement is on sale, the operator's own card, which leads to buying it. The same for every
 * visitor.
 */
export function SponsorSlot({
  placement,
  testId,
}: {
  placement: Exclude<Placement, "banner" | "newsletter">;
  testId: string;
}) {
  const { ads, placementsOnSale } = useRootData();
  const ad = ads[placement];
  if (ad) return <SponsoredCard ad={ad} testId={testId} />;
  return placementsOnSale.includes(placement) ? <HouseCard placement={placement} /> : null;
}

/** Whether a slot shows something: an ad, or the operator's own card. */
export function useHasSponsorSlot(placement: Exclude<Placement, "banner" | "newsletter">): boolean {
  const { ads, placementsOnSale } = useRootData();
  return Boolean(ads[placement]) || placementsOnSale.includes(placement);
}

/** The operator's own card in a slot nobody bought this week: it says the place is for sale, and where to buy it. */
function HouseCard({ placement }: { placement: Placement }) {
  const t = useT();
  return (
    <article data-testid="house-ad" className="card relative border-dashed">
      <div className="card-head">
        <span
          aria-hidden="true"
          className="card-logo flex items-center justify-center bg-brand-50 text-lg font-bold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
        >
          +
        </span>
        <div className="card-title min-w-0">
          <p className="font-semibold text-slate-900">
            <Link to={advertisePath(placement)} className="after:absolute after:inset-0 hover:underline">
              {t("layout.houseLabel")}
            </Link>
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t("layout.houseText")}</p>
    </article>
  );
}
