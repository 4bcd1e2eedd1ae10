/** A tool in a list (SPEC section 2): logo, name, favourite heart, website link, Featured badge, category tags and short description. */
import { Link } from "react-router";
import { DEFAULT_LOGO } from "#common/constants.ts";
import type { SessionUser } from "#server/context.ts";
import type { ToolCard as ToolCardData } from "#server/tools/queries.ts";
import { FavoriteButton } from "./favorite-button.tsx";
import { GetFeaturedCardAction } from "./get-featured.tsx";
import { OutboundLink } from "./outbound-link.tsx";

export function ToolCard({
  tool,
  user,
  showCategories = true,
}: {
  tool: ToolCardData;
  user: SessionUser | null;
  /** Hidden when the card is shown on a tool page. */
  showCategories?: boolean;
}) {
  return (
    <article data-testid="tool-card" className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md">
      <div className="flex items-start gap-3">
        <img
          src={tool.logo ?? DEFAULT_LOGO}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-12 w-12 shrink-0 rounded-lg border border-slate-100 bg-slate-50 object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-base font-semibold break-words">
            <Link to={`/tool/${tool.slug}`} className="hover:text-brand-700 hover:underline">
              {tool.name}
            </Link>
          </h3>
          <div className="mt-0.5 flex items-center gap-2">
            {tool.isHomeBoosted ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span>
            ) : (
              <GetFeaturedCardAction user={user} />
            )}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          <FavoriteButton toolId={tool.id} user={user} />
          <OutboundLink
            toolId={tool.id}
            website={tool.website}
            className="inline-flex h-8 items-center gap-1 rounded-lg border border-slate-300 px-2.5 text-xs font-medium text-slate-700 hover:border-slate-400 hover:bg-slate-50"
          >
            Visit <span aria-hidden="true">↗</span>
            <span className="sr-only"> {tool.name} (opens in a new tab)</span>
          </OutboundLink>
        </div>
      </div>
      <p className="line-clamp-3 text-sm text-slate-600">{tool.shortDesc}</p>
      {showCategories && tool.categories.length > 0 && (
        <ul className="mt-auto flex flex-wrap gap-1.5" aria-label="Categories">
          {tool.categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.slug}`}
                style={{ backgroundColor: category.color }}
                className="rounded-full px-2 py-0.5 text-xs font-medium text-slate-800 hover:underline"
              >
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
