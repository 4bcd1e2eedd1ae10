/**
 * The JSON API under /api/v1: the public read API, described by OpenAPI 3.1 at /api/v1/openapi.json, and the site's
 * own cookie-authenticated favourites. Thin handlers that parse input, call one service and shape the answer; each read
 * route is declared once (createRoute) with the schemas of common/schemas/api.ts, which both validate the request and
 * write the document (decision 026).
 */
import { createRoute, type OpenAPIHono as OpenAPIHonoType, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "#common/zod.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import {
  apiCategoryList,
  apiError,
  apiNoQuery,
  apiRelatedTools,
  apiSearchQuery,
  apiSubmittedTool,
  apiToolChanges,
  apiToolSubmission,
  apiTagList,
  apiTagsQuery,
  apiTool,
  apiReviewList,
  apiReviewsQuery,
  apiToolIdParams,
  apiToolList,
  apiToolSlugParams,
  apiToolsQuery,
  apiTopListList,
} from "#common/schemas/api.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import { invalidInput } from "#common/input-errors.ts";
import { submitToolFunctionInput } from "#common/schemas/functions.ts";
import type { PaymentType } from "#common/constants.ts";
import type { Services } from "../services.ts";
import type { ToolDetail } from "../tools/read/queries.ts";
import type { ToolRow } from "../tools/lifecycle/shared.ts";
import type { KeyedVariables } from "./api-keys.ts";

/** A tool id from the URL; anything that cannot be one is a tool that does not exist. */
function parseToolId(text: string): string {
  const id = toolIdParam.safeParse(text);
  if (!id.success) throw new AppError("not-found", MESSAGES.tool.notFoundById);
  return id.data;
}

/** A tool as the API shows it: the database keeps its pricing as text, always one of PAYMENT_TYPES. */
function asApiTool(tool: ToolDetail) {
  return { ...tool, paymentType: tool.paymentType as PaymentType };
}

/** How long a client or a CDN may reuse a read without asking again; after that the ETag makes asking cheap. */
const READ_CACHE_CONTROL = "public, max-age=30";

const json = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

const errors = {
  400: json(
    apiError,
    "A parameter is unknown or has a value the endpoint does not take (an unknown category, tag, pricing or sort, a bad cursor).",
  ),
  500: json(apiError, "Something failed on our side; the message says nothing more."),
};
const notFound = { 404: json(apiError, "No live tool has this id or slug.") };

/** The name of the bearer security scheme in the document: a personal API key (docs/decisions/028). */
const API_KEY_SCHEME = "apiKey";
const READ_SECURITY: RouteConfig["security"] = [{}, { [API_KEY_SCHEME]: [] }];
const WRITE_SECURITY: RouteConfig["security"] = [{ [API_KEY_SCHEME]: [] }];

const keyErrors = {
  401: json(apiError, "The Authorization header holds no key of ours, or the key is unknown or revoked."),
  429: json(apiError, "The key made too many requests: wait the Retry-After seconds."),
};
const writeErrors = {
  400: json(
    apiError,
    "The body is not a JSON object, or a field is refused: `fields` has the form's message for each.",
  ),
  ...keyErrors,
  403: json(apiError, "The key may only read, or its user may not change this tool."),
  409: json(
    apiError,
    "Another tool has this website already (`fields.listedTool` is its page), or it was just submitted.",
  ),
  500: errors[500],
};

/** A tool as a write answers it: where it stands, not yet what the public sees. */
function asSubmittedTool({ id, name, slug, website, isVerified, isActive, updatedAt }: ToolRow) {
  return { id, name, slug, website, isVerified, isActive, updatedAt: updatedAt.toISOString() };
}

/** The fields of a tool as a write takes them: what a change leaves out keeps these. */
function writeFieldsOf(tool: ToolRow) {
  const { name, website, shortDesc, longDesc, categories, tags, paymentType, pros, cons, faq } = tool;
  return {
    name,
    website,
    shortDesc,
    longDesc,
    categories,
    tags,
    paymentType,
    pros: pros ?? [],
    cons: cons ?? [],
    faq: faq ?? [],
  };
}

/** The user a write acts as: the API key's, or the site's session; nobody is asked for a key. */
function writerOf(c: Context<{ Variables: KeyedVariables }>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthenticated", MESSAGES.apiKey.keyRequired);
  return user;
}

/** A documented GET of the public read API. */
function readRoute<
  Path extends string,
  Request extends RouteConfig["request"],
  Responses extends RouteConfig["responses"],
>(route: {
  path: Path;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  request: Request;
  responses: Responses;
}) {
  // A key is optional for a read; with one, the key's rate limit applies and its answers say where it stands.
  return createRoute({ method: "get", ...route, security: READ_SECURITY });
}

/** A documented write of the API: a key that may write (or the site's own session) is required. */
function writeRoute<
  Path extends string,
  Request extends RouteConfig["request"],
  Responses extends RouteConfig["responses"],
>(route: {
  method: "post" | "patch";
  path: Path;
  operationId: string;
  summary: string;
  description: string;
  request: Request;
  responses: Responses;
}) {
  return createRoute({ ...route, tags: ["Your tools"], security: WRITE_SECURITY });
}

const routes = {
  listTools: readRoute({
    path: "/tools",
    operationId: "listTools",
    summary: "List live tools",
    description:
      "Live tools, newest first or by views or clicks, filtered by category, tag, words, pricing, featuring, licence kind or self-hosting. Every filter narrows the list.",
    tags: ["Tools"],
    request: { query: apiToolsQuery },
    responses: { 200: json(apiToolList, "One page of tools."), ...errors },
  }),
  getTool: readRoute({
    path: "/tools/{id}",
    operationId: "getTool",
    summary: "Get a tool by id",
    description:
      "Everything the tool's page shows: its descriptions, tags, pricing, pros and cons, FAQ, counters and maker.",
    tags: ["Tools"],
    request: { params: apiToolIdParams, query: apiNoQuery },
    responses: { 200: json(apiTool, "The tool."), ...notFound, ...errors },
  }),
  getToolBySlug: readRoute({
    path: "/tools/by-slug/{slug}",
    operationId: "getToolBySlug",
    summary: "Get a tool by slug",
    description: "The same as by id, for the slug of the tool's page address (/tool/{slug}).",
    tags: ["Tools"],
    request: { params: apiToolSlugParams, query: apiNoQuery },
    responses: { 200: json(apiTool, "The tool."), ...notFound, ...errors },
  }),
  getRelatedTools: readRoute({
    path: "/tools/{id}/related",
    operationId: "getRelatedTools",
    summary: "What a tool's page shows besides the tool",
    description:
      "The tool's current counters, suggested tools (same categories, then featured ones) and the tools makers added.",
    tags: ["Tools"],
    request: { params: apiToolIdParams, query: apiNoQuery },
    responses: { 200: json(apiRelatedTools, "The tool's counters and related tools."), ...notFound, ...errors },
  }),
  listToolReviews: readRoute({
    path: "/tools/{id}/reviews",
    operationId: "listToolReviews",
    summary: "List a tool's reviews",
    description:
      "The tool's public reviews, newest first or most helpful first: each one's rating, words, author and the maker's reply. The tool's own answer carries its rating.",
    tags: ["Tools"],
    request: { params: apiToolIdParams, query: apiReviewsQuery },
    responses: { 200: json(apiReviewList, "One page of reviews."), ...notFound, ...errors },
  }),
  searchTools: readRoute({
    path: "/search",
    operationId: "searchTools",
    summary: "Search tools",
    description:
      "Live tools matching the words, most relevant first: names and tags count most, then descriptions; a typo finds names that look alike.",
    tags: ["Tools"],
    request: { query: apiSearchQuery },
    responses: { 200: json(apiToolList, "One page of tools, most relevant first."), ...errors },
  }),
  listCategories: readRoute({
    path: "/categories",
    operationId: "listCategories",
    summary: "List categories",
    description: "Every category, by name, with its number of live tools. One page holds them all.",
    tags: ["Catalogue"],
    request: { query: apiNoQuery },
    responses: { 200: json(apiCategoryList, "Every category."), ...errors },
  }),
  listTags: readRoute({
    path: "/tags",
    operationId: "listTags",
    summary: "List tags",
    description: "The tags of live tools, most used first, then by name.",
    tags: ["Catalogue"],
    request: { query: apiTagsQuery },
    responses: { 200: json(apiTagList, "One page of tags."), ...errors },
  }),
  listTopLists: readRoute({
    path: "/top-lists",
    operationId: "listTopLists",
    summary: "List the technology top-lists",
    description:
      "The site's top-list pages (React tools, AI tools...): each names the words whose tools it shows. One page holds them all.",
    tags: ["Catalogue"],
    request: { query: apiNoQuery },
    responses: { 200: json(apiTopListList, "Every top-list."), ...errors },
  }),
  submitTool: writeRoute({
    method: "post",
    path: "/tools",
    operationId: "submitTool",
    summary: "Submit a tool",
    description:
      "Submits a tool as the key's user, as the Add tool form does: the same rules and messages, and the tool waits in the queue until a verifier checks it. Needs a key that may write.",
    request: { body: { required: true, content: { "application/json": { schema: apiToolSubmission } } } },
    responses: { 201: json(apiSubmittedTool, "The tool, submitted and queued."), ...writeErrors },
  }),
  updateTool: writeRoute({
    method: "patch",
    path: "/tools/{id}",
    operationId: "updateTool",
    summary: "Change one of your tools",
    description:
      "Changes the fields given, as the tool's edit form does: only the tool's submitter or linked maker (or a verifier or admin) may. A new name or website of a live tool waits for a verifier's look. Needs a key that may write.",
    request: {
      params: apiToolIdParams,
      body: { required: true, content: { "application/json": { schema: apiToolChanges } } },
    },
    responses: { 200: json(apiSubmittedTool, "The tool as changed."), ...notFound, ...writeErrors },
  }),
};

/** The API's document: what /api/v1/openapi.json serves and /api/docs renders. */
export function apiDocument(api: Pick<OpenAPIHonoType, "getOpenAPI31Document">, siteUrl: string) {
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Indie Tools API",
      version: "1.0.0",
      description:
        "Read the directory's live tools, categories, tags and top-lists: no key is needed; answers carry an ETag (ask again with If-None-Match for a 304) and may be read from any origin. Submit a tool and change your own with a personal API key (your profile menu, API keys), sent as Authorization: Bearer it_live_...; a keyed request is limited per key and its answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.",
    },
    servers: [{ url: `${siteUrl.replace(/\/$/, "")}/api/v1` }],
    tags: [
      { name: "Tools", description: "Live tools: lists, search, one tool." },
      { name: "Catalogue", description: "How the tools are arranged: categories, tags, top-lists." },
      { name: "Your tools", description: "Submit a tool and change your own, with a personal API key that may write." },
    ],
  });
}

/**
 * A request the schemas refuse answers the API's one error shape with our messages: a path that names nothing is a
 * 404, a query parameter given twice or not known, or a bad value, a 400.
 */
function refuseInvalidInput(result: { success: boolean; target: string; error?: z.ZodError }, c: Context) {
  if (result.success || !result.error) return;
  const refusal = invalidInput(result.error);
  if (result.target === "param") throw new AppError("not-found", refusal.message);
  if (result.target === "query") {
    const repeated = Object.entries(c.req.queries()).find(([, values]) => values.length > 1);
    if (repeated)
      throw new AppError("invalid-argument", MESSAGES.api.repeatedParameter(repeated[0]), {
        [repeated[0]]: MESSAGES.api.repeatedParameter(repeated[0]),
      });
  }
  throw refusal;
}

export function createApi(services: Services, { siteUrl }: { siteUrl: string }) {
  // The session middleware of server/http/app.ts runs first for writes and sets the user (null for a visitor).
  const api = new OpenAPIHono<{ Variables: KeyedVariables }>({ defaultHook: refuseInvalidInput });
  api.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API key (it_live_...), made on the site under your profile menu, API keys. Keys that may only read are refused writes.",
  });

  // A write's body is JSON: anything else is refused with our words before the schema reads it.
  const requireJsonBody: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "POST" && c.req.method !== "PATCH") return next();
    if (!/^application\/json\s*(;|$)/i.test(c.req.header("content-type") ?? ""))
      throw new AppError("invalid-argument", MESSAGES.api.notJson);
    const body: unknown = await c.req.json().catch(() => undefined);
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new AppError("invalid-argument", MESSAGES.api.notJson);
    await next();
  };
  api.use("/tools", requireJsonBody);
  api.use("/tools/:id", requireJsonBody);

  api.use("*", async (c, next) => {
    await next();
    if (c.req.method === "GET" && c.res.ok) c.res.headers.set("Cache-Control", READ_CACHE_CONTROL);
  });

  api.openapi(routes.listTools, async (c) => {
    const { category, tag, q, featured, pricing, licence, selfHostable, sort, cursor, limit } = c.req.valid("query");
    const [categoryRow, tagRow, among] = await Promise.all([
      category ? services.categories.findCategoryBySlug(category) : undefined,
      tag ? services.tags.findTag(tag) : undefined,
      // The words find what the search finds (/search/{text}, /api/v1/search), listed in this list's order.
      q ? services.search.matchingTools(q) : undefined,
    ]);
    if (category && !categoryRow)
      throw new AppError("invalid-argument", MESSAGES.api.category, { category: MESSAGES.api.category });
    if (tag && !tagRow) throw new AppError("invalid-argument", MESSAGES.api.tag, { tag: MESSAGES.api.tag });
    const page = await services.tools.listTools({
      sort,
      category: categoryRow?.id,
      tag,
      paymentType: pricing,
      featured,
      licenceKind: licence,
      selfHostable,
      among,
      cursor,
      limit,
    });
    return c.json({ items: page.tools, nextCursor: page.nextCursor }, 200);
  });

  api.openapi(routes.getTool, async (c) => {
    const tool = await services.tools.findPublicToolById(c.req.valid("param").id);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    return c.json(asApiTool(tool), 200);
  });

  api.openapi(routes.getToolBySlug, async (c) => {
    const tool = await services.tools.findPublicToolBySlug(c.req.valid("param").slug);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundBySlug);
    return c.json(asApiTool(tool), 200);
  });

  api.openapi(routes.getRelatedTools, async (c) => {
    const tool = await services.tools.findPublicToolById(c.req.valid("param").id);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    return c.json(await services.tools.getRelatedToTool(tool), 200);
  });

  api.openapi(routes.listToolReviews, async (c) => {
    const tool = await services.tools.findPublicToolById(c.req.valid("param").id);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    const { sort, cursor, limit } = c.req.valid("query");
    const page = await services.reviews.listToolReviews(tool.id, { sort, cursor, limit });
    return c.json({ items: page.reviews, nextCursor: page.nextCursor }, 200);
  });

  api.openapi(routes.searchTools, async (c) => {
    const { q, cursor, limit } = c.req.valid("query");
    const page = await services.search.searchTools(q, { cursor, limit });
    return c.json({ items: page.tools, nextCursor: page.nextCursor }, 200);
  });

  api.openapi(routes.listCategories, async (c) => {
    return c.json({ items: await services.categories.listCategoriesWithCounts(), nextCursor: null }, 200);
  });

  api.openapi(routes.listTags, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const page = await services.tags.listTags({ cursor, limit });
    return c.json({ items: page.tags, nextCursor: page.nextCursor }, 200);
  });

  api.openapi(routes.listTopLists, async (c) => {
    const items = (await services.topLists.listTopLists()).map(({ path, label, title, subtitle, search }) => ({
      path,
      label,
      title,
      subtitle,
      search,
    }));
    return c.json({ items, nextCursor: null }, 200);
  });

  api.openapi(routes.submitTool, async (c) => {
    const user = writerOf(c);
    const input = submitToolFunctionInput.safeParse(c.req.valid("json"));
    if (!input.success) throw invalidInput(input.error);
    return c.json(asSubmittedTool(await services.lifecycle.submitTool(user, input.data)), 201);
  });

  api.openapi(routes.updateTool, async (c) => {
    const user = writerOf(c);
    const tool = await services.lifecycle.getEditableTool(user, c.req.valid("param").id);
    const input = submitToolFunctionInput.safeParse({ ...writeFieldsOf(tool), ...c.req.valid("json") });
    if (!input.success) throw invalidInput(input.error);
    return c.json(asSubmittedTool(await services.lifecycle.updateTool(user, tool.id, input.data)), 200);
  });

  api.get("/openapi.json", (c) => c.json(apiDocument(api, siteUrl)));

  /** Adds the tool to the signed-in user's favourites; answers the heart's new state. The site's own, not the public API. */
  api.post("/tools/:id/favorite", async (c) => {
    return c.json(await services.favorites.addFavorite(c.get("user") ?? null, parseToolId(c.req.param("id"))));
  });

  /** Takes the tool out of the signed-in user's favourites. */
  api.delete("/tools/:id/favorite", async (c) => {
    return c.json(await services.favorites.removeFavorite(c.get("user") ?? null, parseToolId(c.req.param("id"))));
  });

  api.all("*", () => {
    throw new AppError("not-found", MESSAGES.page.noSuchApiEndpoint);
  });

  return api;
}

export type Api = ReturnType<typeof createApi>;
