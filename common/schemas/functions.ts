/** The callable functions (POST /api/functions/{name}, docs/product.md §7): their body, and the tool each one reads. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { toolInput } from "../tool-input.ts";

/** A callable function's body (docs/product.md §7): { tool }, which each function then reads with its own schema. */
export const functionPayload = z.object(
  { tool: z.record(z.string(), z.unknown(), { error: () => MESSAGES.functions.noTool }) },
  { error: () => MESSAGES.functions.noTool },
);

/**
 * submitTool's tool: the tool form's fields as JSON, checked by the form's own schema. Tags may be a list or a
 * comma-separated text; pros, cons and faq may be left out.
 */
export const submitToolFunctionInput = z.preprocess((tool) => {
  if (typeof tool !== "object" || tool === null || Array.isArray(tool)) return tool;
  const { tags } = tool as { tags?: unknown };
  const tagList = Array.isArray(tags) && tags.every((tag) => typeof tag === "string") ? tags.join(",") : tags;
  return { pros: [], cons: [], faq: [], ...tool, tags: tagList };
}, toolInput);

/** The tool that toolVerified, claimTool and claimToolAccepted act on; its id is then read with toolIdParam. */
export const toolRefFunctionInput = z.object({
  id: z
    .string({ error: () => MESSAGES.functions.noToolId })
    .trim()
    .min(1, { error: () => MESSAGES.functions.noToolId }),
});
