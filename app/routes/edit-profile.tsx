/**
 * /edit-profile (docs/product.md §2): the signed-in user changes their own profile, their password, signs out of every
 * session, or deletes their account. Each section is its own form with an intent, and works without JavaScript.
 */
import { useT } from "../i18n.tsx";
import { useRootData } from "../root-data.ts";
import { wordsFor } from "#common/i18n/words.ts";
import type { PlainKey } from "#common/i18n/translate.ts";
import { LOCALE_NAMES } from "#common/locales.ts";
import type { ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { MAX_BIO_LENGTH, MAX_SOCIAL_PROFILES, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from "#common/constants.ts";
import {
  DELETE_CONFIRMATION,
  deleteAccountInput,
  passwordChangeInput,
  profileInput,
} from "#common/schemas/profiles.ts";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { type FormFailure, formFailure, keptValues } from "../forms.ts";
import { messageFor } from "#common/input-errors.ts";
import { pageMeta } from "../seo.ts";
import { CONFIRM_EMAIL_INTENT, ConfirmEmailNote } from "../components/confirm-email-note.tsx";
import type { Route } from "./+types/edit-profile";
import { loginPath, profilePath } from "#common/page-paths.ts";

const LOGIN_FIRST = loginPath("/edit-profile");

/** The page's forms, each sent with its own intent. */
type Intent = "profile" | "password" | "sign-out-everywhere" | "delete" | typeof CONFIRM_EMAIL_INTENT;

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(LOGIN_FIRST);
  return { settings: await context.services.users.getProfileSettings(context.user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(LOGIN_FIRST);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const { users } = context.services;
  // What the failed section gets back: what was typed (never a password), and which section it was.
  const values = {
    ...keptValues(form, ["intent", "username", "bio", "newsletter", "isSolo", "locale"]),
    socialProfiles: form.getAll("socialProfiles").map(String).join("\n"),
  };
  try {
    switch (intent) {
      case "profile": {
        const input = profileInput.parse({
          ...Object.fromEntries(form),
          socialProfiles: form.getAll("socialProfiles").map(String),
        });
        const { slug } = await users.updateProfile(context.user, input);
        return { saved: intent, slug };
      }
      case "password": {
        const headers = await users.changePassword(
          context.user,
          passwordChangeInput.parse(Object.fromEntries(form)),
          context.requester,
        );
        return data({ saved: intent, slug: context.user.slug }, { headers });
      }
      case CONFIRM_EMAIL_INTENT:
        await context.services.confirmations.requestEmailConfirmation(context.user);
        return { saved: intent, slug: context.user.slug };
      case "sign-out-everywhere":
        return redirect("/", { headers: await users.signOutEverywhere(context.user, context.requester) });
      case "delete":
        deleteAccountInput.parse(Object.fromEntries(form));
        return redirect("/", { headers: await users.deleteAccount(context.user, context.requester) });
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
  pageMeta(matches, ({ t }) => ({
    title: t("editProfile.title"),
    description: t("editProfile.description"),
    path: "/edit-profile",
    noindex: true,
  }));

const SUCCESS = { profile: "editProfile.saved", password: "editProfile.passwordChanged" } as const satisfies Partial<
  Record<Intent, PlainKey>
>;

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const { config } = useRootData();
  const t = useT();
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const saved = actionData && "saved" in actionData ? actionData.saved : undefined;
  /** The failure and the kept values, for the section that was sent. */
  const failed = (intent: Intent) => (failure?.values.intent === intent ? failure : undefined);
  const successOf = (intent: keyof typeof SUCCESS) => (saved === intent ? t(SUCCESS[intent]) : undefined);

  const profileFailure = failed("profile");
  const passwordFailure = failed("password");
  const deleteFailure = failed("delete");
  const socialProfilesError = messageFor(profileFailure?.fields, "socialProfiles");
  /** A failure's message goes above its form when no field carries it. */
  const formLevel = (section: FormFailure | undefined) =>
    section && !Object.keys(section.fields).length ? section.message : undefined;
  const kept = profileFailure?.values;
  const socialValues = kept
    ? (kept.socialProfiles ?? "").split("\n")
    : settings.socialProfiles.map((social) => social.url);

  return (
    <main className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("editProfile.title")}</h1>
        <Link to={profilePath(settings.slug)} className="text-sm font-medium text-brand-700 hover:underline">
          {t("editProfile.seePublic")}
        </Link>
      </header>

      <Section title={t("editProfile.profile")} id="profile">
        <Form method="post" className="space-y-4" noValidate>
          <FormMessage tone="success" message={successOf("profile")} />
          <FormMessage message={formLevel(profileFailure)} />
          <Field
            label={t("form.username")}
            name="username"
            autoComplete="username"
            required
            maxLength={MAX_USERNAME_LENGTH}
            defaultValue={kept?.username ?? settings.username}
            error={profileFailure?.fields.username}
            hint={t("editProfile.usernameHint", { slug: settings.slug })}
          />
          <p className="text-sm text-slate-600">
            {t("editProfile.email")} <span className="font-medium text-slate-800">{settings.email}</span>
          </p>
          <div className="space-y-1">
            <label htmlFor="field-bio" className="block text-sm font-medium text-slate-800">
              {t("editProfile.bio")}
            </label>
            <textarea
              id="field-bio"
              name="bio"
              rows={4}
              maxLength={MAX_BIO_LENGTH}
              defaultValue={kept?.bio ?? settings.bio}
              aria-invalid={profileFailure?.fields.bio ? true : undefined}
              aria-describedby="field-bio-note"
              className={`w-full rounded-lg border bg-white px-3 py-2 text-sm focus:outline-none ${profileFailure?.fields.bio ? "border-rose-500" : "border-slate-300 focus:border-brand-500"}`}
            />
            <p
              id="field-bio-note"
              className={`text-sm ${profileFailure?.fields.bio ? "text-rose-700" : "text-xs text-slate-500"}`}
            >
              {profileFailure?.fields.bio ?? t("editProfile.bioHint", { max: MAX_BIO_LENGTH })}
            </p>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t("editProfile.socialProfiles")}</legend>
            {Array.from({ length: MAX_SOCIAL_PROFILES }, (_, index) => (
              <div key={index}>
                <label htmlFor={`field-social-${index}`} className="sr-only">
                  {t("editProfile.socialProfile", { number: index + 1 })}
                </label>
                <input
                  id={`field-social-${index}`}
                  name="socialProfiles"
                  type="url"
                  inputMode="url"
                  placeholder={t("editProfile.socialPlaceholder")}
                  defaultValue={socialValues[index] ?? ""}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
                />
              </div>
            ))}
            {socialProfilesError && <p className="text-sm text-rose-700">{socialProfilesError}</p>}
          </fieldset>
          <Checkbox
            name="newsletter"
            defaultChecked={kept ? kept.newsletter === "on" : settings.hasSubscribedToNewsletter}
          >
            {t("register.newsletter")}
          </Checkbox>
          <Checkbox name="isSolo" defaultChecked={kept ? kept.isSolo === "on" : settings.isSolo}>
            {t("editProfile.solo")}
          </Checkbox>
          {config.locales.length > 1 && (
            <label className="block text-sm font-medium text-slate-800">
              {t("editProfile.language")}
              <select
                name="locale"
                defaultValue={kept?.locale ?? settings.locale ?? config.defaultLocale}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
              >
                {config.locales.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>
                    {LOCALE_NAMES[locale]}
                  </option>
                ))}
              </select>
              {profileFailure?.fields.locale && (
                <span className="mt-1 block text-sm font-normal text-rose-700">{profileFailure.fields.locale}</span>
              )}
            </label>
          )}
          <SubmitButton name="intent" value="profile" pendingText={t("reset.pending")}>
            {t("editProfile.saveProfile")}
          </SubmitButton>
        </Form>
        {settings.hasSubscribedToNewsletter && !settings.isEmailConfirmed && (
          <div className="mt-4">
            <ConfirmEmailNote email={settings.email} sent={saved === CONFIRM_EMAIL_INTENT} />
          </div>
        )}
      </Section>

      <Section title={t("editProfile.password")} id="password">
        {settings.hasPassword ? (
          <Form method="post" className="space-y-4" noValidate>
            <FormMessage tone="success" message={successOf("password")} />
            <FormMessage message={formLevel(passwordFailure)} />
            <Field
              label={t("editProfile.currentPassword")}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={passwordFailure?.fields.currentPassword}
            />
            <Field
              label={t("form.newPassword")}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              error={passwordFailure?.fields.newPassword}
              hint={t("editProfile.newPasswordHint", { min: MIN_PASSWORD_LENGTH })}
            />
            <SubmitButton name="intent" value="password" pendingText={t("editProfile.changing")}>
              {t("editProfile.changePassword")}
            </SubmitButton>
          </Form>
        ) : settings.authMethod === "google" ? (
          <p data-testid="google-only" className="text-sm text-slate-600">
            {t("editProfile.googleOnly")}
          </p>
        ) : (
          <div data-testid="no-password" className="space-y-3 text-sm text-slate-600">
            <p>{t("editProfile.noPassword")}</p>
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              {t("editProfile.setPassword")}
            </Link>
          </div>
        )}
      </Section>

      <Section title={t("editProfile.sessions")} id="sessions">
        <Form method="post" className="space-y-3">
          <FormMessage message={failed("sign-out-everywhere")?.message} />
          <p className="text-sm text-slate-600">{t("editProfile.sessionsHint")}</p>
          <SubmitButton name="intent" value="sign-out-everywhere" pendingText={t("editProfile.signingOut")}>
            {t("editProfile.signOutEverywhere")}
          </SubmitButton>
        </Form>
      </Section>

      <Section title={t("editProfile.delete")} id="delete" danger>
        <Form method="post" className="space-y-4" noValidate>
          <FormMessage message={formLevel(deleteFailure)} />
          <p className="text-sm text-slate-600">{t("editProfile.deleteHint")}</p>
          <Field
            label={t("editProfile.typeToConfirm", { word: DELETE_CONFIRMATION })}
            name="confirm"
            autoComplete="off"
            required
            error={deleteFailure?.fields.confirm}
          />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="w-full rounded-lg bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-700"
          >
            {t("editProfile.deleteAccount")}
          </button>
        </Form>
      </Section>
    </main>
  );
}

function Section({
  title,
  id,
  danger,
  children,
}: {
  title: string;
  id: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-2xl border bg-white p-6 shadow-sm ${danger ? "border-rose-200" : "border-slate-200"}`}
    >
      <h2 id={`${id}-heading`} className={`mb-4 text-lg font-semibold ${danger ? "text-rose-800" : ""}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Checkbox({ name, defaultChecked, children }: { name: string; defaultChecked: boolean; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="mt-0.5" />
      {children}
    </label>
  );
}
