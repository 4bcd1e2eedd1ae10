/** The root loader's data (config, session, categories, top-lists), for any component of the layout. */
import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "#common/access.ts";
import type { Locale } from "#common/locales.ts";
import type { UserToolLink } from "#server/auth/sessions.ts";
import type { PublicConfig } from "#server/config.ts";
import type { TopListLink } from "#server/content/top-lists.ts";
import type { RunningAd } from "#server/payments/sponsors.ts";
import type { Placement } from "#common/sponsors.ts";

/** What the root loader (root.tsx) gives every page of the layout. */
export type RootData = {
  config: PublicConfig;
  user: SessionUser | null;
  /** The tools the user is linked to, for their menu. */
  userTools: UserToolLink[];
  /** Every heart on every page reads this list (docs/decisions/006-favourite-hearts.md). */
  favoriteToolIds: string[];
  /** The favourites whose like does not count yet, which the person's own view counts (decision 042). */
  waitingLikeIds: string[];
  /** While the account is younger than a day, when its likes start to count. */
  likesCountFrom: string | null;
  /** What the signed-in person follows: "category:<id>" and "tag:<tag>" (decision 044). */
  follows: string[];
  categories: { id: string; label: string; slug: string }[];
  topLists: TopListLink[];
  /** The ads running this week, by placement (decision 064): the same for everyone, kept with the page. */
  ads: Partial<Record<Placement, RunningAd>>;
  /** The placements a sponsor can book: a slot without an ad shows the operator's card that sells it. */
  placementsOnSale: Placement[];
  /** The language of the page (decision 053). */
  locale: Locale;
};

/** Undefined only while an error page renders without the root loader's data. */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}
