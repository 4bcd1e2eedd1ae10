/** The holes a hostile test of the app found, each tried the way the attacker tried it, through the real HTTP app. */
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { eq } from "drizzle-orm";
import { authSessions, authUsers, users } from "#server/db/schema.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { slugify } from "#common/slugify.ts";
import { importCatalogue } from "#server/catalogue/import.ts";
import { exportCatalogue } from "#server/catalogue/export.ts";
import { csvColumns, guessMapping, readImportSource } from "#server/catalogue/sources.ts";
import { runDailyJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { tools } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { FORMULA_PAYLOADS, runsAsFormula } from "../setup/formula-payloads.ts";

const ORIGIN = "http://localhost:3000";

describe.each(databaseKinds)("hostile requests on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  async function register(email = "ada@example.com", password = "analytical") {
    const client = createClient(app.request);
    const response = await client.postSolved("/register", {
      username: "Ada Lovelace",
      email,
      password,
    });
    expect(response.status).toBe(302);
    return client;
  }

  /** Registers, then gives the role directly, as `npm run admin` would. */
  async function signedInAdmin() {
    const client = await register("admin@example.com");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "admin@example.com"));
    return client;
  }

  /** Every page whose route has an action. */
  const FORM_PAGES = [
    "/login",
    "/register",
    "/logout",
    "/forgot-password",
    "/reset-password",
    "/favorites",
    "/edit-profile",
    "/settings/api-keys",
    "/add-tool",
    "/edit-tool/t123",
    "/profile/ada-lovelace",
    "/tool/some-tool",
    "/admin?index",
    "/admin/claims",
    "/admin/reports",
    "/admin/tools",
    "/admin/categories",
    "/admin/users",
    "/admin/requests",
    "/admin/deliveries",
    "/admin/links",
    "/admin/import",
    "/admin/webhooks",
    "/admin/webhooks/w123",
    "/admin/api-keys",
    "/admin/featuring",
    "/admin/analytics",
    "/admin/newsletter",
    "/feature/t123",
    "/purchase/p123",
    "/tool/some-tool/review",
    "/tool/some-tool/deal",
    "/tool/some-tool/link-back",
    "/tool/some-tool/launch",
    "/admin/settings",
    "/admin/sponsors",
    "/advertise/banner",
    "/reviews/r123/reply",
    "/reviews/r123/report",
    "/reviews/r123/helpful",
    "/admin/reviews",
    "/follows",
    "/following",
    "/unsubscribe",
  ];

  it("tells the admins of a sign-in failure whose words hold a NUL or half a character, and answers with the catalogue's message", async () => {
    for (const error of ["a\u0000b", "\uD800x", `${"é".repeat(199)}\uD83D\uDE00`]) {
      const response = await app.request(`/auth/failed?${new URLSearchParams({ error, error_description: error })}`);
      expect(response.status, JSON.stringify(error)).toBe(200);
      expect(await response.text()).toContain(MESSAGES.auth.noEmail);
    }
  });

  describe("a page's action", () => {
    it.each([
      ["JSON", { "content-type": "application/json" }, '{"email":"a@example.com"}', MESSAGES.page.notAForm],
      ["plain text", { "content-type": "text/plain" }, "email=a@example.com", MESSAGES.page.notAForm],
      ["no content type", {}, undefined, MESSAGES.page.notAForm],
      [
        "a multipart form with no boundary",
        { "content-type": "multipart/form-data" },
        "--x\r\n",
        MESSAGES.page.unreadableForm,
      ],
      [
        "a broken multipart form",
        { "content-type": "multipart/form-data; boundary=xyz" },
        "--xyz\r\nContent-Disposition: form-data\r\n",
        MESSAGES.page.unreadableForm,
      ],
    ])(
      "answers a body that is %s with a 400 and a message, as a visitor and as an admin",
      async (_what, headers, body, message) => {
        const admin = await signedInAdmin();
        for (const path of FORM_PAGES) {
          for (const send of [app.request, admin.request]) {
            const response = await send(path, {
              method: "POST",
              headers: { origin: ORIGIN, ...headers },
              ...(body === undefined ? {} : { body }),
            });
            expect({ path, status: response.status }).toEqual({
              path,
              status: 400,
            });
            expect(await response.json()).toEqual({
              error: { code: "invalid-argument", message },
            });
          }
        }
      },
    );

    it("still takes a form", async () => {
      await register();
      const response = await createClient(app.request).post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
      });
      expect(response.status).toBe(302);
    });
  });

  describe("a control byte in an address", () => {
    it.each([
      "/tool/a%00b",
      "/tool/a%0Ab",
      "/category/%1f",
      "/profile/%7F",
      "/tool/%E0%A4%A",
      "/api/v1/tools/a%00b",
      "/blog/%00",
    ])("answers %s with a 404 and a message", async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not-found", message: MESSAGES.page.notFound } });
    });

    it("answers /edit-tool/%00 with a 404 to an admin", async () => {
      const admin = await signedInAdmin();
      expect((await admin.request("/edit-tool/%00")).status).toBe(404);
      expect((await admin.request("/edit-tool/a%00b")).status).toBe(404);
    });
  });

  describe("request bodies", () => {
    /** A body of up to `totalBytes`, made as it is read; `pulled()` says how much of it the server read. */
    function hugeBody(totalBytes: number) {
      const chunk = new Uint8Array(64 * 1024).fill(97);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= totalBytes) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      return { stream, pulled: () => sent };
    }

    it.each([
      ["/api/v1/tools/t123/images/logo", "multipart/form-data; boundary=xyz", 5_000_000 + 64 * 1024],
      ["/add-tool", "multipart/form-data; boundary=xyz", 10_000_000 + 64 * 1024],
      ["/login", "application/x-www-form-urlencoded", 128 * 1024],
      ["/api/functions/submitTool", "application/json", 128 * 1024],
      ["/api/v1/tools/t123/favorite", "application/json", 128 * 1024],
      ["/api/stripe/webhook", "application/json", 512 * 1024],
    ])("stops reading a 300 MB body to %s at its limit and answers 413 with a message", async (path, type, limit) => {
      const body = hugeBody(300_000_000);
      const started = Date.now();
      const response = await app.request(path, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": type },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: { code: "invalid-argument", message: MESSAGES.page.bodyTooLarge(limit) },
      });
      expect(body.pulled()).toBeLessThan(limit + 256 * 1024);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it("answers 413 at once to a body whose declared length is over the limit", async () => {
      const response = await app.request("/register", {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "content-length": "300000000" },
        body: "username=a",
      });
      expect(response.status).toBe(413);
    });

    it("still takes an upload of the largest image allowed", async () => {
      const admin = await signedInAdmin();
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(5_000_000 - 1)]), "big.png");
      const response = await admin.postMultipart("/api/v1/tools/t123/images/logo", form);
      // Read whole and checked: an image we cannot read, not a body too large.
      expect(response.status).not.toBe(413);
      expect(response.status).toBeLessThan(500);
    });
  });

  describe("the way back after signing in", () => {
    it.each([
      "/%09/evil.example/phish",
      "/%0A/evil.example",
      "/%0D%0A/evil.example",
      "/%5C/evil.example",
      "//evil.example",
      "https://evil.example/",
    ])("sends a signed-in visitor of /login?redirectTo=%s to / (no other host, no 500)", async (target) => {
      const client = await register();
      for (const page of ["/login", "/register"]) {
        const response = await client.request(`${page}?redirectTo=${target}`);
        expect({ page, status: response.status, location: response.headers.get("location") }).toEqual({
          page,
          status: 302,
          location: "/",
        });
      }
    });

    it("keeps a path on this site with non-ASCII characters, encoded, and a lone surrogate goes to /", async () => {
      const client = await register();
      const accented = await client.request("/login?redirectTo=/search/caf%C3%A9");
      expect(accented.status).toBe(302);
      expect(accented.headers.get("location")).toBe("/search/caf%C3%A9");
      const broken = await client.request("/login?redirectTo=/a%ED%A0%80b");
      expect(broken.status).toBe(302);
      expect(broken.headers.get("location")?.startsWith("/")).toBe(true);
      expect(broken.headers.get("location")?.startsWith("//")).toBe(false);
    });

    it("sends the login form's post with a TAB in its way back to /", async () => {
      await register();
      const response = await createClient(app.request).post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
        redirectTo: "/\t/evil.example/phish",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    });
  });

  it("logs every 5xx at error level, with its request id: a page and an API call", async () => {
    const broken = await openTestDatabase(kind);
    const { request } = await createTestApp(broken, { LOG_LEVEL: "error" });
    await broken.close();
    const written: string[] = [];
    const stderr = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      for (const path of ["/", "/tools", "/api/v1/tools"]) {
        written.length = 0;
        const response = await request(path);
        expect(response.status).toBe(500);
        // Under the request's id, which the answer names too.
        const id = response.headers.get("x-request-id");
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(
          written.some(
            (line) =>
              line.includes(` ERROR [${id}] GET ${path === "/" ? "/ " : path}`) &&
              / (failed|: render error)/.test(line),
          ),
        ).toBe(true);
      }
    } finally {
      process.stderr.write = stderr;
    }
  });

  it("turns off the browser features the site never uses, on pages, cached pages and the API", async () => {
    for (const path of ["/", "/", "/login", "/api/v1/tools"]) {
      const policy = (await app.request(path)).headers.get("permissions-policy") ?? "";
      for (const feature of [
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
        "display-capture=()",
      ])
        expect(policy).toContain(feature);
      expect(policy).not.toContain("clipboard-write");
    }
  });

  describe("Better Auth's endpoints", () => {
    it("refuses sign-up/email: no account, no session, and the owner can still register", async () => {
      const response = await app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({
          email: "victim@example.com",
          password: "squatting",
          name: "<b>x</b>",
          image: "javascript:alert(1)",
        }),
      });
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toEqual({
        error: { code: "not-found", message: MESSAGES.page.noSuchAuthEndpoint },
      });
      expect(await database.db.select().from(authUsers)).toEqual([]);
      await register("victim@example.com");
    });

    it("refuses sign-in/email, even with the right password", async () => {
      await register();
      const response = await app.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({
          email: "ada@example.com",
          password: "analytical",
        }),
      });
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it("answers 404 with a message on every endpoint Better Auth has, but the three a browser is sent to", async () => {
      const auth = await app.services.auth();
      const endpoints = Object.values(
        auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
      ).filter((endpoint) => typeof endpoint.path === "string");
      expect(endpoints.length).toBeGreaterThan(20);
      const reached: string[] = [];
      for (const endpoint of endpoints) {
        const methods = [endpoint.options?.method ?? "GET"].flat().map((method) => (method === "*" ? "POST" : method));
        const path = `/api/auth${endpoint.path!.replace(/:[a-zA-Z]+/g, "google")}`;
        for (const method of new Set([...methods, "GET", "POST"])) {
          const response = await app.request(path, {
            method,
            headers: {
              origin: ORIGIN,
              ...(method === "GET" ? {} : { "content-type": "application/json" }),
            },
            ...(method === "GET" ? {} : { body: "{}" }),
          });
          const body = response.status === 404 ? ((await response.json()) as { error?: { message?: string } }) : null;
          if (body?.error?.message === MESSAGES.page.noSuchAuthEndpoint) continue;
          reached.push(`${method} ${path}`);
        }
      }
      expect(reached.sort()).toEqual([
        "GET /api/auth/callback/google",
        "GET /api/auth/magic-link/verify",
        "GET /api/auth/reset-password/google",
      ]);
    });
  });

  describe("spreadsheet formulas in a maker's text", () => {
    const NIGHT = new Date("2026-03-01T02:00:00Z");
    const CELLS_OF_A_TOOL = ["name", "shortDesc", "longDesc", "tags", "pros", "cons", "faq"];

    /** A live tool per payload, with the payload at the start of every text field a maker fills. */
    async function insertHostileTools(
      categoryId: string,
      payloads: string[],
      stored: (value: string) => string,
      tag = stored,
    ) {
      for (const [index, payload] of payloads.entries()) {
        await insertTool(database.db, {
          name: stored(`${payload.slice(0, 50)} ${index}`),
          website: `https://formula-${index}.example`,
          shortDesc: stored(`${payload} that is long enough`),
          longDesc: stored(`${payload}\nand more`),
          categories: [categoryId],
          tags: [tag(payload)],
          pros: [stored(payload), "Second"],
          cons: [stored(payload)],
          faq: [{ question: stored(payload), answer: stored(payload) }],
          verifiedAt: NIGHT,
        });
      }
    }

    function expectNoFormula(csv: string, count: number) {
      const rows = parse(csv, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(count);
      for (const row of rows) {
        for (const [column, cell] of Object.entries(row))
          expect({ column, cell, runs: runsAsFormula(cell) }).toEqual({ column, cell, runs: false });
      }
      // Every payload is there, as text: a quote before it.
      for (const column of CELLS_OF_A_TOOL.filter((name) => name !== "faq")) {
        expect(
          rows.some((row) => row[column]!.startsWith("'")),
          column,
        ).toBe(true);
      }
    }

    it("writes no cell a spreadsheet would run, in the console's export and the open-data dump", async () => {
      const category = await insertCategory(database.db, { label: "Analytics" });
      // As the database may hold them, untrimmed: a TAB or a CR first.
      await insertHostileTools(category.id, FORMULA_PAYLOADS, (value) => value);
      const admin = await signedInAdmin();
      const exported = await admin.request("/admin/export?format=csv");
      expect(exported.status).toBe(200);
      expectNoFormula(await exported.text(), FORMULA_PAYLOADS.length);

      await runDailyJobs(app.services, createLogger("silent"), NIGHT);
      const dump = await app.request("/files/open-data/catalogue.csv.gz");
      expect(dump.status).toBe(200);
      expectNoFormula(gunzipSync(Buffer.from(await dump.arrayBuffer())).toString("utf8"), FORMULA_PAYLOADS.length);
    });

    it("imports its own export back to the original values", async () => {
      const category = await insertCategory(database.db, { label: "Analytics" });
      // As the forms, the API and the import store them: trimmed, and tags as slugs (common/tool-input.ts).
      await insertHostileTools(
        category.id,
        FORMULA_PAYLOADS,
        (value) => value.trim(),
        (value) => slugify(value).slice(0, 30),
      );
      const csv = (await exportCatalogue(database.db, "csv", NIGHT)).text;
      const stored = () =>
        database.db
          .select({
            name: tools.name,
            shortDesc: tools.shortDesc,
            longDesc: tools.longDesc,
            tags: tools.tags,
            pros: tools.pros,
            cons: tools.cons,
            faq: tools.faq,
          })
          .from(tools)
          .orderBy(tools.website);
      const before = await stored();
      expect(before.map((tool) => tool.shortDesc[0])).toEqual(expect.arrayContaining(["=", "+", "-", "@", "\uFF1D"]));

      await database.db.delete(tools);
      const imported = await importCatalogue(database.db, readImportSource("csv", csv, guessMapping(csvColumns(csv))));
      expect(imported.counts).toEqual({ create: FORMULA_PAYLOADS.length, update: 0, unchanged: 0, refuse: 0 });
      expect(await stored()).toEqual(before);
      expect((await exportCatalogue(database.db, "csv", NIGHT)).text).toBe(csv);
    });
  });

  describe("the sign-in limit", () => {
    async function login(appRequest: typeof app.request, password: string, address?: string) {
      const client = createClient(appRequest);
      const response = await client.request("/login", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          ...(address ? { "x-forwarded-for": address } : {}),
        },
        body: new URLSearchParams({
          intent: "password",
          email: "ada@example.com",
          password,
        }).toString(),
      });
      return {
        status: response.status,
        html: response.status === 302 ? "" : await response.text(),
      };
    }

    it("does not let an attacker lock the owner out: the owner signs in from another address", async () => {
      const behindProxy = await createTestApp(database, {
        TRUST_PROXY: "true",
      });
      await register();
      for (let attempt = 0; attempt < 10; attempt++)
        expect((await login(behindProxy.request, "wrong-password", "203.0.113.66")).status).toBe(401);
      const refused = await login(behindProxy.request, "wrong-password", "203.0.113.66");
      expect(refused.status).toBe(429);
      expect(refused.html).toContain(MESSAGES.auth.tooManyRequests);
      expect((await login(behindProxy.request, "analytical", "203.0.113.66")).status).toBe(429);
      expect((await login(behindProxy.request, "analytical", "198.51.100.1")).status).toBe(302);
    });

    it("counts a spoofed X-Forwarded-For as the same sender when no proxy is trusted", async () => {
      await register();
      for (let attempt = 0; attempt < 10; attempt++)
        expect((await login(app.request, "wrong-password", `198.51.100.${attempt}`)).status).toBe(401);
      expect((await login(app.request, "wrong-password", "198.51.100.200")).status).toBe(429);
    });

    it("backs off one address that tries many accounts", async () => {
      const behindProxy = await createTestApp(database, {
        TRUST_PROXY: "true",
      });
      const outcomes: number[] = [];
      for (let attempt = 0; attempt < 31; attempt++) {
        const client = createClient(behindProxy.request);
        const response = await client.request("/login", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: ORIGIN,
            "x-forwarded-for": "203.0.113.77",
          },
          body: new URLSearchParams({
            intent: "password",
            email: `someone-${attempt}@example.com`,
            password: "guess-guess",
          }).toString(),
        });
        outcomes.push(response.status);
      }
      expect(outcomes.slice(0, 30).every((status) => status !== 429)).toBe(true);
      expect(outcomes[30]).toBe(429);
    });

    it("gives Better Auth the app's address of the visitor, never a client-sent X-Forwarded-For", async () => {
      await register();
      await database.db.delete(authSessions);
      expect((await login(app.request, "analytical", "203.0.113.9")).status).toBe(302);
      const behindProxy = await createTestApp(database, {
        TRUST_PROXY: "true",
      });
      expect((await login(behindProxy.request, "analytical", "203.0.113.10")).status).toBe(302);
      const addresses = (await database.db.select({ ipAddress: authSessions.ipAddress }).from(authSessions)).map(
        (row) => row.ipAddress,
      );
      // In-process requests have no socket: without a trusted proxy Better Auth gets no address it can use (and under
      // test falls back to 127.0.0.1), never the one the client made up.
      expect(addresses).toHaveLength(2);
      expect(addresses).toContain("203.0.113.10");
      expect(addresses).not.toContain("203.0.113.9");
    });
  });

  it("counts a suggestion that is not kept against its client's renders, as a page's miss: a kept one costs none", async () => {
    const budgeted = await createTestApp(database, { TRUST_PROXY: "true", PAGE_RENDERS_PER_MINUTE: "5" });
    await insertTool(database.db, { name: "Suggested tool" });
    const ask = (q: string, address: string) =>
      budgeted.request(`/api/suggest?q=${q}`, { headers: { "x-forwarded-for": address } });
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) statuses.push((await ask(`word-${index}`, "203.0.113.80")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await ask("word-99", "203.0.113.80");
    expect(await refused.json()).toEqual({
      error: { code: "resource-exhausted", message: MESSAGES.auth.tooManyRequests },
    });
    // What is kept still answers, and another client is not held back.
    expect((await ask("word-0", "203.0.113.80")).status).toBe(200);
    expect((await ask("word-50", "198.51.100.80")).status).toBe(200);
  });
});
