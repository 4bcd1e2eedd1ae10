/**
 * The moderation console's frame (/admin): verifiers and admins only (a visitor is asked to sign in, anyone else gets
 * a 403 page). A small navigation between its sections, with what waits in each; the section renders below.
 */
import { NavLink, Outlet } from "react-router";
import { isAdmin } from "#common/access.ts";
import { moderated } from "../moderation.ts";
import type { Route } from "./+types/admin";

export async function loader({ url, context }: Route.LoaderArgs) {
  return { summary: await moderated(context.services.admin.getConsoleSummary(context.user), url) };
}

type Section = { to: string; label: string; count?: number | null; end?: boolean };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { role, counts } = loaderData.summary;
  const sections: Section[] = [
    { to: "/admin", label: "Queue", count: counts.queue, end: true },
    { to: "/admin/claims", label: "Claims", count: counts.claims },
    { to: "/admin/reports", label: "Reports", count: counts.reports },
    { to: "/admin/reviews", label: "Reviews", count: counts.reviews },
    // The sections only admins may change (docs/decisions/008-moderation-roles.md).
    ...(isAdmin({ role })
      ? [
          { to: "/admin/tools", label: "Tools" },
          { to: "/admin/categories", label: "Categories" },
          { to: "/admin/users", label: "Users" },
          { to: "/admin/requests", label: "Requests", count: counts.requests },
          { to: "/admin/featuring", label: "Featuring" },
          { to: "/admin/analytics", label: "Analytics" },
          { to: "/admin/newsletter", label: "Newsletter" },
          { to: "/admin/deliveries", label: "Deliveries", count: counts.deliveries },
          { to: "/admin/links", label: "Links", count: counts.links },
          { to: "/admin/import", label: "Import" },
          { to: "/admin/webhooks", label: "Webhooks" },
          { to: "/admin/api-keys", label: "API keys" },
          { to: "/admin/settings", label: "Settings" },
          { to: "/admin/posts", label: "Blog" },
          { to: "/admin/top-lists", label: "Top-lists" },
          { to: "/admin/audit", label: "Audit" },
          { to: "/admin/system", label: "System" },
        ]
      : []),
  ];

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Moderation <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium tracking-normal text-slate-700 normal-case">{role}</span>
        </p>
        <nav aria-label="Moderation" data-testid="admin-nav">
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
                  {section.label}
                  {typeof section.count === "number" && (
                    <span data-testid={`admin-count-${section.label.toLowerCase()}`} className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
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
