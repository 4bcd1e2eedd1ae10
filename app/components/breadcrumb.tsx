/** The trail above a page: Home, then the pages it sits under, then where the visitor is. */
import { Fragment } from "react";
import { Link } from "./link.tsx";

export function Breadcrumb({ trail, current }: { trail: { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-500">
      {[{ to: "/", label: "Home" }, ...trail].map((step) => (
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
