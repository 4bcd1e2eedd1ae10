/**
 * The link preview images (decision 035): what each one draws, read from the database; made on the first request for
 * that version and stored through the FileStorage under og/{kind}/{id}-{hash}.png, so a change of the page's data
 * names a new file and the old one is never served for the new data.
 */
import sharp from "sharp";
import { TOP_LIST_TOOLS } from "#common/constants.ts";
import {
  type OgImage,
  ogCategoryImage,
  ogHomeImage,
  ogImageHash,
  ogToolImage,
  ogTopListImage,
} from "#common/og-image.ts";
import { categoryQueries } from "../categories/queries.ts";
import { topListService } from "../content/top-lists.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { searchQueries } from "../search/queries.ts";
import { toolQueries } from "../tools/read/queries.ts";
import type { FileStorage } from "../storage/files.ts";
import { drawOgImage } from "./draw.ts";

/** Reads a stored logo's bytes from its public address (the app's /files, or the bucket); null when it cannot. */
export type LogoReader = (url: string) => Promise<Uint8Array | null>;

export type OgImageKind = "tool" | "category" | "top" | "home";

/** A found image: where its stored file is, and whether the requested version is the current one. */
export type OgImageFile = { url: string; hash: string };

export function ogImages({
  db,
  storage,
  siteName,
  logger,
}: {
  db: Database;
  storage: FileStorage;
  siteName: () => string;
  logger: Logger;
}) {
  const topLists = topListService(db);
  // The same reads as the pages the images stand for, so an image draws what its page shows.
  const tools = toolQueries(db);
  const categories = categoryQueries(db);
  const search = searchQueries(db);
  /** Keys this process has stored: the next request for the same version is only a redirect. */
  const stored = new Set<string>();
  /** Images being made, so requests that arrive together draw once. */
  const making = new Map<string, Promise<void>>();

  async function findImage(kind: OgImageKind, slug: string): Promise<{ id: string; image: OgImage } | undefined> {
    switch (kind) {
      case "home":
        return { id: "home", image: ogHomeImage(siteName()) };
      case "tool": {
        const tool = await tools.findPublicToolBySlug(slug);
        if (!tool) return undefined;
        return { id: tool.id, image: ogToolImage(tool) };
      }
      case "category": {
        const category = await categories.findCategoryPage(slug);
        if (!category) return undefined;
        return { id: category.id, image: ogCategoryImage(category) };
      }
      case "top": {
        const page = await topLists.findTopList(`/${slug}`);
        if (!page) return undefined;
        const { tools: listed } = await search.searchTools(page.search, { limit: TOP_LIST_TOOLS, exact: true });
        const toolCount = listed.length;
        return { id: slug, image: ogTopListImage(page, toolCount) };
      }
    }
  }

  /** The logo as a PNG data URI satori can draw, or null (initials) when it is missing or cannot be read: never a failed image. */
  async function logoDataUri(image: OgImage, readLogo: LogoReader): Promise<string | null> {
    if (image.kind !== "tool" || !image.logo) return null;
    try {
      const bytes = await readLogo(image.logo);
      if (!bytes) return null;
      const png = await sharp(bytes)
        .resize(360, 360, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString("base64")}`;
    } catch (error) {
      logger.warn("link preview: the logo could not be read, drawing initials", {
        logo: image.logo,
        error: String(error),
      });
      return null;
    }
  }

  return {
    /** The stored file of a page's current image, made and stored first if this process has not yet; undefined for an unknown page. */
    async findOgImageFile(kind: OgImageKind, slug: string, readLogo: LogoReader): Promise<OgImageFile | undefined> {
      const found = await findImage(kind, slug);
      if (!found) return undefined;
      const hash = ogImageHash(found.image, siteName());
      const key = `og/${kind}/${found.id}-${hash}.png`;
      if (!stored.has(key)) {
        let pending = making.get(key);
        if (!pending) {
          pending = (async () => {
            const png = await drawOgImage(found.image, siteName(), await logoDataUri(found.image, readLogo));
            await storage.write(key, png, "image/png");
            stored.add(key);
          })().finally(() => making.delete(key));
          making.set(key, pending);
        }
        await pending;
      }
      return { url: storage.publicUrl(key), hash };
    },
  };
}

export type OgImages = ReturnType<typeof ogImages>;
