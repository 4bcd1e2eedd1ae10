/**
 * What `npm run i18n:check` reports, and a test holds to none: each language's keys missing from its catalogue or
 * unknown to English, and the English keys no source file names. A key is named in code as its quoted text
 * ("nav.categories"), never built from parts, so that this search finds every use; or it is a plain message of
 * common/messages.ts, whose key is its path there (`page.notFound`).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { LOCALES, type Locale } from "../locales.ts";

const SOURCE_FOLDERS = ["app", "common", "server"];
const SOURCE_FILE = /\.(ts|tsx)$/;
const NOT_SOURCE = /(\.test\.ts$|^common\/i18n\/(catalogues|compiled)\/)/;

export type CatalogueReport = {
  missing: Partial<Record<Locale, string[]>>;
  unknown: Partial<Record<Locale, string[]>>;
  unused: string[];
};

export async function checkCatalogues(root: string): Promise<CatalogueReport> {
  const catalogues = Object.fromEntries(
    await Promise.all(
      LOCALES.map(
        async (locale) =>
          [
            locale,
            ((await import(`./catalogues/${locale}.ts`)) as { default: Record<string, string> }).default,
          ] as const,
      ),
    ),
  ) as Record<Locale, Record<string, string>>;
  const keys = Object.keys(catalogues.en);
  const report: CatalogueReport = { missing: {}, unknown: {}, unused: [] };
  for (const locale of LOCALES) {
    const own = Object.keys(catalogues[locale]);
    const missing = keys.filter((key) => !(key in catalogues[locale]));
    const unknown = own.filter((key) => !(key in catalogues.en));
    if (missing.length) report.missing[locale] = missing;
    if (unknown.length) report.unknown[locale] = unknown;
  }
  const sources = await sourceTexts(root);
  const { MESSAGES } = await import("../messages.ts");
  const messagePaths = new Set(pathsOf(MESSAGES, ""));
  report.unused = keys.filter((key) => !messagePaths.has(key) && !sources.some((text) => text.includes(`"${key}"`)));
  return report;
}

async function sourceTexts(root: string): Promise<string[]> {
  const texts: string[] = [];
  for (const folder of SOURCE_FOLDERS) {
    for (const entry of await readdir(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && SOURCE_FILE.test(entry.name) && !NOT_SOURCE.test(file))
        texts.push(await readFile(path.join(root, file), "utf8"));
    }
  }
  return texts;
}

/** The path of every message `messages` says when read (a plain or a fixed one), as "domain.name". */
function pathsOf(messages: object, prefix: string): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(messages)).flatMap(([name, descriptor]) =>
    descriptor.get
      ? [`${prefix}${name}`]
      : typeof descriptor.value === "object"
        ? pathsOf(descriptor.value as object, `${prefix}${name}.`)
        : [],
  );
}
