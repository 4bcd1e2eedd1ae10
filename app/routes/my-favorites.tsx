/** /my-favorites: the signed-in user's favourite tools, newest favourite first, one keyset page at a time. */
import { useT } from "../i18n.tsx";
import { redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { pageQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/my-favorites";
import { loginPath } from "#common/page-paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  // `url` is the page's address (request.url of a client-side navigation ends in .data).
  if (!context.user) throw redirect(loginPath(`${url.pathname}${url.search}`));
  const query = parseSearchParams(pageQuery, url);
  const page = await context.services.favorites.listFavoriteTools(context.user, query);
  return { page };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("myFavorites.title"),
    description: t("myFavorites.description", { siteName }),
    path: "/my-favorites",
    noindex: true,
  }));

export default function MyFavorites({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("myFavorites.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("myFavorites.intro")}</p>
      </header>
      <section aria-labelledby="favorites-heading" className="pb-12">
        <h2 id="favorites-heading" className="sr-only">
          {t("myFavorites.heading")}
        </h2>
        {page.tools.length > 0 ? (
          <ToolGrid tools={page.tools} />
        ) : (
          <EmptyState title={t("myFavorites.empty")}>
            {t("myFavorites.emptyHint")}{" "}
            <Link to="/tools" className="font-medium text-brand-700 hover:underline">
              {t("myFavorites.browse")}
            </Link>
          </EmptyState>
        )}
        <Pager nextCursor={page.nextCursor} />
      </section>
    </main>
  );
}
