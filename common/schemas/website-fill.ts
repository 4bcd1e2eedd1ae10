/** The tool form's "Fill from website" and the admins' answers to the link checker (/admin/links). */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { normalizeWebsite } from "../tool-input.ts";

/** The website the form is filled from: any http(s) address; whether we may read it is the fetcher's to say. */
export const websiteFillInput = z.object({
  website: z
    .string({ error: () => MESSAGES.fetch.badAddress })
    .trim()
    .min(1, "Enter the website first, then fill the form from it")
    .max(2000, { error: () => MESSAGES.fetch.badAddress })
    .transform((text, ctx) => {
      const website = normalizeWebsite(text);
      if (!website) {
        ctx.addIssue({ code: "custom", message: MESSAGES.fetch.badAddress });
        return z.NEVER;
      }
      return website;
    }),
});
export type WebsiteFillInput = z.infer<typeof websiteFillInput>;

/** An admin's answer to a broken or moved link: the link is fixed (or fine as it is), show the tool again. */
export const linkResolveInput = z.object({
  toolId: z
    .string({ error: () => MESSAGES.tool.notFoundById })
    .trim()
    .min(1, { error: () => MESSAGES.tool.notFoundById })
    .max(100, { error: () => MESSAGES.tool.notFoundById }),
});
export type LinkResolveInput = z.infer<typeof linkResolveInput>;
