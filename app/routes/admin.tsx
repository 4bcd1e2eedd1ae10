/**
 * The moderation console's frame (/admin): verifiers and admins only (a visitor is asked to sign in, anyone else gets
 * a 403 page). A small navigation between its sections, with what waits in each; the section renders below.
 */
import { NavLink, Outlet } from "react-router";
import { isAdmin } from "#common/access.ts";
import { moderated } from "../moderation.ts";
import type { Route } from "./+types/admin";
import type { PlainKey } from "#common/i18n/translate.ts";
import { useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  return { summary: await moderated(context.services.admin.getConsoleSummary(context.user), url) };
}

/** A section of the console: its address, its name's key, and what waits in it. `id` names its count for tests. */
type Section = { id: string; to: string; label: PlainKey; count?: number | null; end?: boolean };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { role, counts } = loaderData.summary;
  const t = useT();
  const sections: Section[] = [
    { id: "queue", to: "/admin", label: "admin.queue", count: counts.queue, end: true },
    { id: "claims", to: "/admin/claims", label: "admin.claims", count: counts.claims },
    { id: "reports", to: "/admin/reports", label: "admin.reports", count: counts.reports },
    { id: "reviews", to: "/admin/reviews", label: "admin.reviews", count: counts.reviews },
    // The sections only admins may change (docs/decisions/008-moderation-roles.md).
    ...(isAdmin({ role })
      ? ([
          { id: "tools", to: "/admin/tools", label: "admin.tools" },
          { id: "categories", to: "/admin/categories", label: "admin.categories" },
          { id: "users", to: "/admin/users", label: "admin.users" },
          { id: "requests", to: "/admin/requests", label: "admin.requests", count: counts.requests },
          { id: "featuring", to: "/admin/featuring", label: "admin.featuring" },
          { id: "sponsors", to: "/admin/sponsors", label: "admin.sponsors" },
          { id: "analytics", to: "/admin/analytics", label: "admin.analytics" },
          { id: "newsletter", to: "/admin/newsletter", label: "admin.newsletter" },
          { id: "deliveries", to: "/admin/deliveries", label: "admin.deliveries", count: counts.deliveries },
          { id: "links", to: "/admin/links", label: "admin.links", count: counts.links },
          { id: "import", to: "/admin/import", label: "admin.import" },
          { id: "webhooks", to: "/admin/webhooks", label: "admin.webhooks" },
          { id: "api-keys", to: "/admin/api-keys", label: "admin.apiKeys" },
          { id: "settings", to: "/admin/settings", label: "admin.settings" },
          { id: "blog", to: "/admin/posts", label: "admin.blog" },
          { id: "top-lists", to: "/admin/top-lists", label: "admin.topLists" },
          { id: "audit", to: "/admin/audit", label: "admin.audit" },
          { id: "system", to: "/admin/system", label: "admin.system" },
        ] satisfies Section[])
      : []),
  ];

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t("admin.moderation")}{" "}
          <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium tracking-normal text-slate-700 normal-case">
            {t("admin.role", { role })}
          </span>
        </p>
        <nav aria-label={t("admin.moderation")} data-testid="admin-nav">
          <ul className="flex flex-wrap gap-1">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  discover="none"
                  className={({ isActive }) =>
                    `inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {t(section.label)}
                  {typeof section.count === "number" && (
                    <span
                      data-testid={`admin-count-${section.id}`}
                      className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900"
                    >
                      {section.count}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </main>
  );
}
