/** Builds complete new tool rows: the seed, the benchmark, the tests and the submission form all make tools through it. */
import { DEFAULT_PAYMENT_TYPE } from "#common/constants.ts";
import { createId, toolKeywords, toolSlug } from "#common/ids.ts";
import { canonicalWebsite, registrableDomain, websiteDomain } from "#common/tool-input.ts";
import type { tools } from "../../db/schema.ts";

export type NewToolRow = typeof tools.$inferInsert;

export type ToolRowInput = Omit<Partial<NewToolRow>, "id" | "slug" | "keywords"> & { name: string; website: string };

/** A complete new tool row from what a person provides: id, slug, keywords, website domain and dates follow docs/product.md §3. */
export function buildToolRow(input: ToolRowInput, now: Date = new Date()): NewToolRow & { id: string; slug: string } {
  const createdAt = input.createdAt ?? now;
  const id = createId("t", createdAt);
  return {
    paymentType: DEFAULT_PAYMENT_TYPE,
    isActive: true,
    isVerified: false,
    ...input,
    id,
    slug: toolSlug(input.name, id),
    keywords: toolKeywords(input.name),
    websiteDomain: input.websiteDomain || websiteDomain(input.website),
    canonicalWebsite: input.canonicalWebsite || (canonicalWebsite(input.website) ?? ""),
    registrableDomain: input.registrableDomain || (registrableDomain(input.website) ?? ""),
    createdAt,
    updatedAt: input.updatedAt ?? createdAt,
  };
}
