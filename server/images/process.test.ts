import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { processImage, sniffImageType, storeToolImage, toolImageKey } from "./process.ts";
import { MESSAGES } from "#common/messages.ts";
import { smallLogoUrl } from "#common/logo-sizes.ts";
import { localFileStorage } from "../storage/files.ts";

const MB = 1_000_000;

/** The WebP bytes of an image that was taken; fails the test when it was refused. */
async function webpOf(result: ReturnType<typeof processImage>): Promise<Uint8Array> {
  const taken = await result;
  if (!taken.ok) throw new Error(`refused: ${taken.message}`);
  return taken.webp;
}

async function image(format: "png" | "jpeg" | "webp" | "gif", width = 800, height = 600) {
  const blank = sharp({ create: { width, height, channels: 3, background: "#7c3aed" } });
  return new Uint8Array(await blank[format]().toBuffer());
}

describe("sniffImageType", () => {
  it.each(["png", "jpeg", "webp", "gif"] as const)("reads %s from its bytes", async (format) => {
    expect(sniffImageType(await image(format, 4, 4))).toBe(format);
  });

  it("reads SVG, with or without an XML declaration", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(sniffImageType(encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe("svg");
    expect(sniffImageType(encode('<?xml version="1.0"?>\n<!-- a comment -->\n<svg width="1"></svg>'))).toBe("svg");
  });

  it("refuses what is not an image, whatever it is called", () => {
    expect(
      sniffImageType(new TextEncoder().encode("<!doctype html><html><script>alert(1)</script></html>")),
    ).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
  });
});

describe("processImage", () => {
  it("re-encodes a logo as a WebP of at most 256 px", async () => {
    const out = await webpOf(processImage(await image("png", 1000, 500), "logo", 5 * MB));
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBeLessThanOrEqual(256);
    expect(meta.height).toBeLessThanOrEqual(256);
  });

  it("keeps a large image's proportions within 1600 px", async () => {
    const meta = await sharp(
      await webpOf(processImage(await image("jpeg", 3200, 1600), "largeImage", 5 * MB)),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 800]);
  });

  it("rasterises an SVG, so its script never reaches a page", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red" onload="alert(2)"/></svg>',
    );
    const out = await webpOf(processImage(svg, "logo", 5 * MB));
    expect((await sharp(out).metadata()).format).toBe("webp");
    expect(Buffer.from(out).toString("latin1")).not.toMatch(/script|alert/);
  });

  it.each([
    ["an empty file", new Uint8Array(), MESSAGES.image.empty],
    ["an HTML file", new TextEncoder().encode("<html><script>alert(1)</script></html>"), MESSAGES.image.unsupported],
    [
      "a damaged PNG",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      MESSAGES.image.unreadable,
    ],
  ])("refuses %s with a message", async (_name, bytes, message) => {
    expect(await processImage(bytes, "logo", 5 * MB)).toEqual({ ok: false, field: "logo", message });
  });

  it("refuses a file over the size limit before decoding it", async () => {
    const big = await image("png", 64, 64);
    expect(await processImage(big, "logo", big.length - 1)).toEqual({
      ok: false,
      field: "logo",
      message: MESSAGES.image.tooLarge(big.length - 1),
    });
  });

  it("stores each image under its tool, with a random name", () => {
    const key = toolImageKey("tabc", "largeImage");
    expect(key).toMatch(/^tools\/tabc\/[A-Za-z0-9_-]{12}\.webp$/);
    expect(toolImageKey("tabc", "largeImage")).not.toBe(key);
    expect(toolImageKey("tabc", "logo")).toMatch(/^tools\/tabc\/[A-Za-z0-9_-]{12}\.256\.webp$/);
  });

  it("stores a logo with its 96 px twin beside it, and a large image alone", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "images-"));
    try {
      const storage = localFileStorage(folder);
      const logo = await storeToolImage(
        storage,
        "tabc",
        "logo",
        await webpOf(processImage(await image("png", 400, 400), "logo", MB)),
      );
      const fileOf = (url: string) => path.join(folder, url.slice("/files/".length));
      expect(await sharp(await readFile(fileOf(logo))).metadata()).toMatchObject({
        format: "webp",
        width: 256,
        height: 256,
      });
      expect(await sharp(await readFile(fileOf(smallLogoUrl(logo)!))).metadata()).toMatchObject({
        format: "webp",
        width: 96,
        height: 96,
      });
      const large = await storeToolImage(
        storage,
        "tabc",
        "largeImage",
        await webpOf(processImage(await image("png"), "largeImage", MB)),
      );
      expect(smallLogoUrl(large)).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
