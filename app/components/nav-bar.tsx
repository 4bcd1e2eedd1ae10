/**
 * The navigation bar (docs/product.md §2). Below 1024 px it collapses behind a menu button, with a search button beside
 * it so that search stays one tap away; both are disclosures that work without JavaScript.
 */
import { useEffect, useRef } from "react";
import { Form, NavLink, useHref, useLocation, useNavigation } from "react-router";
import { useT } from "../i18n.tsx";
import { Link } from "./link.tsx";
import { SearchBox } from "./search-box.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { API_KEYS_PATH, loginPath, OWN_PROFILE_PATH, profilePath } from "#common/page-paths.ts";
import { useViewer } from "../session-cache.ts";

/**
 * The bar is the same on every public page (decision 037): it holds both the visitor's links and the signed-in
 * person's menu, and app.css shows one of them after <html data-viewer>, which the head's script sets before the first
 * paint; the person's name and links are filled in once the page runs its scripts.
 */
export function NavBar({ siteName, logoUrl }: { siteName: string; logoUrl: string }) {
  const t = useT();
  const menu = useRef<HTMLDetailsElement>(null);
  const search = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const closeMenu = () => {
    menu.current?.removeAttribute("open");
    search.current?.removeAttribute("open");
  };
  useEffect(closeMenu, [location.pathname]);
  // One panel at a time; an opened search is ready to type in.
  const onToggle = (opened: HTMLDetailsElement | null, other: HTMLDetailsElement | null) => {
    if (!opened?.open) return;
    other?.removeAttribute("open");
    opened.querySelector("input")?.focus();
  };

  return (
    <header className="border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={t("nav.main")}
        className="relative mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:h-16 sm:gap-4"
      >
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          {logoUrl ? <img src={logoUrl} alt="" width={28} height={28} className="rounded" /> : <LogoMark />}
          {siteName}
        </Link>

        <div data-testid="nav-desktop" className="hidden flex-1 items-center gap-2 lg:flex">
          <div className="mx-auto w-full max-w-md">
            <SearchBox id="search-desktop" focusOnSlash />
          </div>
          <NavLinks addToolClass="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700" />
        </div>

        <div className="ml-auto flex shrink-0 items-center gap-2 lg:ml-0">
          <ThemeToggle />
          <details
            ref={search}
            data-testid="nav-search"
            className="lg:hidden"
            onToggle={() => onToggle(search.current, menu.current)}
          >
            <summary
              aria-label={t("nav.search")}
              className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white p-4 shadow-lg">
              <SearchBox id="search-mobile" onSearch={closeMenu} />
            </div>
          </details>

          <details
            ref={menu}
            data-testid="nav-mobile"
            className="lg:hidden"
            onToggle={() => onToggle(menu.current, search.current)}
          >
            <summary
              aria-label={t("nav.menu")}
              className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="absolute inset-x-0 top-full flex flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-lg">
              <NavLinks addToolClass={linkClass} />
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}

/** A link of the bar and its menus (app.css). */
const linkClass = "nav-link";

/**
 * Whether a password sign-in or sign-up is on its way to the server. It takes a second or more (the password's hash is
 * slow on purpose), and the bar would go on offering 'Sign up / Log in' meanwhile, as if nothing happened.
 */
function useSigningIn(): boolean {
  const navigation = useNavigation();
  // The forms' addresses in the page's language (/fr/login on a French page).
  const forms = [useHref("/login"), useHref("/register")];
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST" || !navigation.formAction)
    return false;
  const path = new URL(navigation.formAction, "http://localhost").pathname;
  return forms.includes(path) && navigation.formData?.get("intent") !== "link";
}

/** The bar's links, the same in the desktop bar and the mobile menu. 'Add your tool' asks a visitor to log in first. */
function NavLinks({ addToolClass }: { addToolClass: string }) {
  const signingIn = useSigningIn();
  const t = useT();
  return (
    <>
      <NavLink to="/categories" className={linkClass} discover="none">
        {t("nav.categories")}
      </NavLink>
      <Link to="/add-tool" className={`${addToolClass} member-only`}>
        {t("nav.addTool")}
      </Link>
      {/* After signing in, the visitor lands on the form they asked for. */}
      <Link to={loginPath("/add-tool")} className={`${addToolClass} visitor-only`}>
        {t("nav.addTool")}
      </Link>
      <ProfileMenu />
      {signingIn ? (
        <span role="status" className={`${linkClass} visitor-only text-slate-500`} data-testid="nav-signing-in">
          {t("nav.signingIn")}
        </span>
      ) : (
        <>
          <Link to="/register" className={`${linkClass} visitor-only`}>
            {t("nav.signUp")}
          </Link>
          <Link to="/login" className={`${linkClass} visitor-only`}>
            {t("nav.logIn")}
          </Link>
        </>
      )}
    </>
  );
}

/** The signed-in user's menu (docs/product.md §2): Profile, My tools, My favourites, Following, API keys, Moderation for verifiers and admins, and Logout (a post, so it works without JavaScript). */
function ProfileMenu() {
  const viewer = useViewer();
  const t = useT();
  return (
    <details className="member-only relative">
      <summary className={`${linkClass} cursor-pointer`} data-testid="profile-menu">
        {t("nav.profile")} <span aria-hidden="true">▾</span>
      </summary>
      <div className="right-0 z-50 mt-1 flex min-w-44 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg lg:absolute">
        {viewer && <p className="truncate px-3 py-1 text-xs text-slate-500">{viewer.user.username}</p>}
        {/* Before the scripts know the person, their profile is reached through the address that leads to it. */}
        <Link to={viewer ? profilePath(viewer.user.slug) : OWN_PROFILE_PATH} className={linkClass}>
          {t("nav.profile")}
        </Link>
        <Link to="/my-tools" className={linkClass}>
          {t("nav.myTools")}
        </Link>
        <Link to="/my-favorites" className={linkClass}>
          {t("nav.myFavorites")}
        </Link>
        <Link to="/following" className={linkClass}>
          {t("nav.following")}
        </Link>
        <Link to={API_KEYS_PATH} className={linkClass}>
          {t("nav.apiKeys")}
        </Link>
        <Link to="/admin" className={`${linkClass} moderator-only`}>
          {t("nav.moderation")}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className={`${linkClass} w-full text-left`}>
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}

/**
 * The default logo, public/favicon.svg's mark drawn inline in the accent colour (--color-brand-600), so that an accent
 * chosen in the console colours it too. An uploaded logo replaces it.
 */
function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width={28} height={28} className="shrink-0" data-testid="logo-mark">
      <rect width="64" height="64" rx="14" className="fill-brand-600" />
      <path d="M20 18h8v28h-8zM34 18h14v8h-3v20h-8V26h-3z" fill="#fff" />
    </svg>
  );
}
