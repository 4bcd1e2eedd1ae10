/**
 * A maker's image uploads for a tool (logo, large image): who may upload, how much, and where it is kept
 * (docs/product.md §7: tools/{id}/{random}). The tool may not exist yet: the add form reserves its id first.
 */
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { smallLogoUrl } from "#common/logo-sizes.ts";
import { requireSignedIn, requireToolEditor } from "../access.ts";
import { LIMITS, type RateLimiter } from "../auth/rate-limit.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";
import type { FileStorage } from "../storage/files.ts";
import { type ImageKind, type ImageRefusal, processImage, storeToolImage as storeImage } from "./process.ts";

export type ImageUploadDependencies = { db: Database; storage: FileStorage; limiter: RateLimiter; maxBytes: number };

/** An upload that passed the checks and was re-encoded, not stored yet. */
export type CheckedImage = { toolId: string; kind: ImageKind; webp: Uint8Array };

/** How long an uploaded image may wait for the form that uses it to be saved before it counts as abandoned. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** An image key as toolImageKey makes them: tools/{tool id}/{random}.webp, a logo's {random}.256.webp and its twin {random}.96.webp. */
const IMAGE_KEY = /^tools\/(t[a-z0-9_]{1,40})\/[A-Za-z0-9_-]{12}(?:\.256|\.96)?\.webp$/;

export function imageUploads({ db, storage, limiter, maxBytes }: ImageUploadDependencies) {
  /** Of the image files given, grouped by tool id, those their tool does not show (or whose tool was never saved). */
  async function unusedOf(filesByTool: Map<string, string[]>): Promise<string[]> {
    const ids = [...filesByTool.keys()];
    const rows = await db
      .select({ id: tools.id, logo: tools.logo, largeImage: tools.largeImage })
      .from(tools)
      .where(sql`${tools.id} = any(${`{${ids.join(",")}}`}::text[])`);
    // A shown logo's small twin is shown too (common/logo-sizes.ts).
    const shown = new Set(rows.flatMap((row) => [row.logo, row.logo && smallLogoUrl(row.logo), row.largeImage]));
    return [...filesByTool.values()].flat().filter((key) => !shown.has(storage.publicUrl(key)));
  }

  /**
   * Checks an image for the tool `toolId` (an existing tool the user may edit, or a reserved id) and re-encodes it,
   * storing nothing: the image, or why the file is refused. Who may upload, and how often, is enforced by throwing.
   */
  async function checkToolImage(
    user: SessionUser | null,
    toolId: string,
    kind: ImageKind,
    bytes: Uint8Array,
  ): Promise<{ ok: true; image: CheckedImage } | ImageRefusal> {
    const uploader = requireSignedIn(user);
    const [tool] = await db
      .select({
        submittedBy: tools.submittedBy,
        isLinkedToCreator: tools.isLinkedToCreator,
        creatorUsername: tools.creatorUsername,
      })
      .from(tools)
      .where(eq(tools.id, toolId))
      .limit(1);
    // A reserved id has no tool yet: anyone signed in may prepare one.
    if (tool) requireToolEditor(uploader, tool);
    if (!(await limiter.hit(`upload:${uploader.id}`, LIMITS.uploadsPerUser)))
      throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
    const processed = await processImage(bytes, kind, maxBytes);
    return processed.ok ? { ok: true, image: { toolId, kind, webp: processed.webp } } : processed;
  }

  /** Stores a checked image under its tool; answers its public address. */
  function storeToolImage({ toolId, kind, webp }: CheckedImage): Promise<string> {
    return storeImage(storage, toolId, kind, webp);
  }

  return {
    checkToolImage,
    storeToolImage,

    /** Checks, re-encodes and stores an image for the tool `toolId` at once (the form uploading ahead, with JavaScript). */
    async uploadToolImage(
      user: SessionUser | null,
      toolId: string,
      kind: ImageKind,
      bytes: Uint8Array,
    ): Promise<{ ok: true; url: string } | ImageRefusal> {
      const checked = await checkToolImage(user, toolId, kind, bytes);
      return checked.ok ? { ok: true, url: await storeToolImage(checked.image) } : checked;
    },

    /**
     * Deletes the images no tool shows: uploads for a tool that was never submitted, and the logos and screenshots a
     * maker replaced. An image younger than a day is kept, as a form may still be open with it. Answers how many went.
     */
    async removeUnusedImages(now = new Date()): Promise<number> {
      let removed = 0;
      let batch = new Map<string, string[]>();
      const sweep = async () => {
        for (const key of await unusedOf(batch)) {
          await storage.remove(key);
          removed++;
        }
        batch = new Map();
      };
      for await (const file of storage.list("tools")) {
        const toolId = IMAGE_KEY.exec(file.key)?.[1];
        if (!toolId || now.getTime() - file.modifiedAt.getTime() < ABANDONED_AFTER_MS) continue;
        batch.set(toolId, [...(batch.get(toolId) ?? []), file.key]);
        if (batch.size >= 500) await sweep();
      }
      if (batch.size > 0) await sweep();
      return removed;
    },

    /** Whether `url` is an image stored for `toolId` (what the form sends back after an upload). */
    isToolImageUrl(toolId: string, url: string): boolean {
      const folder = storage.publicUrl(`tools/${toolId}/x.webp`).replace(/x\.webp$/, "");
      // The folder may be a bucket's address, with dots and slashes to match as they are.
      return url.startsWith(folder) && /^[A-Za-z0-9_-]{12}(?:\.256)?\.webp$/.test(url.slice(folder.length));
    },
  };
}

export type ImageUploads = ReturnType<typeof imageUploads>;
