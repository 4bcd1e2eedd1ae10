/** The site's settings as the console's form sends them (decision 048): each empty field falls back to its default. */
import { z } from "#common/zod.ts";
import { accentContrastProblem } from "../colors.ts";
import { FREE_WAY_IN } from "../constants.ts";
import { checkboxField } from "./fields.ts";
import { MESSAGES } from "../messages.ts";
import { LOCALES, type Locale } from "../locales.ts";

export const MAX_SITE_NAME_LENGTH = 60;
export const MAX_TAGLINE_LENGTH = 120;
export const MAX_BANNER_LENGTH = 200;
const MAX_URL_LENGTH = 500;

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, { error: () => MESSAGES.content.tooLong(max) }));

/** The tagline's field of each language. */
export const taglineField = (locale: Locale) => `tagline_${locale}` as const;

/** The home page's heading in each language; empty, the language's own words (home.tagline). A language added to LOCALES needs its field here. */
const taglines = {
  tagline_en: text(MAX_TAGLINE_LENGTH),
  tagline_fr: text(MAX_TAGLINE_LENGTH),
  tagline_es: text(MAX_TAGLINE_LENGTH),
} satisfies Record<ReturnType<typeof taglineField>, unknown>;

const webAddress = text(MAX_URL_LENGTH).refine(
  (value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { error: () => MESSAGES.settings.badUrl },
);

export const siteSettingsInput = z
  .object({
    siteName: text(MAX_SITE_NAME_LENGTH).refine(Boolean, { error: () => MESSAGES.settings.siteNameRequired }),
    ...taglines,
    accentColor: text(7)
      .transform((value) => value.toLowerCase())
      .refine((value) => !value || /^#[0-9a-f]{6}$/.test(value), { error: () => MESSAGES.settings.badColor })
      .superRefine((value, context) => {
        const problem = /^#[0-9a-f]{6}$/.test(value) ? accentContrastProblem(value) : null;
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    bannerText: text(MAX_BANNER_LENGTH),
    bannerUrl: webAddress,
    newsletterUrl: webAddress,
    newsletterArchiveUrl: webAddress,
    contactEmail: text(MAX_URL_LENGTH).refine((value) => !value || z.email().safeParse(value).success, {
      error: () => MESSAGES.settings.badEmail,
    }),
    contactTelegramUrl: webAddress,
    contactXUrl: webAddress,
    dealsOn: checkboxField,
    launchDaysOn: checkboxField,
    // A select: none chosen is off.
    freeWayIn: z
      .string()
      .optional()
      .transform((value) => value || "off")
      .pipe(z.enum(FREE_WAY_IN, { error: () => MESSAGES.settings.badFreeWayIn })),
  })
  .superRefine((settings, context) => {
    if (settings.bannerUrl && !settings.bannerText)
      context.addIssue({ code: "custom", path: ["bannerUrl"], message: MESSAGES.settings.bannerLinkWithoutText });
  });
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;

/** The settings in force: the form's, and the uploaded images' addresses (empty for the default ones). */
export type SiteSettings = SiteSettingsInput & { logoUrl: string; faviconUrl: string };

export const TAGLINE_FIELDS = LOCALES.map(taglineField);

/** What the operator turns on or off: the form's checkboxes. */
export const SITE_SWITCHES = ["dealsOn", "launchDaysOn"] as const;

/** The form's text fields, in its order. */
export const SITE_SETTING_FIELDS = [
  "freeWayIn",
  "siteName",
  ...TAGLINE_FIELDS,
  "accentColor",
  "bannerText",
  "bannerUrl",
  "newsletterUrl",
  "newsletterArchiveUrl",
  "contactEmail",
  "contactTelegramUrl",
  "contactXUrl",
] as const;
