/** The footer (docs/product.md §2): every category (first 10, then the rest), the top-lists, site links, newsletter and contact links. */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { LOCALE_COOKIE, LOCALE_NAMES, localizedPath, type SiteLocales } from "#common/locales.ts";
import { useT, useWords } from "../i18n.tsx";
import { Link } from "./link.tsx";
import { COPYRIGHT_YEAR, FOOTER_FIRST_CATEGORY_GROUP } from "#common/constants.ts";
import { trackOutboundClick } from "../analytics.ts";
import type { RootData } from "../root-data.ts";
import { categoryPath } from "#common/page-paths.ts";

type FooterProps = Pick<RootData, "categories" | "topLists" | "config">;

export function Footer({ categories, topLists, config }: FooterProps) {
  const t = useT();
  const firstGroup = categories.slice(0, FOOTER_FIRST_CATEGORY_GROUP);
  const rest = categories.slice(FOOTER_FIRST_CATEGORY_GROUP);
  const contacts = [
    config.contactEmail && { href: `mailto:${config.contactEmail}`, label: t("footer.email") },
    config.contactTelegramUrl && { href: config.contactTelegramUrl, label: "Telegram" },
    config.contactXUrl && { href: config.contactXUrl, label: "X (Twitter)" },
  ].filter((contact): contact is { href: string; label: string } => Boolean(contact));

  return (
    // Never the browser's scroll anchor: a page that grows above it (the next tools, after a jump to the bottom) keeps
    // its scroll position instead of following the footer down, which would pass the loading trigger again and again.
    <footer className="mt-16 border-t border-slate-200 bg-white [overflow-anchor:none]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <FooterColumn title={t("footer.categories")}>
          <CategoryLinks categories={firstGroup} />
        </FooterColumn>
        {rest.length > 0 && (
          <FooterColumn title={t("footer.moreCategories")}>
            <CategoryLinks categories={rest} />
          </FooterColumn>
        )}
        <FooterColumn title={t("footer.topLists")}>
          {topLists.map((list) => (
            <FooterLink key={list.path} to={list.path}>
              {list.label}
            </FooterLink>
          ))}
        </FooterColumn>
        <FooterColumn title={config.siteName}>
          <FooterLink to="/add-tool">{t("footer.addTool")}</FooterLink>
          <FooterLink to="/blog">{t("footer.blog")}</FooterLink>
          <FooterLink to="/tags">{t("footer.tags")}</FooterLink>
          {config.dealsOn && <FooterLink to="/deals">{t("footer.deals")}</FooterLink>}
          {config.launchDaysOn && <FooterLink to="/launches">{t("footer.launches")}</FooterLink>}
          {config.launchDaysOn && <FooterLink to="/coming-soon">{t("footer.comingSoon")}</FooterLink>}
          <FooterLink to="/searches">{t("footer.mostSearched")}</FooterLink>
          {config.isPaymentEnabled && <FooterLink to="/advertise">{t("footer.advertise")}</FooterLink>}
          <li>
            {/* Served by the server, not a route of the app: a full page load. */}
            <a href="/api/docs">{t("footer.api")}</a>
          </li>
          <FooterLink to="/open-data">{t("footer.openData")}</FooterLink>
          <FooterLink to="/terms-of-service.html">{t("footer.terms")}</FooterLink>
          <FooterLink to="/privacy-policy.html">{t("footer.privacy")}</FooterLink>
        </FooterColumn>
        {(config.newsletterUrl || config.newsletterArchiveUrl || contacts.length > 0) && (
          <FooterColumn title={t("footer.stayInTouch")}>
            {config.newsletterUrl && (
              <ExternalLink href={config.newsletterUrl} isCounted>
                {t("footer.newsletter")}
              </ExternalLink>
            )}
            {config.newsletterArchiveUrl && (
              <ExternalLink href={config.newsletterArchiveUrl} isCounted>
                {t("footer.pastNewsletters")}
              </ExternalLink>
            )}
            {contacts.map((contact) => (
              <ExternalLink key={contact.label} href={contact.href}>
                {contact.label}
              </ExternalLink>
            ))}
          </FooterColumn>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 border-t border-slate-100 py-6 text-sm text-slate-500">
        <p>{`© ${COPYRIGHT_YEAR} ${config.siteName}`}</p>
        <LanguageSwitcher site={config} />
      </div>
    </footer>
  );
}

function CategoryLinks({ categories }: Pick<FooterProps, "categories">) {
  return categories.map((category) => (
    <FooterLink key={category.id} to={categoryPath(category.slug)}>
      {category.label}
    </FooterLink>
  ));
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="footer-links">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to}>{children}</Link>
    </li>
  );
}

/** A link to another site; the newsletter's are counted as outbound clicks. */
function ExternalLink({
  href,
  isCounted = false,
  children,
}: {
  href: string;
  isCounted?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <a
        href={href}
        target="_blank"
        rel="noopener"
        onClick={isCounted ? (event) => trackOutboundClick(event) : undefined}
      >
        {children}
      </a>
    </li>
  );
}

/** How long a chosen language is remembered: a year. */
const LOCALE_COOKIE_MAX_AGE = 365 * 86_400;

/**
 * The same page in each other language the site offers (decision 053): a full page load, since every language has its
 * own address. The choice is remembered, so that the home page no longer sends the visitor to their browser's language.
 */
function LanguageSwitcher({ site }: { site: SiteLocales }) {
  const { locale, t } = useWords();
  const { pathname, search } = useLocation();
  if (site.locales.length < 2) return null;
  return (
    <nav aria-label={t("footer.language")}>
      <ul className="flex gap-3">
        {site.locales.map((other) => (
          <li key={other}>
            {other === locale ? (
              <span aria-current="true" className="font-semibold text-slate-700">
                {LOCALE_NAMES[other]}
              </span>
            ) : (
              <a
                href={localizedPath(other, `${pathname}${search}`, site)}
                hrefLang={other}
                lang={other}
                className="hover:underline"
                onClick={() => {
                  document.cookie = `${LOCALE_COOKIE}=${other}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
                }}
              >
                {LOCALE_NAMES[other]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
