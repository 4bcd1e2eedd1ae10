/** /categories: every category with its colour, description and number of live tools. */
import { useT } from "../i18n.tsx";
import { Link } from "../components/link.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/categories";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { categoryPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await context.services.categories.listCategoriesWithCounts() };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    ({ siteName, t, pageUrl }) =>
      loaderData && {
        title: t("categories.title"),
        description: t("categories.description", { siteName }),
        path: "/categories",
        extra: [
          itemListLd(
            pageUrl,
            t("categories.listName", { siteName }),
            loaderData.categories.map((category) => ({ name: category.label, path: categoryPath(category.slug) })),
          ),
        ],
      },
  );

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("categories.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("categories.intro")}</p>
      </header>

      {categories.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={categoryPath(category.slug)}
                data-testid="category-card"
                className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md"
              >
                <span className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="h-4 w-4 shrink-0 rounded-full border border-black/10"
                    style={{ backgroundColor: category.color }}
                  />
                  <span className="flex-1 text-lg font-semibold text-slate-900">{category.label}</span>
                  <span
                    className="rounded-full px-2.5 py-0.5 text-xs font-medium text-ink"
                    style={{ backgroundColor: category.color }}
                  >
                    {t("lists.toolCount", { count: category.toolCount })}
                  </span>
                </span>
                {category.description && <span className="text-sm text-slate-600">{category.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("categories.empty")} />
      )}
    </main>
  );
}
