/** /admin/posts (admins only): the blog's posts, drafts too, newest first, and the way to write a new one (decision 050). */
import { pageQuery } from "#common/schemas/lists.ts";
import { blogPostPath } from "#common/page-paths.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { Badge, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { parseSearchParams } from "../forms.ts";
import { moderated } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-posts";
import { Message, part, useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { cursor } = parseSearchParams(pageQuery, url);
  return await moderated(context.services.blog.listPostsForAdmin(context.user, { cursor }), url);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("adminPosts.title"),
    description: t("adminPosts.description"),
    path: "/admin/posts",
    noindex: true,
  }));

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { items, nextCursor } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminPosts.title")}>
        <Message
          text={t("adminPosts.intro", { terms: part("terms"), privacy: part("privacy") })}
          parts={{
            terms: (
              <Link to="/admin/pages/terms-of-service" className="font-medium text-brand-700 underline">
                {t("adminPosts.terms")}
              </Link>
            ),
            privacy: (
              <Link to="/admin/pages/privacy-policy" className="font-medium text-brand-700 underline">
                {t("adminPosts.privacy")}
              </Link>
            ),
          }}
        />
      </SectionHeader>
      <p className="mb-6">
        <Link
          to="/admin/posts/new"
          className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("adminPosts.write")}
        </Link>
      </p>
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {items.map((post) => (
            <li key={post.id} data-testid="admin-post" className="flex flex-wrap items-center gap-3 p-4">
              <Badge tone={post.state === "published" ? "emerald" : "amber"}>
                {t("adminPosts.state", { state: post.state })}
              </Badge>
              <span className="text-sm text-slate-500">{post.date}</span>
              <Link to={`/admin/posts/${post.id}`} className="min-w-0 flex-1 font-semibold break-words hover:underline">
                {post.title}
              </Link>
              {post.state === "published" && (
                <Link to={blogPostPath(post.slug)} className="text-sm font-medium text-brand-700 hover:underline">
                  {t("adminPosts.view")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminPosts.empty")}>{t("adminPosts.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={nextCursor} />
    </>
  );
}
