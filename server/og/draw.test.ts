import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type OgImage, ogHomeImage, ogImageHash, ogImagePath } from "#common/og-image.ts";
import { drawOgImage, OG_HEIGHT, OG_WIDTH } from "./draw.ts";

const SITE = "Indie Tools";

async function pixels(png: Uint8Array) {
  const metadata = await sharp(png).metadata();
  expect(metadata.format).toBe("png");
  expect([metadata.width, metadata.height]).toEqual([OG_WIDTH, OG_HEIGHT]);
  return sharp(png).raw().toBuffer();
}

describe("link preview images", () => {
  const images: OgImage[] = [
    ogHomeImage(SITE),
    {
      kind: "tool",
      slug: "plausible",
      name: "Plausible",
      shortDesc: "Privacy-friendly web analytics.",
      logo: null,
      color: "#7c3aed",
    },
    { kind: "category", slug: "analytics", title: "Analytics tools", toolCount: "12 tools", color: "#0ea5e9" },
    { kind: "top", slug: "top-react-tools", title: "Top React tools", toolCount: "1 tool", color: null },
  ];

  it.each(images)("draws a 1200x630 PNG of the $kind page", async (image) => {
    await pixels(await drawOgImage(image, SITE, null));
  });

  it("draws hostile and overlong names as text, without failing", async () => {
    const hostile: OgImage = {
      kind: "tool",
      slug: "x",
      name: `<script>alert(1)</script> ${"Very long name ".repeat(20)}`,
      shortDesc: `"><img src=x onerror=alert(1)> ${"a".repeat(600)} 日本語 🚀`,
      logo: null,
      color: "#ffffff",
    };
    await pixels(await drawOgImage(hostile, `<b>${SITE}</b>`, null));
  });

  it("draws another image when the data changes, under another address", async () => {
    const before = images[1]!;
    const after = { ...before, name: "Plausible Analytics" } as OgImage;
    expect(ogImagePath(after, SITE)).not.toBe(ogImagePath(before, SITE));
    expect(ogImageHash(before, SITE)).toBe(ogImageHash({ ...before }, SITE));
    expect(
      Buffer.compare(
        await pixels(await drawOgImage(before, SITE, null)),
        await pixels(await drawOgImage(after, SITE, null)),
      ),
    ).not.toBe(0);
  });
});
