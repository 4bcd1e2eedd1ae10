/** A personal API key in a list: on its owner's /settings/api-keys, and with its owner on /admin/api-keys. */
import { Form } from "react-router";
import type { ApiKeyScope } from "#common/constants.ts";
import { profilePath } from "#common/page-paths.ts";
import type { ApiKeyView } from "#server/api-keys/keys.ts";
import { Link } from "./link.tsx";
import { LongDate } from "./long-date.tsx";
import { ActionButton, Badge } from "./moderation.tsx";

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: "Read", write: "Read and write" };

/** One key: its name, first characters, scope, when it was made and last used, and its Revoke button. */
export function ApiKeyRow({ apiKey, owner }: { apiKey: ApiKeyView; owner?: { username: string; slug: string } }) {
  return (
    <li data-testid="api-key" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{apiKey.name}</h3>
          <Badge tone={apiKey.scope === "write" ? "amber" : "sky"}>{SCOPE_LABELS[apiKey.scope]}</Badge>
          {apiKey.revokedAt && <Badge tone="rose">Revoked</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          <code className="rounded bg-slate-100 px-1">{apiKey.prefix}…</code>
          {owner && (
            <>
              {" of "}
              <Link to={profilePath(owner.slug)}>{owner.username}</Link>
            </>
          )}
          {", made on "}
          <LongDate isoDate={apiKey.createdAt.slice(0, 10)} />
          {", "}
          {apiKey.lastUsedAt ? (
            <>
              {"last used on "}
              <LongDate isoDate={apiKey.lastUsedAt.slice(0, 10)} />
            </>
          ) : (
            "never used"
          )}
        </p>
      </div>
      {!apiKey.revokedAt && (
        <Form method="post">
          <input type="hidden" name="keyId" value={apiKey.id} />
          <ActionButton intent="revoke" subject={apiKey.id} tone="danger" pendingText="Revoking…">
            Revoke
            <span className="sr-only">{` ${apiKey.name}`}</span>
          </ActionButton>
        </Form>
      )}
    </li>
  );
}
