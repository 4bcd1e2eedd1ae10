/**
 * The public read API (/api/v1): what each endpoint reads from its path and query string, and the shape of each answer.
 * The same schemas validate the requests and describe them in /api/v1/openapi.json (server/http/api.ts), so the
 * document cannot drift from what is checked. Descriptions and examples are Zod's own metadata (`.meta`).
 */
import { z } from "#common/zod.ts";
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAYMENT_TYPES, REVIEW_SORTS } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { LICENCE_KINDS, REPOSITORY_HEALTHS } from "../repository.ts";
import { slugify } from "../slugify.ts";
import { cursorParam, slugField, toolIdParam, toolListCursorParam } from "./fields.ts";
import { TOOL_SORTS } from "../constants.ts";
import { pageQuery, TAG_PAGE_SIZE } from "./lists.ts";

/** A query string with only the parameters an endpoint names: any other is refused, so a typo is never ignored. */
function queryOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? MESSAGES.api.unknownParameters(issue.keys.join(", ")) : undefined,
  });
}

const cursorDescription =
  "Where the list continues: the `nextCursor` of the previous page. Leave it out for the first page.";
const cursor = cursorParam.meta({ description: cursorDescription, example: "1767225600000.t2k9x" });
/** The tools' cursor: by name, its key is the name (a text); it is valid only with the sort that made it. */
const toolListCursor = toolListCursorParam.meta({
  description: `${cursorDescription} It is valid only with the same \`sort\`.`,
  example: "1767225600000.t2k9x",
});

const limit = pageQuery.shape.limit.meta({
  description: `How many items a page holds, 1 to ${MAX_PAGE_SIZE}.`,
  example: 24,
});

/** The text of a search: its slug, as the site's search pages read it ("Email Marketing!" is email-marketing). */
const searchText = z
  .string({ error: () => MESSAGES.api.searchText })
  .max(MAX_SEARCH_LENGTH, { error: () => MESSAGES.api.searchText })
  .transform((text) => slugify(text))
  .refine((slug) => slug.length > 0, { error: () => MESSAGES.api.searchText });

export const apiToolsQuery = queryOf({
  category: slugField({ error: () => MESSAGES.api.category })
    .optional()
    .meta({
      description: "Only the tools of this category, by its address (`slug` in /categories).",
      example: "developer-tools",
    }),
  tag: slugField({ error: () => MESSAGES.api.tag })
    .optional()
    .meta({ description: "Only the tools carrying this tag (see /tags).", example: "open-source" }),
  q: searchText.optional().meta({
    description:
      "Only the tools the search of these words finds (the same as /search: names, tags, descriptions, typos forgiven), in this list's order. For the results ranked by relevance, use /search.",
    example: "analytics",
  }),
  featured: z
    .enum(["true", "false"], { error: () => MESSAGES.api.featured })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .meta({ description: "`true`: only the featured tools; `false`: only the others.", example: "true" }),
  pricing: z
    .enum(PAYMENT_TYPES, { error: `pricing must be one of ${PAYMENT_TYPES.join(", ")}` })
    .optional()
    .meta({ description: "Only the tools with this pricing.", example: "free" }),
  licence: z
    .enum(LICENCE_KINDS, { error: `licence must be one of ${LICENCE_KINDS.join(", ")}` })
    .optional()
    .meta({
      description:
        "Only the tools whose licence is of this kind: open-source (OSI-approved), source-available or proprietary.",
      example: "open-source",
    }),
  selfHostable: z
    .enum(["true"], { error: "selfHostable must be true or left out" })
    .optional()
    .transform((value) => (value === undefined ? undefined : true))
    .meta({ description: "`true`: only the tools a verifier confirmed can be self-hosted.", example: "true" }),
  sort: z
    .enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(", ")}` })
    .default("newest")
    .meta({
      description:
        "`newest` first (the default), most `views`, most `clicks`, recently `verified`, by `name` (A to Z), most `likes`, or `trending` this week.",
      example: "newest",
    }),
  cursor: toolListCursor,
  limit,
});

export type ApiToolsQuery = z.infer<typeof apiToolsQuery>;

export const apiSearchQuery = queryOf({
  q: searchText.meta({
    description: "What to search: words of a name, a tag, a description. Typos are forgiven.",
    example: "email marketing",
  }),
  cursor,
  limit,
});

export const apiTagsQuery = queryOf({
  cursor,
  limit: z.coerce
    .number({ error: () => MESSAGES.api.tagLimit(TAG_PAGE_SIZE) })
    .int({ error: () => MESSAGES.api.tagLimit(TAG_PAGE_SIZE) })
    .min(1, { error: () => MESSAGES.api.tagLimit(TAG_PAGE_SIZE) })
    .max(TAG_PAGE_SIZE, { error: () => MESSAGES.api.tagLimit(TAG_PAGE_SIZE) })
    .default(TAG_PAGE_SIZE)
    .meta({ description: `How many tags a page holds, 1 to ${TAG_PAGE_SIZE}.`, example: 50 }),
});

export const apiReviewsQuery = queryOf({
  sort: z
    .enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(", ")}` })
    .default("newest")
    .meta({ description: "`newest` first (the default), or most `helpful` first.", example: "newest" }),
  cursor,
  limit,
});

/** An endpoint that reads no query parameter still refuses one. */
export const apiNoQuery = queryOf({});

export const apiToolIdParams = z.object({
  id: toolIdParam.meta({ description: "The tool's id.", example: "t2k9x4f7q1" }),
});

export const apiToolSlugParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9_-]{1,200}$/, { error: () => MESSAGES.tool.notFoundBySlug })
    .meta({
      description: "The tool's slug, as in its page's address /tool/{slug}.",
      example: "plausible-analytics-t2k9x4f7q1",
    }),
});

// The answers.

const nextCursor = z.string().nullable().meta({
  description: "Give it as `cursor` to read the next page; null on the last page.",
  example: "1767225600000.t2k9x4f7q1",
});

/** Every list answers `{ items, nextCursor }`. */
function listOf<Item extends z.ZodType>(item: Item, id: string) {
  return z.object({ items: z.array(item), nextCursor }).meta({ id });
}

export const apiCategoryChip = z
  .object({
    id: z.string().meta({ example: "c2k9x4f7q1" }),
    label: z.string().meta({ example: "Analytics" }),
    slug: z.string().meta({ example: "analytics" }),
    color: z.string().meta({ example: "#DDD6FE" }),
  })
  .meta({ id: "CategoryChip" });

/** A tool's rating from its public reviews (decision 043). */
const apiRating = z
  .object({
    count: z.int().min(0).meta({ description: "How many public reviews rate the tool." }),
    average: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .meta({ description: "Their average rating, to one decimal; null without any.", example: 4.3 }),
    counts: z
      .array(z.int().min(0))
      .length(5)
      .meta({ description: "How many reviews gave 1, 2, 3, 4 and 5 stars.", example: [0, 1, 2, 10, 20] }),
  })
  .meta({ id: "Rating", description: "The tool's rating, from its public reviews." });

export const apiToolCard = z
  .object({
    id: z.string().meta({ example: "t2k9x4f7q1" }),
    name: z.string().meta({ example: "Plausible Analytics" }),
    slug: z
      .string()
      .meta({ description: "The tool's page is /tool/{slug}.", example: "plausible-analytics-t2k9x4f7q1" }),
    logo: z.string().nullable().meta({
      description: "The logo's address, or null for the default logo.",
      example: "/files/logos/t2k9x4f7q1.webp",
    }),
    website: z.string().meta({ example: "https://plausible.io" }),
    shortDesc: z.string().meta({ example: "Simple, privacy-friendly website analytics" }),
    isHomeBoosted: z.boolean().meta({ description: "Whether the tool is featured." }),
    likes: z.int().min(0).meta({
      description: "How many people like the tool: their favourites that count as public likes.",
      example: 128,
    }),
    licenceKind: z.enum(LICENCE_KINDS).nullable().meta({
      description:
        "The licence's kind: open-source (OSI-approved), source-available (BSL, SSPL, Elastic...) or proprietary; null when unknown or not recognised.",
    }),
    isSelfHostable: z.boolean().meta({ description: "Whether a verifier confirmed that the tool can be self-hosted." }),
    categories: z.array(apiCategoryChip),
  })
  .meta({ id: "ToolCard" });

export const apiTool = apiToolCard
  .extend({
    longDesc: z.string().meta({
      description: "The long description, in Markdown.",
      example: "**Plausible** counts visits without cookies.",
    }),
    longDescHtml: z.string().meta({
      description: "The long description rendered as safe HTML.",
      example: "<p><strong>Plausible</strong> counts visits without cookies.</p>",
    }),
    tags: z.array(z.string().meta({ example: "open-source" })),
    paymentType: z.enum(PAYMENT_TYPES).meta({ description: "The tool's pricing." }),
    pros: z.array(z.string().meta({ example: "No cookie banner needed" })).nullable(),
    cons: z.array(z.string().meta({ example: "Fewer reports than Google Analytics" })).nullable(),
    faq: z
      .array(
        z.object({
          question: z.string().meta({ example: "Can I host it myself?" }),
          answer: z.string().meta({ example: "Yes." }),
        }),
      )
      .nullable(),
    largeImage: z.string().nullable().meta({ example: "/files/images/t2k9x4f7q1.webp" }),
    views: z.int().min(0),
    clicks: z.int().min(0),
    rating: apiRating,
    isClaimable: z.boolean().meta({ description: "Whether a maker may still claim the tool." }),
    licence: z
      .object({
        id: z.string().meta({ example: "AGPL-3.0-only" }),
        name: z.string().meta({ example: "GNU Affero General Public License v3.0 only" }),
      })
      .nullable()
      .meta({ description: "The licence by its SPDX id and name; null when unknown." }),
    isLicenceSetByAdmin: z
      .boolean()
      .meta({ description: "The licence was set by the directory's editors, not read from the repository." }),
    creator: z
      .object({ username: z.string().meta({ example: "Ada" }), slug: z.string().meta({ example: "ada" }) })
      .nullable()
      .meta({ description: "The maker the tool is linked to, if any." }),
    createdAt: z.iso.datetime().meta({ example: "2026-01-12T09:30:00.000Z" }),
    verifiedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Tool" });

export const apiToolList = listOf(apiToolCard, "ToolList");

export const apiReview = z
  .object({
    id: z.string().meta({ example: "r0mk2x1a9q3b7c5d1" }),
    rating: z.int().min(1).max(5).meta({ example: 5 }),
    body: z.string().meta({
      description: "The reviewer's words, plain text (it may be empty: a rating alone).",
      example: "Set up in five minutes, and no cookie banner.",
    }),
    createdAt: z.iso.datetime(),
    editedAt: z.iso.datetime().nullable().meta({ description: "When its author last changed it, if they did." }),
    helpful: z.int().min(0).meta({ description: "How many people found it helpful." }),
    author: z.object({ username: z.string().meta({ example: "Ada" }), slug: z.string().meta({ example: "ada" }) }),
    reply: z
      .object({ text: z.string().meta({ example: "Thank you, Ada!" }), repliedAt: z.iso.datetime() })
      .nullable()
      .meta({ description: "The maker's reply, if they wrote one." }),
  })
  .meta({ id: "Review" });

export const apiReviewList = listOf(apiReview, "ReviewList");

export const apiAlternative = apiToolCard
  .extend({
    views: z.int().min(0),
    clicks: z.int().min(0),
    sharedCategoryIds: z.array(z.string()).meta({ description: "The categories both are in, the rarest first." }),
    sharedTags: z.array(z.string()).meta({ description: "The tags both have, the rarest first.", example: ["gdpr"] }),
    sharedWords: z.int().min(0).meta({ description: "How many words their short descriptions share." }),
    sharesLicenceKind: z.boolean().meta({ description: "Whether both have a licence of the same kind." }),
  })
  .meta({ id: "Alternative" });

const isoDate = z.iso.datetime();

export const apiRepository = z
  .object({
    url: z.string().meta({ example: "https://github.com/plausible/analytics" }),
    state: z.enum(["pending", "read", "missing"]).meta({
      description:
        "pending: not read yet; read: the facts are the forge's last answer; missing: the forge says it is gone.",
    }),
    stars: z.int().min(0).nullable(),
    forks: z.int().min(0).nullable(),
    isArchived: z.boolean().nullable(),
    lastCommitAt: isoDate.nullable().meta({ description: "The newest commit of the default branch." }),
    latestRelease: z.object({ tag: z.string(), publishedAt: isoDate }).nullable(),
    checkedAt: isoDate.nullable().meta({ description: "When the forge last answered about the repository." }),
    health: z.enum(REPOSITORY_HEALTHS).nullable().meta({
      description:
        "archived; unmaintained (no commit for 365 days); slowing (186 days); maintained; null when no commit is known.",
    }),
    starsByWeek: z
      .array(z.object({ week: z.iso.date().meta({ description: "The week's Monday." }), stars: z.int().min(0) }))
      .meta({ description: "The stars at each week's first read, oldest first, since the directory first read them." }),
  })
  .meta({ id: "Repository" });

export const apiRelatedTools = z
  .object({
    stats: z.object({ views: z.int().min(0), clicks: z.int().min(0), rating: apiRating }),
    suggested: z.array(apiToolCard).meta({ description: "Tools of the same categories, then featured ones." }),
    usersAdded: z.array(apiToolCard).meta({ description: "The newest tools added by their makers." }),
    linkCheckedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the daily link check last checked the tool's website; null before its first check." }),
    closest: z.array(apiAlternative).meta({
      description:
        "The closest alternatives, at most 4: ranked by the categories and tags they share with the tool, the rarer the more, the words of their short descriptions and the licence's kind; then most viewed and clicked.",
    }),
    repository: apiRepository
      .nullable()
      .meta({ description: "The tool's code repository and its facts; null without one." }),
    deal: z
      .object({
        code: z.string().meta({ example: "INDIE20" }),
        offer: z.string().meta({ example: "20% off the first year" }),
        endsAt: z.iso.datetime().meta({ description: "The end of the deal's last day (UTC)." }),
      })
      .nullable()
      .meta({ description: "The maker's current deal; null without one." }),
  })
  .meta({ id: "RelatedTools" });

export const apiCategory = z
  .object({
    id: z.string().meta({ example: "c2k9x4f7q1" }),
    label: z.string().meta({ example: "Developer Tools" }),
    slug: z.string().meta({ example: "developer-tools" }),
    description: z.string().meta({ example: "Tools that help you build and ship software." }),
    color: z.string().meta({ example: "#DDD6FE" }),
    toolCount: z.int().min(0).meta({ description: "How many live tools the category holds." }),
  })
  .meta({ id: "Category" });

export const apiCategoryList = listOf(apiCategory, "CategoryList");

export const apiTag = z
  .object({
    tag: z.string().meta({ example: "open-source" }),
    count: z.int().min(0).meta({ description: "How many live tools carry the tag." }),
  })
  .meta({ id: "Tag" });

export const apiTagList = listOf(apiTag, "TagList");

export const apiTopList = z
  .object({
    path: z.string().meta({ description: "The list's page on the site.", example: "/top-react-tools" }),
    label: z.string().meta({ example: "React tools" }),
    title: z.string().meta({ example: "The best React tools for indie developers" }),
    subtitle: z.string().meta({ example: "Libraries and services for your next React app" }),
    search: z
      .string()
      .meta({ description: "The words whose tools the list shows: give them as `q` to /tools.", example: "react" }),
  })
  .meta({ id: "TopList" });

export const apiTopListList = listOf(apiTopList, "TopListList");

export const apiError = z
  .object({
    error: z.object({
      code: z.string().meta({
        description: "invalid-argument (400), not-found (404), resource-exhausted (429), internal (500)...",
        example: "invalid-argument",
      }),
      message: z
        .string()
        .meta({ description: "A sentence a person can read.", example: "This page link is no longer valid" }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({
          description: "The message for each refused parameter, by name.",
          example: { cursor: "This page link is no longer valid" },
        }),
    }),
  })
  .meta({ id: "Error" });

/** A page of /api/v1/tools or /api/v1/search, as the home page's infinite scroll reads it. */
export type ApiToolList = z.infer<typeof apiToolList>;

// The writes, made with an API key that may write (docs/decisions/028-personal-api-keys.md). The body's types are
// checked here; its content then by the tool form's own schema (common/tool-input.ts), with the form's messages.

const toolWriteFields = {
  name: z.string().meta({ description: "2 to 60 characters.", example: "Plausible Analytics" }),
  website: z
    .string()
    .meta({ description: "The tool's address; one tool per website.", example: "https://plausible.io" }),
  shortDesc: z.string().meta({
    description: "What the tool does, 20 to 160 characters.",
    example: "Simple, privacy-friendly website analytics",
  }),
  longDesc: z.string().meta({
    description: "Markdown, at most 5000 characters.",
    example: "**Plausible** counts visits without cookies.",
  }),
  categories: z
    .array(z.string())
    .meta({ description: "1 to 3 category ids (`id` in /categories).", example: ["c2k9x4f7q1"] }),
  tags: z.array(z.string()).meta({ description: "At most 8 tags.", example: ["analytics", "privacy"] }),
  paymentType: z.enum(PAYMENT_TYPES).meta({ description: "The tool's pricing; free when left out." }),
  pros: z.array(z.string()).meta({ description: "At most 5.", example: ["No cookie banner needed"] }),
  cons: z.array(z.string()).meta({ description: "At most 5.", example: ["Fewer reports than Google Analytics"] }),
  faq: z
    .array(z.object({ question: z.string(), answer: z.string() }))
    .meta({ description: "At most 5 questions with their answers." }),
};

export const apiToolSubmission = z
  .object({
    ...toolWriteFields,
    longDesc: toolWriteFields.longDesc.optional(),
    tags: toolWriteFields.tags.optional(),
    paymentType: toolWriteFields.paymentType.optional(),
    pros: toolWriteFields.pros.optional(),
    cons: toolWriteFields.cons.optional(),
    faq: toolWriteFields.faq.optional(),
  })
  .meta({ id: "ToolSubmission", description: "A new tool, as the Add tool form takes it." });

export const apiToolChanges = z
  .object(toolWriteFields)
  .partial()
  .meta({ id: "ToolChanges", description: "The fields to change; the others keep their values." });

export const apiSubmittedTool = z
  .object({
    id: z.string().meta({ example: "t2k9x4f7q1" }),
    name: z.string().meta({ example: "Plausible Analytics" }),
    slug: z.string().meta({ example: "plausible-analytics-t2k9x4f7q1" }),
    website: z.string().meta({ example: "https://plausible.io" }),
    isVerified: z.boolean().meta({ description: "false while the tool waits in the queue for a verifier." }),
    isActive: z.boolean(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "SubmittedTool" });
