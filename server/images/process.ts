/**
 * Uploaded images (a tool's logo and large image): the real type is read from the bytes, never from the name; every
 * image is decoded and re-encoded as WebP at a bounded size, so no file ever reaches a page as it was sent. An SVG is
 * rasterised, which drops any script or link it carries.
 */
import { randomBytes } from "node:crypto";
import { LOGO_SIZE, SMALL_LOGO_SIZE } from "#common/logo-sizes.ts";
import { MESSAGES } from "#common/messages.ts";
import type { FileStorage } from "../storage/files.ts";

export type ImageKind = "logo" | "largeImage";

/** The longest side of each kind of image, in pixels (issue: logo 256 px, large image 1600 px). */
export const IMAGE_SIZES: Record<ImageKind, number> = { logo: LOGO_SIZE, largeImage: 1600 };
/** Above this many pixels an image is refused before it is decoded: it protects memory from decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;

export type SniffedType = "png" | "jpeg" | "gif" | "webp" | "svg";

/** The image type the bytes say, or null. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") return "webp";
  // SVG is text: an optional BOM, XML declaration, comments or doctype, then an <svg element.
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.slice(0, 2048)).replace(/^\uFEFF/, "");
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return "svg";
  return null;
}

/** Why an upload was refused, told beside the form field it was chosen in. */
export type ImageRefusal = { ok: false; field: ImageKind; message: string };

/**
 * Checks, decodes and re-encodes an upload: the WebP bytes, or why the file is not an image we take. A file that is
 * not a fitting image is an answer, not a failure; only what should never happen throws.
 */
export async function processImage(
  bytes: Uint8Array,
  kind: ImageKind,
  maxBytes: number,
): Promise<{ ok: true; webp: Uint8Array } | ImageRefusal> {
  const refuse = (message: string): ImageRefusal => ({ ok: false, field: kind, message });
  if (bytes.length === 0) return refuse(MESSAGES.image.empty);
  if (bytes.length > maxBytes) return refuse(MESSAGES.image.tooLarge(maxBytes));
  const type = sniffImageType(bytes);
  if (!type) return refuse(MESSAGES.image.unsupported);
  const size = IMAGE_SIZES[kind];
  // Loaded with the first upload: the image library holds about 20 MB that a server showing pages never needs.
  const { default: sharp } = await import("sharp");
  try {
    const webp = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      density: type === "svg" ? 144 : undefined,
      animated: false,
    })
      .rotate()
      .resize({ width: size, height: size, fit: kind === "logo" ? "cover" : "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    // sharp fails on damaged files and decompression bombs alike: both are files we do not take.
    return refuse(MESSAGES.image.unreadable);
  }
}

/** A processed logo at the size lists show it (96 px): a card's logo, a sponsor's. */
export async function smallLogoOf(webp: Uint8Array): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  return sharp(webp)
    .resize({ width: SMALL_LOGO_SIZE, height: SMALL_LOGO_SIZE, fit: "cover" })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** Where an image of a tool is stored (docs/product.md §7: tools/{id}/{random}); a logo's name says it has a small twin (common/logo-sizes.ts). */
export function toolImageKey(toolId: string, kind: ImageKind): string {
  return `tools/${toolId}/${randomBytes(9).toString("base64url")}${kind === "logo" ? `.${LOGO_SIZE}` : ""}.webp`;
}

/**
 * Stores a processed image of a tool under a new name, with a logo's 96 px twin beside it; answers its public address.
 * The twin is written first: a page never names one that is not there yet.
 */
export async function storeToolImage(
  storage: FileStorage,
  toolId: string,
  kind: ImageKind,
  webp: Uint8Array,
): Promise<string> {
  const key = toolImageKey(toolId, kind);
  if (kind === "logo") {
    const small = await smallLogoOf(webp);
    await storage.write(key.replace(`.${LOGO_SIZE}.webp`, `.${SMALL_LOGO_SIZE}.webp`), small, "image/webp");
  }
  await storage.write(key, webp, "image/webp");
  return storage.publicUrl(key);
}
