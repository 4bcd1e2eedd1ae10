/** /admin/top-lists/new and /admin/top-lists/{id} (admins only): a top-list's page, words and search (decision 050). */
import { data, Form, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { postIdParam, type TopListInput, topListInput } from "#common/schemas/content.ts";
import { Field, FormMessage, SubmitButton, TextAreaField } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { SectionHeader } from "../components/moderation.tsx";
import { type FormFailure, keptValues, orRefusalPage } from "../forms.ts";
import { moderated, moderationFailure } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-top-list";
import { useT } from "../i18n.tsx";

const FIELDS = [
  "path",
  "label",
  "title",
  "subtitle",
  "search",
  "image",
  "heading0",
  "body0",
  "heading1",
  "body1",
  "heading2",
  "body2",
  "seoTitle",
  "seoDescription",
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** A top-list as the form's fields: its three sections as heading0/body0 to heading2/body2. */
function formValues({ sections, ...list }: Omit<TopListInput, "image"> & { image?: string | null }): Values {
  const values = { ...list, image: list.image ?? "" } as Values;
  sections.forEach((section, index) =>
    Object.assign(values, { [`heading${index}`]: section.heading, [`body${index}`]: section.body }),
  );
  return values;
}

function listIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = postIdParam.safeParse(params.id);
  if (!id.success) throw data(MESSAGES.content.topListNotFound, { status: 404 });
  return id.data;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = listIdOf(params);
  if (id === null)
    return { id: null, values: formValues(await moderated(context.services.topLists.newTopList(context.user), url)) };
  const { seo, ...list } = await orRefusalPage(moderated(context.services.topLists.getForAdmin(context.user, id), url));
  return { id, values: formValues({ ...list, seoTitle: seo.title, seoDescription: seo.description }) };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const id = listIdOf(params);
  const form = await request.formData();
  const values = keptValues(form, [...FIELDS]);
  try {
    const input = topListInput.parse(values);
    if (id === null) await context.services.topLists.create(context.user, input);
    else await context.services.topLists.update(context.user, id, input);
    return redirect("/admin/top-lists");
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData?.id ? t("adminPosts.editTitle", { title: loaderData.values.label }) : t("adminTopLists.add"),
    description: t("adminTopLists.editorDescription"),
    path: "/admin/top-lists",
    noindex: true,
  }));

export default function AdminTopList({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  const values = { ...loaderData.values, ...failure?.values } as Values;
  const field = (name: (typeof FIELDS)[number]) => ({ name, defaultValue: values[name], error: failure?.fields[name] });
  const t = useT();
  return (
    <>
      <SectionHeader
        title={loaderData.id ? t("adminPosts.editTitle", { title: loaderData.values.label }) : t("adminTopLists.add")}
      >
        <Link to="/admin/top-lists" className="font-medium text-brand-700 underline">
          {t("adminTopLists.all")}
        </Link>
      </SectionHeader>
      <Form method="post" className="mt-4 max-w-3xl space-y-4" noValidate>
        <FormMessage
          message={
            failure && !Object.keys(failure.fields).some((name) => (FIELDS as readonly string[]).includes(name))
              ? failure.message
              : undefined
          }
        />
        <Field label={t("adminTopLists.address")} placeholder="/top-react-tools" {...field("path")} />
        <Field label={t("adminTopLists.label")} {...field("label")} />
        <Field label={t("adminTopLists.titleField")} {...field("title")} />
        <Field label={t("adminTopLists.subtitle")} {...field("subtitle")} />
        <Field label={t("adminTopLists.search")} hint={t("adminTopLists.searchHint")} {...field("search")} />
        <Field label={t("adminTopLists.image")} placeholder="https://" {...field("image")} />
        {[0, 1, 2].map((index) => (
          <fieldset key={index} className="space-y-2 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {t("adminTopLists.section", { index: index === 0 ? 0 : index + 1 })}
            </legend>
            <Field label={t("adminTopLists.heading")} {...field(`heading${index}` as (typeof FIELDS)[number])} />
            <TextAreaField
              label={t("adminTopLists.text")}
              rows={6}
              {...field(`body${index}` as (typeof FIELDS)[number])}
            />
          </fieldset>
        ))}
        {failure?.fields.sections && (
          <p role="alert" className="text-sm text-rose-700">
            {failure.fields.sections}
          </p>
        )}
        <Field label={t("adminTopLists.seoTitle")} {...field("seoTitle")} />
        <Field label={t("adminTopLists.seoDescription")} {...field("seoDescription")} />
        <SubmitButton pendingText={t("admin.saving")}>{t("admin.save")}</SubmitButton>
      </Form>
    </>
  );
}
