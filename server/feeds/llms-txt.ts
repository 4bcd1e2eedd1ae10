/**
 * /llms.txt (https://llmstxt.org): the site for language models, in Markdown: an H1, a one-line summary in a
 * blockquote, then H2 sections of links: the site's sections and feeds, then each category with its newest tools. Each
 * category lists at most LLMS_TOOLS_PER_CATEGORY tools and links to its full list, so the file stays small (about
 * 3 kB per category) whatever the size of the catalogue.
 */
import { categoryPath, toolPath } from "#common/page-paths.ts";
import { countOf } from "#common/plural.ts";
import type { Services } from "../services.ts";
import type { FeedSite } from "./channels.ts";

export const LLMS_TOOLS_PER_CATEGORY = 20;

export type LlmsTxtSources = Pick<Services, "categories" | "tools" | "topLists">;

/**
 * A maker's or an operator's words as one line of Markdown text, which nothing in them can turn into markup: the
 * whitespace (new lines included) made single spaces, and every character that starts a link, an image, emphasis,
 * code, HTML, an entity, a heading or a table escaped with a backslash (CommonMark's backslash escapes).
 */
const text = (words: string) => words.replace(/\s+/g, " ").trim().replace(/[\\`*_[\]<>&!|~#]/g, (char) => `\\${char}`);
const link = (words: string, url: string, note?: string) => `- [${text(words)}](${url})${note ? `: ${text(note)}` : ""}`;

export async function buildLlmsTxt(sources: LlmsTxtSources, { siteUrl, siteName }: FeedSite): Promise<string> {
  const categories = await sources.categories.listCategoriesWithCounts();
  const pages = await Promise.all(categories.map((category) => sources.tools.listTools({ category: category.id, limit: LLMS_TOOLS_PER_CATEGORY })));
  const lines = [
    `# ${text(siteName)}`,
    "",
    `> ${text(siteName)} is a hand-curated directory of tools for indie developers and solopreneurs, in ${countOf(categories.length, "category", "categories")}: each tool has a page with what it does, its pricing and a link to its website.`,
    "",
    "Every tool listed was checked by a person before it went live. The lists below show the newest tools of each category; each category's page has all of them.",
    "",
    "## Sections",
    "",
    link("Home", `${siteUrl}/`, "featured tools and the newest tools"),
    link("All tools", `${siteUrl}/tools`, "every live tool, newest first"),
    link("Categories", `${siteUrl}/categories`, "every category with its number of tools"),
    link("Tags", `${siteUrl}/tags`, "every tag with its number of tools"),
    link("Most searched", `${siteUrl}/searches`, "what visitors search for"),
    link("Blog", `${siteUrl}/blog`),
    link("New tools (RSS)", `${siteUrl}/rss.xml`),
    link("New tools (JSON Feed)", `${siteUrl}/feed.json`),
    "",
  ];
  categories.forEach((category, index) => {
    const page = pages[index]!;
    const url = `${siteUrl}${categoryPath(encodeURIComponent(category.slug))}`;
    lines.push(`## ${text(category.label)}`, "");
    // The category's page first, with its description: a section of llms.txt holds only a list of links.
    lines.push(link(`All ${countOf(category.toolCount, `${category.label} tool`)}`, url, category.description || undefined));
    for (const tool of page.tools) lines.push(link(tool.name, `${siteUrl}${toolPath(encodeURIComponent(tool.slug))}`, tool.shortDesc));
    lines.push("");
  });
  lines.push("## Optional", "");
  for (const topList of await sources.topLists.listTopListLinks()) lines.push(link(topList.label, `${siteUrl}${topList.path}`));
  lines.push(link("Sitemap", `${siteUrl}/sitemap.xml`), "");
  return lines.join("\n");
}
