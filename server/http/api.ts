/** The public JSON API under /api/v1: thin handlers that parse input, call one service and shape the answer. */
import { Hono } from "hono";
import { isbot } from "isbot";
import { pageQuery, toolIdParam } from "#common/schemas.ts";
import { AppError, MESSAGES } from "#common/errors.ts";
import type { Services } from "../services.ts";
import { invalidInput } from "./errors.ts";

export function createApi(services: Services) {
  const api = new Hono();

  /** One page of live tools, newest first: the home page's infinite scroll. */
  api.get("/tools", async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) throw invalidInput(query.error);
    const page = await services.tools.listLatestTools(query.data);
    c.header("Cache-Control", "public, max-age=30");
    return c.json(page);
  });

  /** Counts a click on a tool's website link. Sent with navigator.sendBeacon, so the body is ignored. */
  api.post("/tools/:id/clicks", async (c) => {
    const id = toolIdParam.safeParse(c.req.param("id"));
    if (!id.success) throw new AppError("not-found", MESSAGES.toolNotFoundById);
    if (isbot(c.req.header("user-agent") ?? "")) return c.body(null, 204);
    const { clicks } = await services.tools.recordToolClick(id.data);
    return c.json({ clicks });
  });

  api.all("*", () => {
    throw new AppError("not-found", "No such API endpoint");
  });

  return api;
}
