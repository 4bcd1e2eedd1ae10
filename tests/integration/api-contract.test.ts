/**
 * The API keeps to its own description: /api/v1/openapi.json is a valid OpenAPI 3.1 document, every route under /api/v1
 * is in it (or is one of the site's own, named below), and every documented operation, called with realistic
 * parameters on a seeded catalogue, answers what its schema says, successes and refusals alike.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reviews, tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertTools, insertUser } from "../factories.ts";
import { createClient } from "../setup/forms.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

/** Routes under /api/v1 that are the site's own, cookie-authenticated, and no part of the public API; and the document itself. */
const NOT_DOCUMENTED = new Set([
  "GET /api/v1/openapi.json",
  "POST /api/v1/tools/:id/favorite",
  "DELETE /api/v1/tools/:id/favorite",
  "POST /api/v1/tools/:id/images/:kind",
]);

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        security?: Record<string, string[]>[];
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
      }
    >
  >;
  components: { schemas: Record<string, object>; securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

/** Every object of the document's schemas refuses properties it does not name: an answer that grows a field fails. */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(closeObjects);
  if (!node || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  if (schema.type === "object" && schema.properties && schema.additionalProperties === undefined)
    schema.additionalProperties = false;
  Object.values(schema).forEach(closeObjects);
}

describe.each(databaseKinds)("the API's contract on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let document: Document;
  /** A request of a call: a path for a plain GET, or a path with its method, headers and body. */
  type Call = string | { path: string; init: RequestInit; status?: number };
  /** Realistic calls of each operation, by operationId: answered 200 (or the status they name), then refused. */
  let calls: Record<string, { ok: Call[]; refused: { path: string | Call; status: number }[] }>;

  beforeAll(async () => {
    const design = await insertCategory(database.db, { label: "Design" });
    const analytics = await insertCategory(database.db, { label: "Analytics" });
    const maker = await insertUser(database.db, { username: "Ada" });
    const tool = await insertTool(database.db, {
      name: "Plausible Analytics",
      categories: [analytics.id, design.id],
      tags: ["open-source", "privacy"],
      paymentType: "freemium",
      isHomeBoosted: true,
      pros: ["Light"],
      cons: ["Paid hosting"],
      faq: [{ question: "Self-hosted?", answer: "Yes" }],
      longDesc: "**Simple** analytics.",
    });
    await database.db
      .update(tools)
      .set({ creatorUsername: maker.slug, isLinkedToCreator: true, views: 12, clicks: 3 })
      .where(eq(tools.id, tool.id));
    // Two public reviews of it, one with the maker's reply.
    for (const [index, reply] of [null, "Thanks!"].entries()) {
      const reviewer = await insertUser(database.db);
      await database.db.insert(reviews).values({
        id: `rcontract${index}`,
        toolId: tool.id,
        userId: reviewer.id,
        rating: 4 + index,
        body: "Useful",
        status: "live",
        reply,
        repliedAt: reply ? new Date() : null,
      });
    }
    await insertTools(database.db, 30, new Date("2026-01-01T00:00:00Z"), {
      categories: [design.id],
      tags: ["design"],
      paymentType: "free",
    });
    await insertTool(database.db, { name: "Hidden analytics", isVerified: false, categories: [analytics.id] });
    const hidden = await insertTool(database.db, { name: "Gone analytics", isActive: false });

    const firstPage = (await (await app.request("/api/v1/tools?limit=2")).json()) as { nextCursor: string };
    const namePage = (await (await app.request("/api/v1/tools?sort=name&limit=2")).json()) as { nextCursor: string };
    const tagPage = (await (await app.request("/api/v1/tags?limit=1")).json()) as { nextCursor: string };
    calls = {
      listTools: {
        ok: [
          "/api/v1/tools",
          `/api/v1/tools?limit=2&cursor=${firstPage.nextCursor}`,
          "/api/v1/tools?category=analytics&tag=open-source&pricing=freemium&featured=true&sort=views&q=plausible",
          "/api/v1/tools?category=design&sort=clicks&limit=5",
          "/api/v1/tools?featured=false&pricing=free",
          "/api/v1/tools?sort=name&limit=2",
          `/api/v1/tools?sort=name&limit=2&cursor=${namePage.nextCursor}`,
        ],
        refused: [
          { path: "/api/v1/tools?colour=red", status: 400 },
          { path: "/api/v1/tools?category=nothing-here", status: 400 },
          { path: "/api/v1/tools?cursor=broken", status: 400 },
        ],
      },
      getTool: {
        ok: [`/api/v1/tools/${tool.id}`],
        refused: [
          { path: `/api/v1/tools/${hidden.id}`, status: 404 },
          { path: `/api/v1/tools/${tool.id}?x=1`, status: 400 },
        ],
      },
      getToolBySlug: {
        ok: [`/api/v1/tools/by-slug/${tool.slug}`],
        refused: [
          { path: `/api/v1/tools/by-slug/${hidden.slug}`, status: 404 },
          { path: `/api/v1/tools/by-slug/${tool.slug}?x=1`, status: 400 },
        ],
      },
      getRelatedTools: {
        ok: [`/api/v1/tools/${tool.id}/related`],
        refused: [
          { path: "/api/v1/tools/tnothere/related", status: 404 },
          { path: `/api/v1/tools/${tool.id}/related?x=1`, status: 400 },
        ],
      },
      listToolReviews: {
        ok: [`/api/v1/tools/${tool.id}/reviews`, `/api/v1/tools/${tool.id}/reviews?sort=helpful&limit=1`],
        refused: [
          { path: "/api/v1/tools/tnothere/reviews", status: 404 },
          { path: `/api/v1/tools/${tool.id}/reviews?sort=best`, status: 400 },
          { path: `/api/v1/tools/${tool.id}/reviews?page=2`, status: 400 },
        ],
      },
      searchTools: {
        ok: ["/api/v1/search?q=plausible", "/api/v1/search?q=Bulk%20tool&limit=3", "/api/v1/search?q=plausibel"],
        refused: [
          { path: "/api/v1/search", status: 400 },
          { path: "/api/v1/search?q=%21%21", status: 400 },
        ],
      },
      listCategories: { ok: ["/api/v1/categories"], refused: [{ path: "/api/v1/categories?sort=label", status: 400 }] },
      listTags: {
        ok: ["/api/v1/tags", `/api/v1/tags?limit=1&cursor=${tagPage.nextCursor}`],
        refused: [{ path: "/api/v1/tags?limit=1000", status: 400 }],
      },
      listTopLists: { ok: ["/api/v1/top-lists"], refused: [{ path: "/api/v1/top-lists?page=2", status: 400 }] },
    };
    // Keys made as a person makes them, on /settings/api-keys: one that may write, one that may only read.
    const owner = createClient(app.request);
    await owner.postSolved("/register", { username: "Keyholder", email: "keys@example.com", password: "long-enough" });
    const keyOf = async (scope: string) =>
      /it_live_[A-Za-z0-9_-]{43}/.exec(
        await (await owner.post("/settings/api-keys", { intent: "create", name: scope, scope })).text(),
      )![0];
    const [writeKey, readKey] = [await keyOf("write"), await keyOf("read")];
    const [keyholder] = await database.db.select().from(users).where(eq(users.email, "keys@example.com"));
    const ownTool = await insertTool(database.db, {
      name: "Own tool",
      categories: [design.id],
      submittedBy: keyholder!.id,
      shortDesc: "A tool the key's owner submitted earlier",
    });
    const write = (method: string, path: string, body: unknown, key = writeKey, status?: number): Call => ({
      path,
      status,
      init: {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      },
    });
    const submission = {
      name: "Keyed tool",
      website: "https://keyed.example.com",
      shortDesc: "A tool submitted with an API key",
      categories: [design.id],
      tags: ["keys"],
    };
    calls.submitTool = {
      ok: [write("POST", "/api/v1/tools", submission, writeKey, 201)],
      refused: [
        { path: write("POST", "/api/v1/tools", { ...submission, shortDesc: "short" }), status: 400 },
        { path: write("POST", "/api/v1/tools", submission, readKey), status: 403 },
        { path: write("POST", "/api/v1/tools", submission, `it_live_${"x".repeat(43)}`), status: 401 },
        { path: write("POST", "/api/v1/tools", { ...submission, name: "Again" }), status: 409 },
      ],
    };
    calls.updateTool = {
      ok: [write("PATCH", `/api/v1/tools/${ownTool.id}`, { paymentType: "paid", tags: ["keys", "design"] })],
      refused: [
        { path: write("PATCH", `/api/v1/tools/${tool.id}`, { name: "Not mine" }), status: 403 },
        { path: write("PATCH", "/api/v1/tools/tnothere", { name: "Nothing" }), status: 404 },
        { path: write("PATCH", `/api/v1/tools/${ownTool.id}`, { categories: [] }), status: 400 },
      ],
    };
    document = (await (await app.request("/api/v1/openapi.json")).json()) as Document;
  });

  it("describes the key as a bearer scheme: optional on reads, required on writes", () => {
    expect(document.components.securitySchemes?.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/tools"]!.get!.security).toEqual([{}, { apiKey: [] }]);
    expect(document.paths["/tools"]!.post!.security).toEqual([{ apiKey: [] }]);
    expect(document.paths["/tools/{id}"]!.patch!.security).toEqual([{ apiKey: [] }]);
  });

  it("serves a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every route under /api/v1 but the site's own", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} /api/v1${path.replace(/\{([^}]+)\}/g, ":$1")}`),
      ),
    );
    const served = new Set(
      app.app.routes
        .filter((route) => route.path.startsWith("/api/v1/") && !route.path.includes("*") && route.method !== "ALL")
        .map((route) => `${route.method} ${route.path}`),
    );
    const undocumented = [...served].filter((route) => !documented.has(route) && !NOT_DOCUMENTED.has(route));
    expect(undocumented).toEqual([]);
    // Nothing is documented that is not served, and the exceptions are still real routes.
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
    expect([...NOT_DOCUMENTED].filter((route) => !served.has(route))).toEqual([]);
  });

  it("calls every documented operation, and each answer matches its schema", async () => {
    const schemas = structuredClone(document) as Document;
    closeObjects(schemas);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "https://contract.test/openapi.json", ...schemas } as object);

    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(Object.keys(calls).sort());

    for (const { path, method, operation } of operations) {
      const call = calls[operation.operationId]!;
      const answers = [
        ...call.ok.map((ok) =>
          typeof ok === "string"
            ? { url: ok, status: 200, init: {} }
            : { url: ok.path, status: ok.status ?? 200, init: ok.init },
        ),
        ...call.refused.map(({ path: refused, status }) =>
          typeof refused === "string"
            ? { url: refused, status, init: {} }
            : { url: refused.path, status, init: refused.init },
        ),
      ];
      for (const { url, status, init } of answers) {
        const response = await app.request(url, { method: method.toUpperCase(), ...init });
        const body: unknown = await response.json();
        expect({ url, status: response.status, body }).toMatchObject({ url, status });
        expect(Object.keys(operation.responses), `${url}: ${status} is not documented`).toContain(String(status));
        const pointer = `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses/${status}/content/application~1json/schema`;
        const validate = ajv.getSchema(`https://contract.test/openapi.json${pointer}`)!;
        expect(validate, pointer).toBeTypeOf("function");
        expect({ url, valid: validate(body), errors: validate.errors ?? null }).toEqual({
          url,
          valid: true,
          errors: null,
        });
      }
    }
  });

  it("finds the seeded tools with realistic parameters, so the answers checked are not empty", async () => {
    const filtered = (await (await app.request(calls.listTools!.ok[2] as string)).json()) as {
      items: { name: string }[];
    };
    expect(filtered.items.map((item) => item.name)).toEqual(["Plausible Analytics"]);
    const related = (await (await app.request(calls.getRelatedTools!.ok[0] as string)).json()) as {
      suggested: unknown[];
      usersAdded: { name: string }[];
    };
    expect(related.suggested.length).toBeGreaterThan(0);
    expect(related.usersAdded.map((item) => item.name)).toEqual(["Plausible Analytics"]);
  });
});
