/** The safe fetcher against real local websites: what it reads, and every address it refuses, with why. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { createSafeFetcher, FetchRefusal, isPublicAddress } from "#server/fetch/safe-fetch.ts";
import { closedPortUrl } from "../setup/local-http.ts";
import { describedPage, startWebsite, type Website } from "../setup/websites.ts";

const USER_AGENT = "IndieToolsBot/1.0 (+http://localhost:3000)";

async function refusal(work: Promise<unknown>): Promise<FetchRefusal> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof FetchRefusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("the safe fetcher", () => {
  let site: Website;
  beforeAll(async () => {
    site = await startWebsite({
      "/": { body: describedPage() },
      "/hop": { redirect: "/" },
      "/to-loopback": { redirect: "" },
      "/huge": { huge: 50_000_000 },
      "/slow": { hang: true },
    });
    site.serve("/to-loopback", { redirect: `${site.url}/` });
    for (let hop = 0; hop < 7; hop++) site.serve(`/loop${hop}`, { redirect: `/loop${hop + 1}` });
  });
  afterAll(() => site.close());

  describe("with 127.0.0.1 allowed (FETCH_ALLOW_PRIVATE_HOSTS, as in tests)", () => {
    const fetcher = createSafeFetcher({ userAgent: USER_AGENT, allowedPrivateHosts: ["127.0.0.1"] });

    it("reads a page, following redirects, with its User-Agent and no cookie", async () => {
      const page = await fetcher.fetch(`${site.url}/hop`);
      expect(page.status).toBe(200);
      expect(page.url).toBe(`${site.url}/`);
      expect(page.redirects).toBe(1);
      expect(new TextDecoder().decode(page.body)).toContain("og:title");
      const [first, second] = site.requests.slice(-2);
      expect(first!.headers["user-agent"]).toBe(USER_AGENT);
      // The redirect set a cookie: it is not sent back.
      expect(second!.headers.cookie).toBeUndefined();
    });

    it("stops after 5 redirects", async () => {
      expect((await refusal(fetcher.fetch(`${site.url}/loop0`))).message).toBe(MESSAGES.fetch.tooManyRedirects(5));
    });

    it("stops reading a 50 MB page at 2 MB", async () => {
      const started = Date.now();
      expect((await refusal(fetcher.fetch(`${site.url}/huge`))).message).toBe(MESSAGES.fetch.tooLarge(2_000_000));
      expect(Date.now() - started).toBeLessThan(4000);
    });

    it("stops waiting for a slow page", async () => {
      const error = await refusal(fetcher.fetch(`${site.url}/slow`, { timeoutMs: 400 }));
      expect(error.reason).toBe("timeout");
    });

    it("says when nothing answers", async () => {
      expect((await refusal(fetcher.fetch(await closedPortUrl()))).message).toBe(MESSAGES.fetch.unreachable);
    });

    it("refuses what is not http or https", async () => {
      for (const address of [
        "file:///etc/passwd",
        "ftp://example.com/",
        "gopher://127.0.0.1/",
        "http://user:pw@127.0.0.1/",
      ]) {
        expect((await refusal(fetcher.fetch(address))).message).toBe(MESSAGES.fetch.badAddress);
      }
    });
  });

  describe("with no private host allowed (production)", () => {
    const fetcher = createSafeFetcher({ userAgent: USER_AGENT });

    it.each([
      "http://127.0.0.1:1/",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:1/",
      "http://[::ffff:127.0.0.1]:1/",
      "http://0.0.0.0:1/",
      "http://100.64.0.1/",
      "http://localhost:1/",
    ])("refuses %s: a private network", async (address) => {
      expect((await refusal(fetcher.fetch(address))).message).toBe(MESSAGES.fetch.privateAddress);
    });

    it("refuses the test site itself", async () => {
      const before = site.requests.length;
      expect((await refusal(fetcher.fetch(`${site.url}/`))).message).toBe(MESSAGES.fetch.privateAddress);
      expect(site.requests.length).toBe(before);
    });
  });

  it("refuses a redirect from an allowed host to 127.0.0.1, which is not", async () => {
    const fetcher = createSafeFetcher({ userAgent: USER_AGENT, allowedPrivateHosts: ["localhost"] });
    const start = `http://localhost:${site.port}/to-loopback`;
    expect((await refusal(fetcher.fetch(start))).message).toBe(MESSAGES.fetch.privateAddress);
    expect(site.requests.at(-1)!.path).toBe("/to-loopback");
  });

  it("calls public only the unicast addresses", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"]) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1",
      "fc00::1",
      "fd00:ec2::254",
      "::ffff:10.0.0.1",
      "ff02::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
