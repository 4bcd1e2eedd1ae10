/** The page shown for a missing page (404) or a server error (500); it never shows internals. */
import { useT } from "../i18n.tsx";
import { Link } from "./link.tsx";

export function ErrorPage({ status, message }: { status: number; message: string }) {
  const t = useT();
  const title =
    status === 404 ? t("error.notFoundTitle") : status >= 500 ? t("error.serverTitle") : t("error.otherTitle");
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">
          {t("error.home")}
        </Link>
        <Link
          to="/categories"
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100"
        >
          {t("error.browseCategories")}
        </Link>
      </div>
    </main>
  );
}
