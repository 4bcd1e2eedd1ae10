/** Why a tool is among another's alternatives, in a few words (decision 059): "Shares 3 tags: analytics, privacy, gdpr". */
import type { Words } from "#common/i18n/translate.ts";
import type { Alternative } from "#server/tools/read/alternatives.ts";
import { LICENCE_KIND_KEYS } from "./fact-words.ts";

/** The tags named at most; the count says how many they share in all. */
const NAMED_TAGS = 3;

export function alternativeReason(
  { t, list }: Words,
  categories: { id: string; label: string }[],
  alternative: Pick<
    Alternative,
    "sharedCategoryIds" | "sharedTags" | "sharedWords" | "sharesLicenceKind" | "licenceKind"
  >,
): string {
  const parts: string[] = [];
  const { sharedTags, sharedCategoryIds, sharedWords, sharesLicenceKind, licenceKind } = alternative;
  if (sharedTags.length > 0) {
    const named = sharedTags.slice(0, NAMED_TAGS);
    const tags = sharedTags.length > NAMED_TAGS ? `${named.join(", ")}…` : list(named);
    parts.push(t("alternatives.whyTags", { count: sharedTags.length, tags }));
  }
  const labels = categories.filter((category) => sharedCategoryIds.includes(category.id)).map((c) => c.label);
  if (labels.length > 0) parts.push(t("alternatives.whyCategories", { categories: list(labels) }));
  if (parts.length === 0 && sharedWords > 0) parts.push(t("alternatives.whyWords", { count: sharedWords }));
  if (sharesLicenceKind && licenceKind)
    parts.push(t("alternatives.whyLicence", { kind: t(LICENCE_KIND_KEYS[licenceKind]) }));
  return parts.join(" · ");
}
