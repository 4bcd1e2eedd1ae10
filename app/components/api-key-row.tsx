/** A personal API key in a list: on its owner's /settings/api-keys, and with its owner on /admin/api-keys. */
import { useT } from "../i18n.tsx";
import type { PlainKey } from "#common/i18n/translate.ts";
import { Form } from "react-router";
import type { ApiKeyScope } from "#common/constants.ts";
import { profilePath } from "#common/page-paths.ts";
import type { ApiKeyView } from "#server/api-keys/keys.ts";
import { Link } from "./link.tsx";
import { LongDate } from "./long-date.tsx";
import { ActionButton, Badge } from "./moderation.tsx";

const SCOPE_LABELS = { read: "apiKeys.read", write: "apiKeys.readWrite" } as const satisfies Record<
  ApiKeyScope,
  PlainKey
>;

/** One key: its name, first characters, scope, when it was made and last used, and its Revoke button. */
export function ApiKeyRow({ apiKey, owner }: { apiKey: ApiKeyView; owner?: { username: string; slug: string } }) {
  const t = useT();
  return (
    <li data-testid="api-key" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{apiKey.name}</h3>
          <Badge tone={apiKey.scope === "write" ? "amber" : "sky"}>{t(SCOPE_LABELS[apiKey.scope])}</Badge>
          {apiKey.revokedAt && <Badge tone="rose">{t("apiKeys.revokedBadge")}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          <code className="rounded bg-slate-100 px-1">{apiKey.prefix}…</code>
          {owner && (
            <>
              {` ${t("apiKeys.of")} `}
              <Link to={profilePath(owner.slug)}>{owner.username}</Link>
            </>
          )}
          {`, ${t("apiKeys.madeOn")} `}
          <LongDate isoDate={apiKey.createdAt.slice(0, 10)} />
          {", "}
          {apiKey.lastUsedAt ? (
            <>
              {`${t("apiKeys.lastUsedOn")} `}
              <LongDate isoDate={apiKey.lastUsedAt.slice(0, 10)} />
            </>
          ) : (
            t("apiKeys.neverUsed")
          )}
        </p>
      </div>
      {!apiKey.revokedAt && (
        <Form method="post">
          <input type="hidden" name="keyId" value={apiKey.id} />
          <ActionButton intent="revoke" subject={apiKey.id} tone="danger" pendingText={t("apiKeys.revoking")}>
            {t("apiKeys.revoke")}
            <span className="sr-only">{` ${apiKey.name}`}</span>
          </ActionButton>
        </Form>
      )}
    </li>
  );
}
