/**
 * /admin/settings (admins only): what makes the site its operator's (decision 048): its name and tagline, logo and
 * favicon, accent colour (refused when its contrast fails WCAG AA in either theme), the banner, the newsletter's pages
 * and the contact links. They apply at once, in every process; the environment's values are the defaults.
 */
import { data, Form } from "react-router";
import { FREE_WAY_IN, type FreeWayIn, LAUNCH_MAX_DAYS, LINK_BACK_WATCH_DAYS } from "#common/constants.ts";
import { MESSAGES } from "#common/messages.ts";
import {
  MAX_BANNER_LENGTH,
  MAX_SITE_NAME_LENGTH,
  MAX_TAGLINE_LENGTH,
  SITE_SETTING_FIELDS,
  SITE_SWITCHES,
  siteSettingsInput,
  taglineField,
} from "#common/schemas/settings.ts";
import { LOCALE_NAMES } from "#common/locales.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { Field, SubmitButton } from "../components/form.tsx";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import type { FormFailure } from "../forms.ts";
import { keptValues } from "../forms.ts";
import { moderated, moderationFailure } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-settings";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

const IMAGES = [{ kind: "logo" }, { kind: "favicon" }] as const;

const SWITCH_WORDS = {
  dealsOn: { label: "adminSettings.dealsOn", hint: "adminSettings.dealsOnHint" },
  launchDaysOn: { label: "adminSettings.launchDaysOn", hint: "adminSettings.launchDaysOnHint" },
} as const satisfies Record<(typeof SITE_SWITCHES)[number], { label: string; hint: string }>;

const FREE_WAY_IN_WORDS = {
  off: "adminSettings.freeWayInOff",
  "skip-line": "adminSettings.freeWayInSkipLine",
  live: "adminSettings.freeWayInLive",
} as const satisfies Record<FreeWayIn, string>;

export async function loader({ url, context }: Route.LoaderArgs) {
  const forAdmin = await moderated(context.services.settings.forAdmin(context.user), url);
  // Each offered language's own tagline, which an empty field leaves: the browser has only the console's language.
  const taglineDefaults = context.config.LOCALES.map((locale) => ({
    locale,
    words: wordsFor(locale).t("home.tagline"),
  }));
  return { ...forAdmin, taglineDefaults };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, [...SITE_SETTING_FIELDS, ...SITE_SWITCHES]);
  try {
    if (form.get("intent") === "reset") {
      await context.services.settings.reset(context.user);
      return { done: say("adminSettings.reset") };
    }
    // A checkbox left unticked is not sent at all.
    const input = siteSettingsInput.parse({
      ...values,
      ...Object.fromEntries(SITE_SWITCHES.map((name) => [name, form.get(name) ?? undefined])),
    });
    const images: Partial<Record<"logo" | "favicon", Uint8Array | "remove">> = {};
    for (const { kind } of IMAGES) {
      const file = form.get(kind);
      if (form.get(`remove-${kind}`) === "on") images[kind] = "remove";
      else if (file instanceof File && file.size > 0) images[kind] = new Uint8Array(await file.arrayBuffer());
    }
    const saved = await context.services.settings.update(context.user, input, images);
    if (!saved.ok)
      return data<FormFailure>(
        { message: saved.message, fields: { [saved.field]: saved.message }, values },
        { status: 400 },
      );
    return { done: MESSAGES.settings.saved };
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.settings"),
    description: t("adminSettings.description"),
    path: "/admin/settings",
    noindex: true,
  }));

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, defaults, taglineDefaults } = loaderData;
  const result = actionData as ModerationResult | undefined;
  const failure = result && "fields" in result ? result : undefined;
  const value = (field: (typeof SITE_SETTING_FIELDS)[number]) => failure?.values[field] ?? settings[field];
  const error = (field: string) => failure?.fields[field];
  const isOn = (field: (typeof SITE_SWITCHES)[number]) => (failure ? failure.values[field] === "on" : settings[field]);
  const t = useT();
  const text = (
    field: (typeof SITE_SETTING_FIELDS)[number],
    label: string,
    props: { hint?: string; maxLength?: number; type?: string; placeholder?: string } = {},
  ) => (
    <Field
      key={`${field}-${value(field)}`}
      label={label}
      name={field}
      defaultValue={value(field)}
      error={error(field)}
      {...props}
    />
  );
  return (
    <>
      <SectionHeader title={t("admin.settings")}>{t("adminSettings.intro")}</SectionHeader>
      <ActionResult result={result} inlineFields={[...SITE_SETTING_FIELDS, "logo", "favicon"]} />
      <Form method="post" encType="multipart/form-data" className="max-w-2xl space-y-8" noValidate>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t("adminSettings.identity")}</legend>
          {text("siteName", t("adminSettings.name"), {
            maxLength: MAX_SITE_NAME_LENGTH,
            hint: t("adminSettings.nameHint", { name: defaults.siteName }),
          })}
          {taglineDefaults.map(({ locale, words }) =>
            text(taglineField(locale), t("adminSettings.tagline", { language: LOCALE_NAMES[locale] }), {
              maxLength: MAX_TAGLINE_LENGTH,
              placeholder: words,
              hint: t("adminSettings.taglineHint", { language: LOCALE_NAMES[locale], words }),
            }),
          )}
          {IMAGES.map(({ kind }) => {
            const current = settings[`${kind}Url`];
            return (
              <div key={kind} className="space-y-2">
                <Field
                  label={t("adminSettings.image", { kind })}
                  name={kind}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
                  hint={t("adminSettings.imageHint", { kind })}
                  error={error(kind)}
                />
                {current && (
                  <div className="flex items-center gap-3 text-sm text-slate-700">
                    <img
                      src={current}
                      alt={t("adminSettings.current", { kind })}
                      width={32}
                      height={32}
                      className="rounded"
                    />
                    <label className="inline-flex items-center gap-2">
                      <input type="checkbox" name={`remove-${kind}`} /> {t("adminSettings.backToDefault", { kind })}
                    </label>
                  </div>
                )}
              </div>
            );
          })}
          {text("accentColor", t("adminSettings.accent"), {
            placeholder: "#7c3aed",
            maxLength: 7,
            hint: t("adminSettings.accentHint"),
          })}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t("adminSettings.banner")}</legend>
          {text("bannerText", t("adminSettings.bannerText"), {
            maxLength: MAX_BANNER_LENGTH,
            hint: t("adminSettings.bannerTextHint"),
          })}
          {text("bannerUrl", t("adminSettings.bannerUrl"), { type: "url", placeholder: "https://" })}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">
            {t("adminSettings.newsletterAndContact")}
          </legend>
          {text("newsletterUrl", t("adminSettings.newsletterUrl"), { type: "url", placeholder: "https://" })}
          {text("newsletterArchiveUrl", t("adminSettings.newsletterArchiveUrl"), {
            type: "url",
            placeholder: "https://",
          })}
          {text("contactEmail", t("adminSettings.contactEmail"), { type: "email" })}
          {text("contactTelegramUrl", t("adminSettings.telegram"), { type: "url", placeholder: "https://t.me/" })}
          {text("contactXUrl", t("adminSettings.x"), { type: "url", placeholder: "https://x.com/" })}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t("adminSettings.offers")}</legend>
          {SITE_SWITCHES.map((name) => (
            <label key={`${name}-${isOn(name)}`} className="flex items-start gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                name={name}
                defaultChecked={isOn(name)}
                aria-describedby={`${name}-hint`}
                className="mt-0.5 h-4 w-4"
              />
              <span>
                <span className="font-medium">{t(SWITCH_WORDS[name].label)}</span>
                <span id={`${name}-hint`} className="block text-slate-600">
                  {t(SWITCH_WORDS[name].hint, { days: LAUNCH_MAX_DAYS })}
                </span>
              </span>
            </label>
          ))}
          <div className="space-y-1 text-sm">
            <label htmlFor="field-freeWayIn" className="block font-medium text-slate-800">
              {t("adminSettings.freeWayIn")}
            </label>
            <select
              key={`freeWayIn-${value("freeWayIn")}`}
              id="field-freeWayIn"
              name="freeWayIn"
              defaultValue={value("freeWayIn")}
              aria-describedby="freeWayIn-hint"
              aria-invalid={error("freeWayIn") ? true : undefined}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {FREE_WAY_IN.map((choice) => (
                <option key={choice} value={choice}>
                  {t(FREE_WAY_IN_WORDS[choice])}
                </option>
              ))}
            </select>
            <p id="freeWayIn-hint" className="text-slate-600">
              {t("adminSettings.freeWayInHint", { days: LINK_BACK_WATCH_DAYS })}
            </p>
            {error("freeWayIn") && <p className="text-rose-700">{error("freeWayIn")}</p>}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SubmitButton pendingText={t("admin.saving")} name="intent" value="save">
            {t("adminSettings.save")}
          </SubmitButton>
        </div>
      </Form>
      <Form method="post" className="mt-6 max-w-2xl border-t border-slate-200 pt-6">
        <p className="mb-3 text-sm text-slate-600">{t("adminSettings.resetHint")}</p>
        <button
          type="submit"
          name="intent"
          value="reset"
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("adminSettings.resetButton")}
        </button>
      </Form>
    </>
  );
}
