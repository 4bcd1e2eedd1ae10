/** The free way in (decision 062): the page of the maker's own website that shows the badge. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { normalizeWebsite } from "../tool-input.ts";

const MAX_PAGE_URL_LENGTH = 500;

/** A web address as a tool's website is one (http or https, a host with a dot, no password), scheme optional. */
export const linkBackInput = z.object({
  pageUrl: z
    .string({ error: () => MESSAGES.linkBack.badPage })
    .max(MAX_PAGE_URL_LENGTH, { error: () => MESSAGES.linkBack.badPage })
    .transform((value, context) => {
      const website = normalizeWebsite(value);
      if (!website) context.addIssue({ code: "custom", message: MESSAGES.linkBack.badPage });
      return website ?? "";
    }),
});
export type LinkBackInput = z.infer<typeof linkBackInput>;
