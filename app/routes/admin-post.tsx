/**
 * /admin/posts/new and /admin/posts/{id} (admins only): a blog post's editor (decision 050): its title, address,
 * description, date, state and Markdown, with a preview as the blog will show it; and its deletion.
 */
import { data, Form, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { blogPostPath } from "#common/page-paths.ts";
import {
  blogPostInput,
  MAX_POST_DESCRIPTION_LENGTH,
  MAX_POST_TITLE_LENGTH,
  postIdParam,
} from "#common/schemas/content.ts";
import { Field, FormMessage } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { MarkdownEditor, SaveAndPreview } from "../components/markdown-editor.tsx";
import { SectionHeader } from "../components/moderation.tsx";
import { type FormFailure, keptValues, orRefusalPage } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-post";
import { useT } from "../i18n.tsx";

const FIELDS = ["title", "slug", "description", "date", "state", "body"] as const;

/** The post's id, or null on /admin/posts/new. */
function postIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = postIdParam.safeParse(params.id);
  if (!id.success) throw data(MESSAGES.content.postNotFound, { status: 404 });
  return id.data;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = postIdOf(params);
  if (id === null)
    return { id: null, values: await moderated(context.services.blog.newPost(context.user), url), saved: false };
  // A refusal asks to sign in or is a 403 page; a post that does not exist is a 404 page.
  const post = await orRefusalPage(moderated(context.services.blog.getPostForAdmin(context.user, id), url));
  return {
    id,
    values: {
      title: post.title,
      slug: post.slug,
      description: post.description,
      date: post.date,
      state: post.state,
      body: post.body,
    },
    saved: url.searchParams.has("saved"),
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const id = postIdOf(params);
  const form = await request.formData();
  const values = keptValues(form, [...FIELDS]);
  const { blog } = context.services;
  try {
    switch (form.get("intent")) {
      case "preview":
        return { preview: blog.previewPost(context.user, values.body ?? ""), values };
      case "save": {
        const input = blogPostInput.parse(values);
        const post =
          id === null ? await blog.createPost(context.user, input) : await blog.updatePost(context.user, id, input);
        return redirect(`/admin/posts/${post.id}?saved`);
      }
      case "delete":
        if (id === null) return unknownAction(values);
        await blog.deletePost(context.user, id);
        return redirect("/admin/posts");
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData?.id ? t("adminPosts.editTitle", { title: loaderData.values.title }) : t("adminPosts.write"),
    description: t("adminPosts.editorDescription"),
    path: "/admin/posts",
    noindex: true,
  }));

export default function AdminPost({ loaderData, actionData }: Route.ComponentProps) {
  const { id, saved } = loaderData;
  const answer = actionData as (FormFailure | { preview: string; values: Record<string, string> }) | undefined;
  const failure = answer && "fields" in answer ? answer : undefined;
  const values = answer?.values ?? loaderData.values;
  const field = (name: (typeof FIELDS)[number]) => ({ name, defaultValue: values[name], error: failure?.fields[name] });
  const t = useT();
  return (
    <>
      <SectionHeader title={id ? t("adminPosts.edit") : t("adminPosts.write")}>
        <Link to="/admin/posts" className="font-medium text-brand-700 underline">
          {t("adminPosts.all")}
        </Link>
        {id && values.state === "published" && (
          <>
            {" · "}
            <Link to={blogPostPath(values.slug)} className="font-medium text-brand-700 underline">
              {t("adminPosts.seeOnBlog")}
            </Link>
          </>
        )}
      </SectionHeader>
      {saved && !answer && <FormMessage tone="success" message={t("adminPosts.saved")} />}
      <Form method="post" className="mt-4 max-w-3xl space-y-4" noValidate>
        <FormMessage message={failure && !Object.keys(failure.fields).length ? failure.message : undefined} />
        <Field
          label={t("adminPosts.titleField")}
          maxLength={MAX_POST_TITLE_LENGTH}
          {...field("title")}
          key={`title-${values.title}`}
        />
        <Field
          label={t("adminPosts.address")}
          hint={t("adminPosts.addressHint")}
          {...field("slug")}
          key={`slug-${values.slug}`}
        />
        <Field
          label={t("adminPosts.descriptionField")}
          maxLength={MAX_POST_DESCRIPTION_LENGTH}
          hint={t("adminPosts.descriptionHint")}
          {...field("description")}
          key={`description-${values.description}`}
        />
        <div className="flex flex-wrap gap-4">
          <Field label={t("adminPosts.date")} type="date" {...field("date")} key={`date-${values.date}`} />
          <label className="space-y-1 text-sm">
            <span className="block font-medium text-slate-800">{t("adminPosts.stateField")}</span>
            <select
              name="state"
              defaultValue={values.state}
              key={`state-${values.state}`}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="draft">{t("adminPosts.draftOption")}</option>
              <option value="published">{t("adminPosts.publishedOption")}</option>
            </select>
          </label>
        </div>
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
      {id && (
        <Form method="post" className="mt-8 max-w-3xl border-t border-slate-200 pt-6">
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-lg border border-rose-300 px-3 py-2 text-sm font-semibold text-rose-800 hover:bg-rose-50"
          >
            {t("adminPosts.delete")}
          </button>
        </Form>
      )}
    </>
  );
}
