/** One blog post: its title, date and text. */
import { MESSAGES } from "#common/messages.ts";
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { LongDate } from "../components/long-date.tsx";
import { breadcrumbLd, jsonLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/blog-post";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { blogPostPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await context.services.blog.findPost(params.slug);
  if (!post) throw data(MESSAGES.content.postNotFound, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, siteUrl, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { post } = loaderData;
    const path = blogPostPath(post.slug);
    return {
      title: post.title,
      description: post.description,
      path,
      extra: [
        jsonLd({
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          datePublished: post.date,
          url: pageUrl(path),
          publisher: { "@type": "Organization", name: siteName, url: siteUrl },
        }),
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: t("blog.title"), path: "/blog" },
          { name: post.title, path },
        ]),
      ],
    };
  });

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/blog" className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline">
        ← All posts
      </Link>
      <article className="mt-6">
        <header className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-sm text-slate-500">
            Published <LongDate isoDate={post.date} />
          </p>
        </header>
        {/* Rendered by renderMarkdown on the server, which escapes raw HTML and unsafe links. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <p className="mt-12 border-t border-slate-200 pt-6">
        <Link to="/blog" className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline">
          ← Back to the blog
        </Link>
      </p>
    </main>
  );
}
