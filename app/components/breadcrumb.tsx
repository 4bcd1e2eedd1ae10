/** The trail above a page: Home, then the pages it sits under, then where the visitor is. */
import { useT } from "../i18n.tsx";
import { Fragment } from "react";
import { Link } from "./link.tsx";

export function Breadcrumb({ trail, current }: { trail: { to: string; label: string }[]; current: string }) {
  const t = useT();
  return (
    <nav aria-label={t("tool.breadcrumb")} className="mb-6 text-sm text-slate-500">
      {[{ to: "/", label: t("tool.home") }, ...trail].map((step) => (
        <Fragment key={step.to}>
          <Link to={step.to} className="hover:underline">
            {step.label}
          </Link>
          {" › "}
        </Fragment>
      ))}
      <span className="text-slate-700">{current}</span>
    </nav>
  );
}
