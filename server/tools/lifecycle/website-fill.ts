/**
 * "Fill from website" on the tool form: the server reads the page a maker gives (server/fetch/safe-fetch.ts) and
 * proposes a name, a short description, a long description draft, tags, and a logo and a large image, re-encoded
 * and stored like any upload. Nothing is submitted: the form shows the proposal for the maker to edit. For a GitHub
 * repository the API's stars, licence and language come too (docs/decisions/021-website-fill-and-link-checks.md).
 */
import type { SessionUser } from "#common/access.ts";
import { clipAtWord } from "#common/clip.ts";
import { AppError } from "#common/errors.ts";
import { invalidInput } from "#common/input-errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { websiteFillInput } from "#common/schemas/website-fill.ts";
import { slugify } from "#common/slugify.ts";
import { TOOL_LIMITS } from "#common/tool-input.ts";
import { eq } from "drizzle-orm";
import { requireSignedIn, requireToolEditor } from "../../access.ts";
import type { Database } from "../../db/client.ts";
import { categories, tools } from "../../db/schema.ts";
import { LIMITS, type RateLimiter } from "../../auth/rate-limit.ts";
import { type GithubRepository, githubRepositoryOf, readGithubRepository } from "../../fetch/github.ts";
import { classifyLicence } from "../licences.ts";
import { htmlText, type PageDetails, readPageDetails } from "../../fetch/page-details.ts";
import { FetchRefusal, type SafeFetcher } from "../../fetch/safe-fetch.ts";
import type { ImageKind } from "../../images/process.ts";
import type { ImageUploads } from "../../images/uploads.ts";

export type WebsiteProposal = {
  website: string;
  name: string;
  shortDesc: string;
  longDesc: string;
  tags: string[];
  /** "open-source" for a repository with an open-source licence; null leaves the maker's choice. */
  paymentType: "open-source" | null;
  /** The category the page's words point to, for the maker to keep or change (none when unclear). */
  categories: string[];
  /** Addresses of the images stored for the tool, as an upload's. */
  logo: string | null;
  largeImage: string | null;
  github: GithubRepository | null;
};

export type WebsiteFillDependencies = {
  db: Database;
  fetcher: SafeFetcher;
  imageUploads: Pick<ImageUploads, "checkToolImage" | "storeToolImage">;
  limiter: RateLimiter;
  githubApiUrl: string;
  /** The largest image read from the site: the upload limit. */
  maxImageBytes: number;
};

/** Icons tried for the logo, best first, before giving up on one. */
const LOGO_CANDIDATES = 3;

/** The tool's name: the site's own name, or the first part of its title ("Plausible | Simple analytics" -> "Plausible"). */
function nameOf(details: PageDetails, github: GithubRepository | null): string {
  const title = details.ogSiteName || details.ogTitle || details.title || github?.name || "";
  const [first = ""] = title.split(/\s+[|–—·:-]\s+/);
  return clipAtWord(first.trim(), TOOL_LIMITS.name.max);
}

/**
 * A draft of the long description: the page's own first paragraphs, else its descriptions; never the short
 * description again, which the form already shows.
 */
function longDescriptionOf(details: PageDetails, github: GithubRepository | null, shortDesc: string): string {
  const said = (text: string) => text === shortDesc || `${text.slice(0, shortDesc.length - 1)}…` === shortDesc;
  const own = details.paragraphs.filter((text) => !said(text));
  const paragraphs =
    own.length > 0
      ? own
      : [...new Set([details.description, details.ogDescription].filter((text) => text && !said(text)))];
  if (github) {
    const facts = [`${github.stars.toLocaleString("en-US")} star${github.stars === 1 ? "" : "s"}`];
    if (github.licence) facts.push(licenceFact(github.licence));
    if (github.language) facts.push(`written in ${github.language}`);
    paragraphs.push(`On GitHub: [${github.fullName}](${github.url}), ${facts.join(", ")}.`);
  }
  return clipAtWord(paragraphs.join("\n\n"), TOOL_LIMITS.longDesc.max);
}

/**
 * Whether the repository's licence is open source (OSI-approved): a source-available one (BUSL, SSPL, Elastic...) or
 * one not recognised never makes the tool "open source" (server/tools/licences.ts).
 */
function isOpenSource(github: GithubRepository | null): boolean {
  return Boolean(github?.licence && classifyLicence(github.licence)?.kind === "open-source");
}

/** The licence as the description says it: a licence that is not open source says so. */
function licenceFact(spdx: string): string {
  const kind = classifyLicence(spdx)?.kind;
  if (kind === "open-source") return `${spdx} licence`;
  if (kind === "source-available") return `${spdx} licence (source-available, not open source)`;
  if (kind === "proprietary") return "proprietary licence";
  return `${spdx} licence (not recognised as open source)`;
}

/** Words that say nothing of a category ("Analytics and Data" is about analytics and data). */
const FILLER_WORDS = new Set(["and", "the", "for", "of", "to", "in", "with", "a", "an", "&"]);

/** A word as compared: lower case, a plural's "s" dropped. */
const stem = (word: string) => word.toLowerCase().replace(/(?<=..)s$/, "");

/**
 * The category whose label's words the page uses most (its title, descriptions, keywords, first paragraphs), as a
 * first choice for the maker to keep or change; none when no label word is on the page, or two categories tie.
 */
export function proposedCategory(
  details: PageDetails,
  tags: string[],
  categories: { id: string; label: string }[],
): string | null {
  const text = [
    details.title,
    details.ogTitle,
    details.description,
    details.ogDescription,
    ...details.keywords,
    ...details.paragraphs,
    ...tags,
  ].join(" ");
  const words = new Map<string, number>();
  for (const word of text.split(/[^\p{L}\p{N}]+/u).filter(Boolean))
    words.set(stem(word), (words.get(stem(word)) ?? 0) + 1);
  const scored = categories
    .map(({ id, label }) => {
      const labelWords = label
        .split(/[^\p{L}\p{N}&]+/u)
        .filter((word) => word && !FILLER_WORDS.has(word.toLowerCase()));
      return { id, score: labelWords.reduce((sum, word) => sum + (words.get(stem(word)) ?? 0), 0) };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  return scored[0] && scored[0].score !== scored[1]?.score ? scored[0].id : null;
}

function tagsOf(details: PageDetails, github: GithubRepository | null): string[] {
  const words = [
    ...(github?.language ? [github.language] : []),
    ...(isOpenSource(github) ? ["open source"] : []),
    ...details.keywords,
  ];
  const tags = words.map(slugify).filter((tag) => tag && tag.length <= TOOL_LIMITS.tags.length);
  return [...new Set(tags)].slice(0, TOOL_LIMITS.tags.max);
}

/** A repository's figures in the shape of a page's details. */
function repositoryDetails(github: GithubRepository): PageDetails {
  return {
    title: github.name,
    description: github.description,
    ogTitle: "",
    ogSiteName: "",
    ogDescription: "",
    ogImage: null,
    twitterImage: null,
    icons: github.avatarUrl ? [github.avatarUrl] : [],
    keywords: github.topics,
    paragraphs: [],
  };
}

export function websiteFill({
  db,
  fetcher,
  imageUploads,
  limiter,
  githubApiUrl,
  maxImageBytes,
}: WebsiteFillDependencies) {
  /** Reads, checks, re-encodes and stores the first candidate that is an image we take; null when none is. */
  async function storeFirstImage(
    user: SessionUser,
    toolId: string,
    kind: ImageKind,
    candidates: string[],
  ): Promise<string | null> {
    for (const address of candidates) {
      const answer = await fetcher
        .fetch(address, { accept: "image/*", maxBytes: maxImageBytes })
        .catch((error: unknown) => {
          if (error instanceof FetchRefusal) return null;
          throw error;
        });
      if (!answer || answer.status !== 200) continue;
      const checked = await imageUploads.checkToolImage(user, toolId, kind, answer.body);
      if (checked.ok) return imageUploads.storeToolImage(checked.image);
    }
    return null;
  }

  /** The details of the page at `website`; a refusal says why it could not be read. */
  async function readPage(website: string, refuse: (message: string) => AppError): Promise<PageDetails> {
    const page = await fetcher
      .fetch(website, { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" })
      .catch((error: unknown) => {
        throw error instanceof FetchRefusal ? refuse(error.message) : error;
      });
    if (page.status >= 400) throw refuse(MESSAGES.fetch.httpError(page.status));
    const contentType = String(page.headers["content-type"] ?? "");
    if (contentType && !/html/i.test(contentType)) throw refuse(MESSAGES.fetch.notHtml);
    return readPageDetails(htmlText(page.body, contentType), page.url);
  }

  return {
    /**
     * Reads `website` and proposes the tool form's values; stores the images it proposes under `toolId` (the form's
     * reserved id, or a tool the user may edit). Refusals say why, on the website field.
     */
    async fillFromWebsite(
      user: SessionUser | null,
      toolId: string,
      fields: { website: unknown },
    ): Promise<WebsiteProposal> {
      const maker = requireSignedIn(user);
      // An existing tool is filled only by those who may edit it; a reserved id has no tool yet.
      const [tool] = await db
        .select({
          submittedBy: tools.submittedBy,
          isLinkedToCreator: tools.isLinkedToCreator,
          creatorUsername: tools.creatorUsername,
        })
        .from(tools)
        .where(eq(tools.id, toolId))
        .limit(1);
      if (tool) requireToolEditor(maker, tool);
      const input = websiteFillInput.safeParse(fields);
      if (!input.success) throw invalidInput(input.error);
      const { website } = input.data;
      if (!(await limiter.hit(`website-fill:${maker.id}`, LIMITS.websiteFillsPerUser)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      const refuse = (message: string) => new AppError("invalid-argument", message, { website: message });

      // A repository says what it is through GitHub's API; its page is read only when the API does not answer.
      const repository = githubRepositoryOf(website);
      const github = repository ? await readGithubRepository(fetcher, githubApiUrl, repository) : null;
      const details = github ? repositoryDetails(github) : await readPage(website, refuse);

      const name = nameOf(details, github);
      const shortDesc = clipAtWord(details.ogDescription || details.description, TOOL_LIMITS.shortDesc.max);
      const [logo, largeImage] = await Promise.all([
        storeFirstImage(maker, toolId, "logo", details.icons.slice(0, LOGO_CANDIDATES)),
        storeFirstImage(
          maker,
          toolId,
          "largeImage",
          [details.ogImage, details.twitterImage].filter((image): image is string => image !== null).slice(0, 1),
        ),
      ]);
      if (!name && !shortDesc && !logo && !largeImage && !github) throw refuse(MESSAGES.fetch.nothingFound);
      const tags = tagsOf(details, github);
      const category = proposedCategory(
        details,
        tags,
        await db.select({ id: categories.id, label: categories.label }).from(categories),
      );
      return {
        website,
        name,
        shortDesc,
        longDesc: longDescriptionOf(details, github, shortDesc),
        tags,
        categories: category ? [category] : [],
        paymentType: isOpenSource(github) ? "open-source" : null,
        logo,
        largeImage,
        github,
      };
    },
  };
}

export type WebsiteFill = ReturnType<typeof websiteFill>;
