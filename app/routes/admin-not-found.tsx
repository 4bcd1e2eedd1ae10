/** A console address that names no section (/admin/blog): a 404 in the console's frame, which lists the sections there are. */
import { data } from "react-router";
import { useT } from "../i18n.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("error.notFoundTitle"),
    description: t("adminNotFound.text"),
    path: "/admin",
    noindex: true,
  }));

export default function AdminNotFound() {
  const t = useT();
  return (
    <div data-testid="admin-not-found">
      <EmptyState title={t("error.notFoundTitle")}>
        {t("adminNotFound.text")}{" "}
        <Link to="/admin" className="font-medium text-brand-700 hover:underline">
          {t("adminNotFound.queue")}
        </Link>
      </EmptyState>
    </div>
  );
}
