/** What the lists read from their URLs: a page, /tools' sorts and filters, /tags, /my-tools. */
import { z } from "#common/zod.ts";
import {
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  PAYMENT_TYPES,
  TOOL_SORTS,
  type ToolSort,
  type VerifiedWithinDays,
} from "../constants.ts";
import type { Cursor, CursorKey } from "../cursor.ts";
import { MESSAGES } from "../messages.ts";
import { LICENCE_KINDS } from "../repository.ts";
import { analyticsRangeParam, cursorParam, slugField, toolIdParam, toolListCursorParam } from "./fields.ts";

/** A page of a list: where to continue from and how many. */
export const pageQuery = z.object({
  cursor: cursorParam,
  limit: z.coerce
    .number({ message: `limit must be a number from 1 to ${MAX_PAGE_SIZE}` })
    .int()
    .min(1, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});

export type PageQuery = z.infer<typeof pageQuery>;

/** Whether `cursor` is one a list in `sort` order made: by name its key is a text, in the other orders a number. */
export function cursorFitsSort(sort: ToolSort, cursor: Cursor<CursorKey>): boolean {
  return (typeof cursor.key === "string") === (sort === "name");
}

/** A GET form sends an unset select as an empty value: it means no filter. */
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** The filters of /tools, in the URL so every filtered view can be linked to and crawled. */
const toolListFields = pageQuery.extend({
  cursor: toolListCursorParam,
  sort: z.preprocess(
    emptyAsUnset,
    z.enum(TOOL_SORTS, { message: `sort must be one of ${TOOL_SORTS.join(", ")}` }).default("newest"),
  ),
  category: z.preprocess(
    emptyAsUnset,
    slugField({ error: () => "category must be a category's address, such as design" }).optional(),
  ),
  tag: z.preprocess(emptyAsUnset, slugField({ error: () => "tag must be a tag such as open-source" }).optional()),
  payment: z.preprocess(
    emptyAsUnset,
    z.enum(PAYMENT_TYPES, { message: `payment must be one of ${PAYMENT_TYPES.join(", ")}` }).optional(),
  ),
});

/**
 * The facets a visitor narrows a list with: the list's filters plus featured ("1"), verified (7 or 30 days), a licence
 * kind and self-hostable ("1"; decision 060).
 */
const facetFields = toolListFields.extend({
  featured: z.preprocess(emptyAsUnset, z.enum(["1"], { message: "featured must be 1 or left out" }).optional()),
  licence: z.preprocess(
    emptyAsUnset,
    z.enum(LICENCE_KINDS, { message: `licence must be one of ${LICENCE_KINDS.join(", ")}` }).optional(),
  ),
  selfHostable: z.preprocess(emptyAsUnset, z.enum(["1"], { message: "selfHostable must be 1 or left out" }).optional()),
  verified: z.preprocess(
    emptyAsUnset,
    z
      .enum(["7", "30"], { message: "verified must be 7 or 30 (days)" })
      .transform((days) => Number(days) as VerifiedWithinDays)
      .optional(),
  ),
});

/** A cursor another order made (a name's in a list by views) is refused as a cursor we did not make. */
const cursorOfSort = ({ sort, cursor }: { sort: ToolSort; cursor: Cursor<CursorKey> | null }) =>
  !cursor || cursorFitsSort(sort, cursor);
const cursorOfSortIssue = { error: () => MESSAGES.page.invalidCursor, path: ["cursor"] };

/** /tools' facets. */
export const facetQuery = facetFields.refine(cursorOfSort, cursorOfSortIssue);

export type FacetQuery = z.infer<typeof facetQuery>;

/** A category's own page fixes that facet: its parameter is not read there. */
export const categoryFacetQuery = facetFields.omit({ category: true }).refine(cursorOfSort, cursorOfSortIssue);

/** A tag's own page fixes that facet: its parameter is not read there. */
export const tagFacetQuery = facetFields.omit({ tag: true }).refine(cursorOfSort, cursorOfSortIssue);

/** Search results (/search/{text}): the same facets, in the search's own order (relevance), paged by its rank cursor. */
export const searchFacetQuery = facetFields.omit({ sort: true }).extend({ cursor: cursorParam });

export type SearchFacetQuery = z.infer<typeof searchFacetQuery>;

/** A page of a licence's tools (/licence/{id}), newest first: a cursor of that order, its key a time. */
export const licenceToolsQuery = z
  .object({ cursor: toolListCursorParam })
  .refine(({ cursor }) => !cursor || cursorFitsSort("newest", cursor), cursorOfSortIssue);

/** Tags per page of /tags: a cloud this size is still quick to scan. */
export const TAG_PAGE_SIZE = 200;

/** A page of /searches: the most searched texts, a page at a time. */
export const searchesQuery = pageQuery.omit({ limit: true });

/** A page of /tags. */
export const tagListQuery = z.object({ cursor: cursorParam });

export type TagListQuery = z.infer<typeof tagListQuery>;

/**
 * /my-tools: a page of the user's tools; after a submission, `submitted` names the new tool (a bad id is ignored);
 * `days` is the range of the tools' figures.
 */
export const myToolsQuery = pageQuery.extend({
  submitted: toolIdParam.optional().catch(undefined),
  days: analyticsRangeParam,
});
