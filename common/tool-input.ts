/**
 * What a maker submits for a tool (the add and edit screen, its action and the API): one schema, with the messages a
 * person reads beside each field. The spec leaves the rules open; these are the limits of docs/decisions/008.
 */
import { getDomain } from "tldts";
import { z } from "#common/zod.ts";
import { LICENCE_MAX_LENGTH, PAYMENT_TYPES } from "./constants.ts";
import { slugify } from "./slugify.ts";

export const TOOL_LIMITS = {
  name: { min: 2, max: 60 },
  shortDesc: { min: 20, max: 160 },
  longDesc: { max: 5000 },
  categories: { min: 1, max: 3 },
  tags: { max: 8, length: 30 },
  listItems: { max: 5, length: 160 },
  faq: { max: 5, question: 160, answer: 800 },
} as const;

/** A website as we keep it: http(s), lowercase host, no fragment, no tracking parameters, no trailing slash on a bare host. */
export function normalizeWebsite(text: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) ? text.trim() : `https://${text.trim()}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname.includes(".") || url.username || url.password) return null;
  url.hash = "";
  for (const name of [...url.searchParams.keys()])
    if (/^(utm_|ref$|fbclid$|gclid$)/i.test(name)) url.searchParams.delete(name);
  const normalized = url.toString();
  return url.pathname === "/" && !url.search ? normalized.replace(/\/$/, "") : normalized;
}

/** The part of a website that says which site it is: the host without "www.", to spot a tool listed twice. */
export function websiteDomain(website: string): string {
  return new URL(website).hostname.replace(/^www\./, "");
}

const TRACKING_PARAMETER = /^(utm_|ref$|ref_src$|source$|fbclid$|gclid$|msclkid$|mc_cid$|mc_eid$|_hs|yclid$)/i;

/**
 * The form of a website that two listings of one tool share, whatever a maker typed: no scheme, no "www.", no
 * tracking parameters, no fragment, no trailing slash, and lower case host. "https://www.Example.com/?utm_source=x"
 * and "http://example.com" are both "example.com". Null for text that is no http(s) address.
 */
export function canonicalWebsite(text: string): string | null {
  const website = normalizeWebsite(text);
  if (!website) return null;
  const url = new URL(website);
  for (const name of [...url.searchParams.keys()]) if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
  url.searchParams.sort();
  const host = url.hostname.replace(/^www\./, "");
  const path = url.pathname.replace(/\/+$/, "").toLowerCase();
  const query = url.searchParams.toString();
  return `${host}${url.port ? `:${url.port}` : ""}${path}${query ? `?${query}` : ""}`;
}

/** The domain a person registered, which subdomains share: "app.example.co.uk" -> "example.co.uk". */
export function registrableDomain(text: string): string | null {
  const website = normalizeWebsite(text);
  if (!website) return null;
  const host = new URL(website).hostname;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/**
 * A repository's address as we keep it, https://github.com/{owner}/{name}, from any address of it (a deeper path, a
 * ".git" ending, "www."); null for text that names no repository on a forge we read (GitHub today; decision 060).
 */
export function normalizeRepositoryUrl(text: string): string | null {
  const website = normalizeWebsite(text);
  if (!website) return null;
  const url = new URL(website);
  if (url.hostname !== "github.com" && url.hostname !== "www.github.com") return null;
  const [owner, name] = url.pathname.split("/").filter(Boolean);
  const part = /^[A-Za-z0-9_.-]{1,100}$/;
  if (!owner || !name || !part.test(owner) || !part.test(name)) return null;
  const repository = name.replace(/\.git$/, "");
  if (!repository || repository === "." || repository === "..") return null;
  return `https://github.com/${owner}/${repository}`;
}

const lines = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(TOOL_LIMITS.listItems.length, `Each ${label} has at most ${TOOL_LIMITS.listItems.length} characters`),
    )
    .transform((items) => items.filter(Boolean))
    .pipe(z.array(z.string()).max(TOOL_LIMITS.listItems.max, `At most ${TOOL_LIMITS.listItems.max} ${label}s`));

export const toolInput = z.object({
  name: z
    .string()
    .trim()
    .min(TOOL_LIMITS.name.min, `The name needs at least ${TOOL_LIMITS.name.min} characters`)
    .max(TOOL_LIMITS.name.max, `The name has at most ${TOOL_LIMITS.name.max} characters`)
    .refine((name) => slugify(name) !== "", "The name needs at least one letter or digit"),
  website: z
    .string()
    .trim()
    .min(1, "The website is required")
    .transform((text, ctx) => {
      const website = normalizeWebsite(text);
      if (!website) {
        ctx.addIssue({ code: "custom", message: "Enter the tool's website address, such as https://example.com" });
        return z.NEVER;
      }
      return website;
    }),
  shortDesc: z
    .string()
    .trim()
    .min(TOOL_LIMITS.shortDesc.min, `Say what the tool does in at least ${TOOL_LIMITS.shortDesc.min} characters`)
    .max(TOOL_LIMITS.shortDesc.max, `The short description has at most ${TOOL_LIMITS.shortDesc.max} characters`),
  longDesc: z
    .string()
    .trim()
    .max(TOOL_LIMITS.longDesc.max, `The long description has at most ${TOOL_LIMITS.longDesc.max} characters`)
    .default(""),
  categories: z
    .array(z.string().regex(/^c[a-z0-9_]{1,40}$/, "Choose categories from the list"))
    .transform((ids) => [...new Set(ids)])
    .pipe(
      z
        .array(z.string())
        .min(TOOL_LIMITS.categories.min, "Choose at least one category")
        .max(TOOL_LIMITS.categories.max, `Choose at most ${TOOL_LIMITS.categories.max} categories`),
    ),
  tags: z
    .string()
    .default("")
    .transform((text) => [...new Set(text.split(/[,\n]/).map(slugify).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(TOOL_LIMITS.tags.length, `Each tag has at most ${TOOL_LIMITS.tags.length} characters`))
        .max(TOOL_LIMITS.tags.max, `At most ${TOOL_LIMITS.tags.max} tags`),
    ),
  paymentType: z.enum(PAYMENT_TYPES, { message: "Choose how the tool is paid for" }).default("free"),
  /** The code's repository, optional; a website that is a repository is its own. */
  repository: z
    .string()
    .trim()
    .max(300, "Enter the repository's address on GitHub, such as https://github.com/owner/name")
    .nullish()
    .transform((text, ctx) => {
      if (!text) return null;
      const repository = normalizeRepositoryUrl(text);
      if (!repository) {
        ctx.addIssue({
          code: "custom",
          message: "Enter the repository's address on GitHub, such as https://github.com/owner/name",
        });
        return z.NEVER;
      }
      return repository;
    }),
  /**
   * Its licence as an SPDX id or expression ("MIT", "AGPL-3.0-only"), for a tool whose repository is not on GitHub or
   * cannot be read: the repository's read replaces it, and an admin's licence wins over both (decision 060). Left out
   * (the API, a restored revision), an edit keeps the tool's; sent empty, it has none.
   */
  licence: z
    .string()
    .trim()
    .max(LICENCE_MAX_LENGTH, `A licence has at most ${LICENCE_MAX_LENGTH} characters`)
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null)),
  /** The maker says it can be self-hosted; a verifier or an admin saying so confirms it (decision 060). */
  isSelfHostable: z.boolean().default(false),
  pros: lines("pro"),
  cons: lines("con"),
  faq: z
    .array(
      z.object({
        question: z
          .string()
          .trim()
          .max(TOOL_LIMITS.faq.question, `A question has at most ${TOOL_LIMITS.faq.question} characters`),
        answer: z
          .string()
          .trim()
          .max(TOOL_LIMITS.faq.answer, `An answer has at most ${TOOL_LIMITS.faq.answer} characters`),
      }),
    )
    .transform((items) => items.filter((item) => item.question || item.answer))
    .pipe(
      z
        .array(
          z.object({
            question: z.string().min(1, "Each answer needs its question"),
            answer: z.string().min(1, "Each question needs its answer"),
          }),
        )
        .max(TOOL_LIMITS.faq.max, `At most ${TOOL_LIMITS.faq.max} questions`),
    ),
});

export type ToolInput = z.infer<typeof toolInput>;

/** The tool form's fields as the schema reads them: repeated fields become lists, FAQ rows become pairs. */
export function toolInputFields(form: FormData) {
  const questions = form.getAll("faqQuestion").map(String);
  const answers = form.getAll("faqAnswer").map(String);
  return {
    name: String(form.get("name") ?? ""),
    website: String(form.get("website") ?? ""),
    shortDesc: String(form.get("shortDesc") ?? ""),
    longDesc: String(form.get("longDesc") ?? ""),
    categories: form.getAll("categories").map(String),
    tags: String(form.get("tags") ?? ""),
    // The form asks: an empty choice is refused ("Choose how the tool is paid for"); a form without the field is free.
    paymentType: String(form.get("paymentType") ?? "free"),
    repository: String(form.get("repository") ?? ""),
    licence: String(form.get("licence") ?? ""),
    isSelfHostable: form.get("isSelfHostable") === "on",
    pros: form.getAll("pros").map(String),
    cons: form.getAll("cons").map(String),
    faq: questions.map((question, index) => ({ question, answer: answers[index] ?? "" })),
  };
}
