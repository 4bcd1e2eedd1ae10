import { describe, expect, it } from "vitest";
import { parseListPage } from "./s3.ts";

const page = (contents: string, tail = "<IsTruncated>false</IsTruncated>") =>
  `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>b</Name>${tail}${contents}</ListBucketResult>`;
const entry = (key: string, at = "2026-11-20T10:00:00.000Z") =>
  `<Contents><Key>${key}</Key><LastModified>${at}</LastModified><Size>3</Size></Contents>`;

describe("parseListPage", () => {
  it("reads the keys and when each was written, and no next page when not truncated", () => {
    expect(parseListPage(page(entry("tools/t1/a.webp") + entry("tools/t1/t1.json", "2026-11-21T00:00:00Z")))).toEqual({
      files: [
        { key: "tools/t1/a.webp", modifiedAt: new Date("2026-11-20T10:00:00.000Z") },
        { key: "tools/t1/t1.json", modifiedAt: new Date("2026-11-21T00:00:00Z") },
      ],
    });
    expect(parseListPage(page(""))).toEqual({ files: [] });
  });

  it("continues after NextMarker, or after the page's last key, even one it leaves out", () => {
    expect(
      parseListPage(
        page(entry("tools/a.webp"), "<IsTruncated>true</IsTruncated><NextMarker>tools/z&amp;.webp</NextMarker>"),
      ).nextMarker,
    ).toBe("tools/z&.webp");
    const truncated = parseListPage(
      page(entry("tools/a.webp") + entry("tools/not ours &lt;b&gt;.webp"), "<IsTruncated>true</IsTruncated>"),
    );
    expect(truncated.files.map((file) => file.key)).toEqual(["tools/a.webp"]);
    expect(truncated.nextMarker).toBe("tools/not ours <b>.webp");
  });

  it("leaves out keys this storage would never write, and entries without a date", () => {
    const parsed = parseListPage(
      page(entry("tools/../x.webp") + entry("tools/t1/ok.webp", "not a date") + entry("tools/t1/fine.webp")),
    );
    expect(parsed.files.map((file) => file.key)).toEqual(["tools/t1/fine.webp"]);
  });
});
