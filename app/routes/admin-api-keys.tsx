/**
 * /admin/api-keys: every personal API key, newest first, with its owner, scope and last use (docs/decisions/028). An
 * admin revokes any key, such as one leaked or used to flood the queue.
 */
import { apiKeysPageQuery, revokeApiKeyInput } from "#common/schemas/api-keys.ts";
import { ApiKeyRow } from "../components/api-key-row.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-api-keys";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(apiKeysPageQuery, url);
  return { page: await moderated(context.services.apiKeys.listApiKeys(context.user, { cursor: query.cursor }), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "keyId"]);
  try {
    switch (values.intent) {
      case "revoke": {
        const key = await context.services.apiKeys.revokeApiKey(context.user, revokeApiKeyInput.parse(Object.fromEntries(form)));
        return { done: `The key “${key.name}” was revoked.` };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "API keys", description: "Every personal API key, and who owns it.", path: "/admin/api-keys", noindex: true });

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <SectionHeader title="API keys">Every personal API key, newest first. Revoke one that leaked or is misused: its next request is refused.</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.keys.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} owner={key.owner} />
          ))}
        </ul>
      ) : (
        <EmptyState title="No API key yet">Keys that users make on their API keys page appear here.</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}
