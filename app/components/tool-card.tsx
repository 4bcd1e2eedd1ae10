/**
 * A tool in a list (docs/product.md §2): logo, name, favourite heart and its likes, website link, Featured badge, short
 * description, its licence's kind and whether it is self-hostable (decision 060), and category tags.
 */
import { useT } from "../i18n.tsx";
import { Link } from "./link.tsx";
import type { ToolCard as ToolCardData } from "#server/tools/read/queries.ts";
import { FavoriteButton } from "./favorite-button.tsx";
import { FeatureAction } from "./feature-action.tsx";
import { OutboundLink } from "./outbound-link.tsx";
import { ToolLogo } from "./tool-logo.tsx";
import { LICENCE_KIND_KEYS } from "./fact-words.ts";
import { categoryPath, toolPath } from "#common/page-paths.ts";

export function ToolCard({
  tool,
  showCategories = true,
  note,
}: {
  tool: ToolCardData;
  /** Hidden when the card is shown on a tool page. */
  showCategories?: boolean;
  /** Why the card is in the list, under its description (an alternative's shared tags). */
  note?: string;
}) {
  const t = useT();
  // Styles in app.css (.card and its parts): a list shows dozens of cards, and their markup stays small.
  return (
    <article data-testid="tool-card" className="card">
      <div className="card-head">
        <ToolLogo
          name={tool.name}
          logo={tool.logo}
          color={tool.categories[0]?.color}
          size={48}
          className="card-logo"
          lazy
        />
        <div className="card-title">
          <h3>
            <Link to={toolPath(tool.slug)} title={tool.name}>
              {tool.name}
            </Link>
          </h3>
          {tool.isHomeBoosted && <span className="card-featured">{t("card.featured")}</span>}{" "}
          <FeatureAction toolId={tool.id} />
        </div>
        <div className="card-actions">
          <FavoriteButton toolId={tool.id} likes={tool.likes} />
          <OutboundLink
            toolId={tool.id}
            website={tool.website}
            className="card-visit"
            label={t("card.visitLabel", { name: tool.name })}
          >
            {t("card.visit")}
          </OutboundLink>
        </div>
      </div>
      <p className="card-desc">{tool.shortDesc}</p>
      {(tool.licenceKind || tool.isSelfHostable) && (
        <ul className="card-facts" aria-label={t("card.facts")} data-testid="card-facts">
          {tool.licenceKind && <li>{t(LICENCE_KIND_KEYS[tool.licenceKind])}</li>}
          {tool.isSelfHostable && <li>{t("card.selfHostable")}</li>}
        </ul>
      )}
      {note && (
        <p className="card-note" data-testid="card-note">
          {note}
        </p>
      )}
      {showCategories && tool.categories.length > 0 && (
        <ul className="chips" aria-label={t("card.categories")}>
          {tool.categories.map((category) => (
            <li key={category.id}>
              <Link to={categoryPath(category.slug)} style={{ background: category.color }}>
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
