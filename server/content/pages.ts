/** The legal pages (content/pages/*.md): terms of service and privacy policy, read once per process. */
import path from "node:path";
import { z } from "#common/zod.ts";
import { renderMarkdown } from "../markdown.ts";
import { CONTENT_DIR } from "../paths.ts";
import { frontmatterDate, frontmatterText, readMarkdownFolder } from "./markdown-files.ts";

const pageFrontmatter = z.strictObject({ title: frontmatterText, description: frontmatterText, updated: frontmatterDate });

/** The only pages there are: a name from a URL is looked up among these, never turned into a file path. */
export const LEGAL_PAGE_NAMES = ["terms-of-service", "privacy-policy"] as const;
export type LegalPageName = (typeof LEGAL_PAGE_NAMES)[number];

export type LegalPage = {
  name: LegalPageName;
  title: string;
  description: string;
  /** The date of the last change, YYYY-MM-DD. */
  updated: string;
  html: string;
};

let pages: Map<string, LegalPage> | undefined;

function isLegalPageName(name: string): name is LegalPageName {
  return (LEGAL_PAGE_NAMES as readonly string[]).includes(name);
}

// Content changes need a restart, like code: the folder is read and rendered on first use, then kept.
function loadPages(): Map<string, LegalPage> {
  if (pages) return pages;
  const files = readMarkdownFolder(path.join(CONTENT_DIR, "pages"), pageFrontmatter);
  const loaded = new Map<string, LegalPage>();
  for (const name of LEGAL_PAGE_NAMES) {
    const file = files.find((candidate) => candidate.name === name);
    if (!file) throw new Error(`content/pages/${name}.md is missing: the footer links to it on every page`);
    loaded.set(name, { name, ...file.data, html: renderMarkdown(file.body) });
  }
  pages = loaded;
  return pages;
}

export const legalPages = {
  findPage(name: string): LegalPage | undefined {
    return isLegalPageName(name) ? loadPages().get(name) : undefined;
  },
};
