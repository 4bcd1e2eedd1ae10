/**
 * The callable functions of docs/product.md §7: POST /api/functions/{name} with the body { tool }. Each reads its tool,
 * calls one step of the tool lifecycle (which checks who calls) and answers { result: { tool } }.
 */
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import { functionPayload, submitToolFunctionInput, toolRefFunctionInput } from "#common/schemas/functions.ts";
import { MESSAGES } from "#common/messages.ts";
import { isModerator, type SessionUser } from "#common/access.ts";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import type { Services } from "../services.ts";
import type { tools } from "../db/schema.ts";
import { invalidInput } from "#common/input-errors.ts";

type ToolRow = typeof tools.$inferSelect;

/** What every function answers about its tool: enough to link to it and to show where it stands. */
export type FunctionResult = {
  result: {
    tool: Pick<
      ToolRow,
      "id" | "slug" | "name" | "isVerified" | "isActive" | "hasBeenClaimed" | "wasClaimedAccepted" | "isLinkedToCreator"
    >;
  };
};

function resultOf(tool: ToolRow): FunctionResult {
  const { id, slug, name, isVerified, isActive, hasBeenClaimed, wasClaimedAccepted, isLinkedToCreator } = tool;
  return {
    result: { tool: { id, slug, name, isVerified, isActive, hasBeenClaimed, wasClaimedAccepted, isLinkedToCreator } },
  };
}

/** The id of the tool a function acts on; an id that cannot be one is a tool that does not exist. */
function toolIdOf(tool: unknown): string {
  const ref = toolRefFunctionInput.safeParse(tool);
  if (!ref.success) throw invalidInput(ref.error);
  const id = toolIdParam.safeParse(ref.data.id);
  if (!id.success) throw new AppError("not-found", MESSAGES.tool.notFoundById);
  return id.data;
}

export function createFunctions(services: Services) {
  const { lifecycle } = services;
  const calls: Record<
    string,
    (user: SessionUser | null, tool: unknown, body: Record<string, unknown>) => Promise<ToolRow>
  > = {
    submitTool: (user, tool, body) => {
      const input = submitToolFunctionInput.safeParse(tool);
      if (!input.success) throw invalidInput(input.error);
      const submit = () => lifecycle.submitTool(user, input.data);
      // API clients solve the forms' proof of work too (body field `altcha`, from GET /api/challenge); verifiers
      // and admins are trusted, and a visitor is refused by the lifecycle as on the form (decision 023).
      return user && !isModerator(user) ? services.spam.guard({ [PROOF_FIELD]: body[PROOF_FIELD] }, submit) : submit();
    },
    toolVerified: (user, tool) => lifecycle.verifyTool(user, toolIdOf(tool)),
    claimTool: (user, tool) => lifecycle.askForClaim(user, toolIdOf(tool)),
    claimToolAccepted: (user, tool) => lifecycle.acceptClaim(user, toolIdOf(tool)),
  };

  // The session middleware of server/http/app.ts runs first and sets the user (null for a visitor).
  const functions = new Hono<{ Variables: { user?: SessionUser | null } }>();

  functions.post("/:name", async (c) => {
    const name = c.req.param("name");
    const call = Object.hasOwn(calls, name) ? calls[name] : undefined;
    if (!call) throw new AppError("not-found", MESSAGES.functions.unknownFunction);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError("invalid-argument", MESSAGES.functions.notJson);
    }
    const payload = functionPayload.safeParse(body);
    if (!payload.success) throw new AppError("invalid-argument", MESSAGES.functions.noTool);
    return c.json(resultOf(await call(c.get("user") ?? null, payload.data.tool, body as Record<string, unknown>)));
  });

  functions.all("*", () => {
    throw new AppError("not-found", MESSAGES.functions.unknownFunction);
  });

  return functions;
}
