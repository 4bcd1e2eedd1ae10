/**
 * A maker's image uploads for a tool (logo, large image): who may upload, how much, and where it is kept
 * (SPEC section 7: tools/{id}/{random}). The tool may not exist yet: the add form reserves its id first.
 */
import { AppError } from "#common/errors.ts";
import type { SessionUser } from "../context.ts";
import { LIMITS, type RateLimiter } from "../auth/rate-limit.ts";
import type { FileStorage } from "../storage/files.ts";
import type { ToolLifecycle } from "../tools/lifecycle.ts";
import { type ImageKind, processImage, toolImageKey } from "./process.ts";

export type ImageUploadDependencies = { storage: FileStorage; lifecycle: ToolLifecycle; limiter: RateLimiter; maxBytes: number };

export function imageUploads({ storage, lifecycle, limiter, maxBytes }: ImageUploadDependencies) {
  return {
    /** Checks, re-encodes and stores an image for the tool `toolId` (an existing tool the user may edit, or a reserved id). */
    async uploadToolImage(user: SessionUser | null, toolId: string, kind: ImageKind, bytes: Uint8Array): Promise<{ url: string }> {
      if (!user) throw new AppError("unauthenticated", "You need to be signed in");
      try {
        await lifecycle.getEditableTool(user, toolId);
      } catch (error) {
        // A reserved id has no tool yet: anyone signed in may prepare one.
        if ((error as AppError).code !== "not-found") throw error;
      }
      if (!(await limiter.hit(`upload:${user.id}`, LIMITS.uploadsPerUser))) throw new AppError("resource-exhausted", "Too many requests, try again later");
      const webp = await processImage(bytes, kind, maxBytes);
      const key = toolImageKey(toolId);
      await storage.write(key, webp, "image/webp");
      return { url: storage.publicUrl(key) };
    },

    /** Whether `url` is an image stored for `toolId` (what the form sends back after an upload). */
    isToolImageUrl(toolId: string, url: string): boolean {
      return new RegExp(`^${storage.publicUrl(`tools/${toolId}/x.webp`).replace(/x\.webp$/, "")}[A-Za-z0-9_-]{12}\\.webp$`).test(url);
    },
  };
}

export type ImageUploads = ReturnType<typeof imageUploads>;
