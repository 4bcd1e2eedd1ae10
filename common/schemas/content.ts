/** The blog's posts and the legal pages as the console's forms send them (decision 050). */
import { type Said, z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { type Cursor, decodeAnyCursor } from "../cursor.ts";
import { slugify } from "../slugify.ts";

export const MAX_POST_TITLE_LENGTH = 120;
export const MAX_POST_DESCRIPTION_LENGTH = 300;
export const MAX_POST_BODY_LENGTH = 100_000;
export const POST_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const POST_STATES = ["draft", "published"] as const;

const text = (max: number, required: Said) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, { error: () => MESSAGES.content.tooLong(max) }),
    );

/** A calendar date written YYYY-MM-DD. */
const dateField = z.iso.date({ error: () => MESSAGES.content.badDate });

export const blogPostInput = z.preprocess(
  (raw) => {
    // An empty slug is made from the title, as a category's is.
    const fields = raw as Record<string, unknown>;
    const isSlugEmpty = typeof fields?.slug !== "string" || !fields.slug.trim();
    return isSlugEmpty && typeof fields?.title === "string" ? { ...fields, slug: slugify(fields.title) } : raw;
  },
  z.object({
    title: text(MAX_POST_TITLE_LENGTH, { error: () => MESSAGES.content.titleRequired }),
    slug: z
      .string()
      .trim()
      .max(100, { error: () => MESSAGES.content.tooLong(100) })
      .regex(POST_SLUG, { error: () => MESSAGES.content.badSlug }),
    description: text(MAX_POST_DESCRIPTION_LENGTH, { error: () => MESSAGES.content.descriptionRequired }),
    body: text(MAX_POST_BODY_LENGTH, { error: () => MESSAGES.content.bodyRequired }),
    date: dateField,
    state: z.enum(POST_STATES, { error: () => MESSAGES.content.badState }),
  }),
);
export type BlogPostInput = z.infer<typeof blogPostInput>;

export const legalPageInput = z.object({
  title: text(MAX_POST_TITLE_LENGTH, { error: () => MESSAGES.content.titleRequired }),
  description: text(MAX_POST_DESCRIPTION_LENGTH, { error: () => MESSAGES.content.descriptionRequired }),
  body: text(MAX_POST_BODY_LENGTH, { error: () => MESSAGES.content.bodyRequired }),
  updated: dateField,
});
export type LegalPageInput = z.infer<typeof legalPageInput>;

export const postIdParam = z.coerce.number().int().positive();

/** The blog's pages: after the date and slug of the last post shown. */
export const blogQuery = z.object({
  cursor: z
    .string()
    .optional()
    .transform((text) => (text ? decodeAnyCursor(text) : null))
    .pipe(
      z.custom<Cursor<string> | null>((value) => value === null || typeof (value as Cursor<string>).key === "string"),
    )
    .catch(null),
});

/** A top-list as the console's form sends it: its three sections as heading0/body0 to heading2/body2. */
export const topListInput = z.preprocess(
  (raw) => {
    const fields = raw as Record<string, unknown>;
    if (!fields || typeof fields !== "object") return raw;
    return {
      ...fields,
      sections: [0, 1, 2].map((index) => ({ heading: fields[`heading${index}`], body: fields[`body${index}`] })),
    };
  },
  z.object({
    path: z
      .string()
      .trim()
      .max(100, { error: () => MESSAGES.content.tooLong(100) })
      .regex(/^\/top-[a-z0-9]+(-[a-z0-9]+)*$/, { error: () => MESSAGES.content.badTopListPath }),
    label: text(60, { error: () => MESSAGES.content.titleRequired }),
    title: text(MAX_POST_TITLE_LENGTH, { error: () => MESSAGES.content.titleRequired }),
    subtitle: text(MAX_POST_DESCRIPTION_LENGTH, { error: () => MESSAGES.content.descriptionRequired }),
    search: z
      .string()
      .trim()
      .max(60, { error: () => MESSAGES.content.tooLong(60) })
      .regex(POST_SLUG, { error: () => MESSAGES.content.badSlug }),
    image: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .refine((value) => !value || /^https?:\/\//.test(value) || value.startsWith("/"), {
        error: () => MESSAGES.settings.badUrl,
      }),
    sections: z
      .array(
        z.object({
          heading: z
            .string()
            .optional()
            .transform((value) => (value ?? "").trim()),
          body: z
            .string()
            .optional()
            .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim()),
        }),
      )
      .refine((sections) => sections.every((section) => section.heading && section.body), {
        error: () => MESSAGES.content.sectionRequired,
      }),
    seoTitle: text(MAX_POST_TITLE_LENGTH, { error: () => MESSAGES.content.titleRequired }),
    seoDescription: text(MAX_POST_DESCRIPTION_LENGTH, { error: () => MESSAGES.content.descriptionRequired }),
  }),
);
export type TopListInput = z.infer<typeof topListInput>;
