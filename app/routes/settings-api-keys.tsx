/**
 * /settings/api-keys: the signed-in user's personal API keys (docs/decisions/028-personal-api-keys.md). A new key is
 * shown once, right after it is made; the list shows each key's name, first characters, scope and last use, and
 * revokes it. Both forms work without JavaScript.
 */
import { useT } from "../i18n.tsx";
import { useRootData } from "../root-data.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { data, Form, redirect } from "react-router";
import { API_KEY_SCOPES, MAX_API_KEY_NAME_LENGTH, MAX_API_KEYS_PER_USER } from "#common/constants.ts";
import { messageFor } from "#common/input-errors.ts";
import { API_KEYS_PATH, loginPath } from "#common/page-paths.ts";
import { createApiKeyInput, revokeApiKeyInput } from "#common/schemas/api-keys.ts";
import { ApiKeyRow } from "../components/api-key-row.tsx";
import { CopyableText } from "../components/copyable-text.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { type FormFailure, formFailure, keptValues } from "../forms.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/settings-api-keys";

const LOGIN_FIRST = loginPath(API_KEYS_PATH);

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(LOGIN_FIRST);
  return { keys: await context.services.apiKeys.listOwnApiKeys(context.user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(LOGIN_FIRST);
  const form = await request.formData();
  const values = keptValues(form, ["intent", "name", "scope", "keyId"]);
  try {
    switch (values.intent) {
      case "create": {
        const { key, token } = await context.services.apiKeys.createApiKey(
          context.user,
          createApiKeyInput.parse(Object.fromEntries(form)),
        );
        return { created: { name: key.name, token } };
      }
      case "revoke": {
        const key = await context.services.apiKeys.revokeApiKey(
          context.user,
          revokeApiKeyInput.parse(Object.fromEntries(form)),
        );
        return { revoked: key.name };
      }
      default:
        return data<FormFailure>(
          { message: wordsFor(context.locale).t("editProfile.chooseForm"), fields: {}, values },
          { status: 400 },
        );
    }
  } catch (error) {
    return formFailure(error, values);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("apiKeys.title"),
    description: t("apiKeys.description", { siteName }),
    path: API_KEYS_PATH,
    noindex: true,
  }));

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { keys } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const createFailure = failure?.values.intent === "create" ? failure : undefined;
  const created = actionData && "created" in actionData ? actionData.created : undefined;
  const revoked = actionData && "revoked" in actionData ? actionData.revoked : undefined;
  const t = useT();
  const { siteName } = useRootData().config;

  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("apiKeys.title")}</h1>
        <p className="text-slate-600">
          {t("apiKeys.introStart")}{" "}
          <a href="/api/docs" className="text-brand-700 underline">
            {t("apiKeys.apiName", { siteName })}
          </a>{" "}
          {t("apiKeys.introMiddle")} <code className="rounded bg-slate-100 px-1">Authorization: Bearer it_live_…</code>.{" "}
          {t("apiKeys.introEnd", { max: MAX_API_KEYS_PER_USER })}
        </p>
      </header>

      {created && (
        <section className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4" data-testid="new-api-key">
          <p role="status" className="font-semibold text-emerald-900">
            {t("apiKeys.ready", { name: created.name })}
          </p>
          <CopyableText id="api-key" label={t("apiKeys.newKey")} text={created.token} rows={2} />
        </section>
      )}
      {revoked && <FormMessage tone="success" message={t("apiKeys.revoked", { name: revoked })} />}
      {failure && failure.values.intent === "revoke" && <FormMessage message={failure.message} />}

      <section aria-labelledby="new-key" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="new-key" className="text-lg font-semibold">
          {t("apiKeys.make")}
        </h2>
        {/* A new form once a key is made: the next key starts blank, read-only, not as a copy of the last. */}
        <Form key={created?.token ?? "new"} method="post" className="space-y-4">
          <input type="hidden" name="intent" value="create" />
          {createFailure && !Object.keys(createFailure.fields).length && (
            <FormMessage message={createFailure.message} />
          )}
          <Field
            label={t("apiKeys.name")}
            name="name"
            required
            maxLength={MAX_API_KEY_NAME_LENGTH}
            defaultValue={createFailure?.values.name}
            error={messageFor(createFailure?.fields, "name")}
            hint={t("apiKeys.nameHint")}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t("apiKeys.scope")}</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="scope"
                  value={scope}
                  defaultChecked={(createFailure?.values.scope || "read") === scope}
                />
                {scope === "read" ? t("apiKeys.scopeRead") : t("apiKeys.scopeWrite")}
              </label>
            ))}
            {messageFor(createFailure?.fields, "scope") && (
              <p className="text-sm text-rose-700">{messageFor(createFailure?.fields, "scope")}</p>
            )}
          </fieldset>
          <div className="sm:w-48">
            <SubmitButton pendingText={t("apiKeys.making")} name="intent" value="create">
              {t("apiKeys.makeIt")}
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="your-keys" className="space-y-4">
        <h2 id="your-keys" className="text-lg font-semibold">
          {t("apiKeys.yours")}
        </h2>
        {keys.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        ) : (
          <EmptyState title={t("apiKeys.none")}>{t("apiKeys.noneHint")}</EmptyState>
        )}
      </section>
    </main>
  );
}
