/**
 * /alternatives-to/{slug}: the address other directories (OpenAlternative) give a tool's alternatives, sent to ours
 * (/tool/{slug}/alternatives) for good; an unknown tool is the site's ordinary 404.
 */
import { data, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { alternativesPath } from "#common/page-paths.ts";
import type { Route } from "./+types/alternatives-to";

export async function loader({ params, context }: Route.LoaderArgs) {
  const tool = await context.services.tools.findPublicToolBySlug(params.slug);
  if (!tool) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  throw redirect(alternativesPath(tool.slug), 301);
}

export default function AlternativesTo() {
  return null;
}
