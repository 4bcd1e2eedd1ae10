/**
 * /llms.txt (https://llmstxt.org): the site for language models, in Markdown: an H1, a one-line summary in a
 * blockquote, then H2 sections of links: the site's sections and feeds, then each category with its newest tools. Each
 * category lists at most LLMS_TOOLS_PER_CATEGORY tools and links to its full list, so the file stays small (about
 * 3 kB per category) whatever the size of the catalogue. It is written in the site's default language, at the root of
 * the site, as llms.txt asks.
 */
import { categoryPath, toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { LICENCE_KIND_KEYS } from "#common/repository.ts";
import type { ToolCard } from "../tools/read/queries.ts";
import type { Services } from "../services.ts";
import type { FeedSite } from "../feeds/channel.ts";

export const LLMS_TOOLS_PER_CATEGORY = 20;

export type LlmsTxtSources = Pick<Services, "categories" | "tools" | "topLists">;

/**
 * A maker's or an operator's words as one line of Markdown text, which nothing in them can turn into markup: the
 * whitespace (new lines included) made single spaces, and every character that starts a link, an image, emphasis,
 * code, HTML, an entity, a heading or a table escaped with a backslash (CommonMark's backslash escapes).
 */
const text = (words: string) =>
  words
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_[\]<>&!|~#]/g, (char) => `\\${char}`);
const link = (words: string, url: string, note?: string) =>
  `- [${text(words)}](${url})${note ? `: ${text(note)}` : ""}`;

/** A tool's short description, then its licence's kind and whether it is self-hostable, when known (decision 060). */
function withFacts({ shortDesc, licenceKind, isSelfHostable }: ToolCard): string {
  const facts = [
    ...(licenceKind ? [say(LICENCE_KIND_KEYS[licenceKind])] : []),
    ...(isSelfHostable ? [say("card.selfHostable")] : []),
  ];
  return facts.length > 0 ? `${shortDesc} (${facts.join(", ")})` : shortDesc;
}

export async function buildLlmsTxt(sources: LlmsTxtSources, { siteUrl, siteName }: FeedSite): Promise<string> {
  const categories = await sources.categories.listCategoriesWithCounts();
  const pages = await Promise.all(
    categories.map((category) => sources.tools.listTools({ category: category.id, limit: LLMS_TOOLS_PER_CATEGORY })),
  );
  const lines = [
    `# ${text(siteName)}`,
    "",
    `> ${text(say("feed.llmsSummary", { siteName, count: categories.length }))}`,
    "",
    text(say("feed.llmsChecked")),
    "",
    `## ${say("feed.llmsSections")}`,
    "",
    link(say("feed.llmsHome"), `${siteUrl}/`, say("feed.llmsHomeNote")),
    link(say("feed.llmsAllTools"), `${siteUrl}/tools`, say("feed.llmsAllToolsNote")),
    link(say("feed.llmsCategories"), `${siteUrl}/categories`, say("feed.llmsCategoriesNote")),
    link(say("feed.llmsTags"), `${siteUrl}/tags`, say("feed.llmsTagsNote")),
    link(say("feed.llmsSearches"), `${siteUrl}/searches`, say("feed.llmsSearchesNote")),
    link(say("feed.llmsBlog"), `${siteUrl}/blog`),
    link(say("feed.llmsRss"), `${siteUrl}/rss.xml`),
    link(say("feed.llmsJsonFeed"), `${siteUrl}/feed.json`),
    "",
  ];
  categories.forEach((category, index) => {
    const page = pages[index]!;
    const url = `${siteUrl}${categoryPath(encodeURIComponent(category.slug))}`;
    lines.push(`## ${text(category.label)}`, "");
    // The category's page first, with its description: a section of llms.txt holds only a list of links.
    lines.push(
      link(
        say("feed.llmsAllInCategory", { count: category.toolCount, category: category.label }),
        url,
        category.description || undefined,
      ),
    );
    for (const tool of page.tools)
      lines.push(link(tool.name, `${siteUrl}${toolPath(encodeURIComponent(tool.slug))}`, withFacts(tool)));
    lines.push("");
  });
  // "Optional" is llms.txt's own name for what a model may skip, in every language.
  lines.push("## Optional", "");
  for (const topList of await sources.topLists.listTopListLinks())
    lines.push(link(topList.label, `${siteUrl}${topList.path}`));
  lines.push(link(say("feed.llmsSitemap"), `${siteUrl}/sitemap.xml`), "");
  return lines.join("\n");
}
