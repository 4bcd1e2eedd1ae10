/**
 * What a tool's pages (the tool page, its alternatives, its reviews) answer for their address, from
 * tools.findPublicToolByAddress: the live tool; 301 to the same page at a renamed tool's new address; else 404.
 */
import { data, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import type { PublicToolAddress, ToolDetail } from "#server/tools/read/queries.ts";

/** The live tool, or the loader ends with 301 to `pathOf` a renamed tool's new slug, or with 404. */
export function publicToolOrAnswer(found: PublicToolAddress | null, pathOf: (slug: string) => string): ToolDetail {
  if (!found) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  if ("renamedTo" in found) throw redirect(pathOf(found.renamedTo), 301);
  return found.tool;
}
