/** /admin/pages/{name} (admins only): the terms of service or the privacy policy, in Markdown, with a preview (decision 050). */
import { data, Form } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { legalPageInput, MAX_POST_DESCRIPTION_LENGTH, MAX_POST_TITLE_LENGTH } from "#common/schemas/content.ts";
import { Field, FormMessage } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { MarkdownEditor, SaveAndPreview } from "../components/markdown-editor.tsx";
import { SectionHeader } from "../components/moderation.tsx";
import { type FormFailure, keptValues, orRefusalPage } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-legal-page";
import { useT } from "../i18n.tsx";

const FIELDS = ["title", "description", "updated", "body"] as const;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = await orRefusalPage(
    moderated(context.services.legalPages.getPageForAdmin(context.user, params.name), url),
  );
  return {
    name: page.name,
    values: { title: page.title, description: page.description, updated: page.updated, body: page.body },
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, [...FIELDS]);
  try {
    switch (form.get("intent")) {
      case "preview":
        return { preview: context.services.blog.previewPost(context.user, values.body ?? ""), values };
      case "save":
        await context.services.legalPages.updatePage(context.user, params.name, legalPageInput.parse(values));
        return { done: true as const, values };
      default:
        return unknownAction(values);
    }
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "not-found")
      throw data(MESSAGES.page.notFound, { status: 404 });
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData ? t("adminPosts.editTitle", { title: loaderData.values.title }) : t("adminPages.editAPage"),
    description: t("adminPages.description"),
    path: `/admin/pages/${params.name}`,
    noindex: true,
  }));

export default function AdminLegalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name } = loaderData;
  const answer = actionData as
    | (
        | FormFailure
        | { preview: string; values: Record<string, string> }
        | { done: true; values: Record<string, string> }
      )
    | undefined;
  const failure = answer && "fields" in answer ? answer : undefined;
  const values = answer?.values ?? loaderData.values;
  const field = (field: (typeof FIELDS)[number]) => ({
    name: field,
    defaultValue: values[field],
    error: failure?.fields[field],
  });
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminPosts.editTitle", { title: loaderData.values.title })}>
        <Link to={`/${name}.html`} className="font-medium text-brand-700 underline">
          {t("adminPages.see")}
        </Link>
      </SectionHeader>
      {answer && "done" in answer && <FormMessage tone="success" message={t("adminPages.saved")} />}
      <Form method="post" className="mt-4 max-w-3xl space-y-4" noValidate>
        <FormMessage message={failure && !Object.keys(failure.fields).length ? failure.message : undefined} />
        <Field
          key={`title-${values.title}`}
          label={t("adminPosts.titleField")}
          maxLength={MAX_POST_TITLE_LENGTH}
          {...field("title")}
        />
        <Field
          key={`description-${values.description}`}
          label={t("adminPosts.descriptionField")}
          maxLength={MAX_POST_DESCRIPTION_LENGTH}
          hint={t("adminPages.descriptionHint")}
          {...field("description")}
        />
        <Field
          key={`updated-${values.updated}`}
          label={t("adminPages.updated")}
          type="date"
          hint={t("adminPages.updatedHint")}
          {...field("updated")}
        />
        <MarkdownEditor
          label={t("adminPosts.text")}
          name="body"
          defaultValue={values.body}
          error={failure?.fields.body}
          previewHtml={answer && "preview" in answer ? answer.preview : undefined}
          key={`body-${values.body.length}`}
        />
        <SaveAndPreview />
      </Form>
    </>
  );
}
