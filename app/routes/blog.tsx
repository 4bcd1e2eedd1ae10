/** The blog's list of posts, newest first (linked from the footer). */
import { useT } from "../i18n.tsx";
import { Link } from "../components/link.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { LongDate } from "../components/long-date.tsx";
import { itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/blog";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { blogPostPath } from "#common/page-paths.ts";
import { blogQuery } from "#common/schemas/content.ts";
import { parseSearchParams } from "../forms.ts";
import { Pager } from "../components/pager.tsx";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { cursor } = parseSearchParams(blogQuery, url);
  return await context.services.blog.listPosts({ cursor });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    ({ siteName, t, pageUrl }) =>
      loaderData && {
        title: t("blog.title"),
        description: t("blog.description", { siteName }),
        path: "/blog",
        extra: [
          itemListLd(
            pageUrl,
            t("blog.listName", { siteName }),
            loaderData.posts.map((post) => ({ name: post.title, path: blogPostPath(post.slug) })),
          ),
        ],
      },
  );

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, nextCursor } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("blog.title")}</h1>
      <p className="mt-3 text-lg text-slate-600">{t("blog.intro")}</p>

      {posts.length > 0 ? (
        <ol className="mt-10 space-y-10">
          {posts.map((post) => (
            <li key={post.slug}>
              <article>
                <LongDate isoDate={post.date} className="text-sm text-slate-500" />
                <h2 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
                  <Link to={blogPostPath(post.slug)} className="hover:text-brand-700 hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 text-slate-600">{post.description}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <div className="mt-10">
          <EmptyState title={t("blog.empty")} />
        </div>
      )}
      <Pager nextCursor={nextCursor} />
    </main>
  );
}
