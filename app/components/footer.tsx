/** The footer (SPEC section 2): every category (first 10, then the rest), the top-lists, site links, newsletter and contact links. */
import type { ReactNode } from "react";
import { Link } from "./link.tsx";
import { COPYRIGHT_YEAR, FOOTER_FIRST_CATEGORY_GROUP } from "#common/constants.ts";
import { trackOutboundClick } from "../analytics.ts";
import type { RootData } from "../root-data.ts";
import { categoryPath } from "#common/page-paths.ts";

type FooterProps = Pick<RootData, "categories" | "topLists" | "config">;

export function Footer({ categories, topLists, config }: FooterProps) {
  const firstGroup = categories.slice(0, FOOTER_FIRST_CATEGORY_GROUP);
  const rest = categories.slice(FOOTER_FIRST_CATEGORY_GROUP);
  const contacts = [
    config.contactEmail && { href: `mailto:${config.contactEmail}`, label: "E-mail" },
    config.contactTelegramUrl && { href: config.contactTelegramUrl, label: "Telegram" },
    config.contactXUrl && { href: config.contactXUrl, label: "X (Twitter)" },
  ].filter((contact): contact is { href: string; label: string } => Boolean(contact));

  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <FooterColumn title="Categories">
          <CategoryLinks categories={firstGroup} />
        </FooterColumn>
        {rest.length > 0 && (
          <FooterColumn title="More categories">
            <CategoryLinks categories={rest} />
          </FooterColumn>
        )}
        <FooterColumn title="Top Indie Tools">
          {topLists.map((list) => (
            <FooterLink key={list.path} to={list.path}>
              {list.label}
            </FooterLink>
          ))}
        </FooterColumn>
        <FooterColumn title={config.siteName}>
          <FooterLink to="/add-tool">Add your tool</FooterLink>
          <FooterLink to="/blog">Blog</FooterLink>
          <FooterLink to="/tags">Tags</FooterLink>
          <FooterLink to="/searches">Most searched</FooterLink>
          <li>
            {/* Served by the server, not a route of the app: a full page load. */}
            <a href="/api/docs">API</a>
          </li>
          <FooterLink to="/open-data">Open data</FooterLink>
          <FooterLink to="/terms-of-service.html">Terms of service</FooterLink>
          <FooterLink to="/privacy-policy.html">Privacy policy</FooterLink>
        </FooterColumn>
        {(config.newsletterUrl || config.newsletterArchiveUrl || contacts.length > 0) && (
          <FooterColumn title="Stay in touch">
            {config.newsletterUrl && (
              <ExternalLink href={config.newsletterUrl} isCounted>
                Weekly newsletter
              </ExternalLink>
            )}
            {config.newsletterArchiveUrl && (
              <ExternalLink href={config.newsletterArchiveUrl} isCounted>
                Past newsletters
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
      <p className="border-t border-slate-100 py-6 text-center text-sm text-slate-500">
        {`© ${COPYRIGHT_YEAR} ${config.siteName}`}
      </p>
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
function ExternalLink({ href, isCounted = false, children }: { href: string; isCounted?: boolean; children: ReactNode }) {
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
