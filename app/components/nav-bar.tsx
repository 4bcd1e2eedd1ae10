/** The navigation bar (SPEC section 2). Below 1024 px it collapses behind a menu button that works without JavaScript. */
import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { Link } from "./link.tsx";
import { isModerator, type SessionUser } from "#common/access.ts";
import { SearchBox } from "./search-box.tsx";
import { API_KEYS_PATH, profilePath } from "#common/page-paths.ts";

export function NavBar({ siteName, user }: { siteName: string; user: SessionUser | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const closeMenu = () => menu.current?.removeAttribute("open");
  useEffect(closeMenu, [location.pathname]);

  return (
    <header className="sticky top-[var(--height-promo)] z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {siteName}
        </Link>

        <div data-testid="nav-desktop" className="hidden flex-1 items-center gap-2 lg:flex">
          <div className="mx-auto w-full max-w-md">
            <SearchBox id="search-desktop" />
          </div>
          <NavLinks user={user} addToolClass="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700" />
        </div>

        <details ref={menu} data-testid="nav-mobile" className="ml-auto lg:hidden">
          <summary
            aria-label="Menu"
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="absolute inset-x-0 top-16 flex flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-lg">
            <SearchBox id="search-mobile" onSearch={closeMenu} />
            <NavLinks user={user} addToolClass={linkClass} />
          </div>
        </details>
      </nav>
    </header>
  );
}

/** A link of the bar and its menus (app.css). */
const linkClass = "nav-link";

/** The bar's links, the same in the desktop bar and the mobile menu. 'Add your tool' asks a visitor to log in first. */
function NavLinks({ user, addToolClass }: { user: SessionUser | null; addToolClass: string }) {
  return (
    <>
      <NavLink to="/categories" className={linkClass} discover="none">
        Categories
      </NavLink>
      <Link to={user ? "/add-tool" : "/login"} className={addToolClass}>
        Add your tool
      </Link>
      {user ? (
        <ProfileMenu user={user} />
      ) : (
        <>
          <Link to="/register" className={linkClass}>
            Sign up
          </Link>
          <Link to="/login" className={linkClass}>
            Log in
          </Link>
        </>
      )}
    </>
  );
}

/** The signed-in user's menu (SPEC section 2): Profile, My tools, My favourites, API keys, Moderation for verifiers and admins, and Logout (a post, so it works without JavaScript). */
function ProfileMenu({ user }: { user: SessionUser }) {
  return (
    <details className="relative">
      <summary className={`${linkClass} cursor-pointer`} data-testid="profile-menu">
        Profile <span aria-hidden="true">▾</span>
      </summary>
      <div className="right-0 z-50 mt-1 flex min-w-44 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg lg:absolute">
        <p className="truncate px-3 py-1 text-xs text-slate-500">{user.username}</p>
        <Link to={profilePath(user.slug)} className={linkClass}>
          Profile
        </Link>
        <Link to="/my-tools" className={linkClass}>
          My tools
        </Link>
        <Link to="/my-favorites" className={linkClass}>
          My favourites
        </Link>
        <Link to={API_KEYS_PATH} className={linkClass}>
          API keys
        </Link>
        {isModerator(user) && (
          <Link to="/admin" className={linkClass}>
            Moderation
          </Link>
        )}
        <Form method="post" action="/logout">
          <button type="submit" className={`${linkClass} w-full text-left`}>
            Logout
          </button>
        </Form>
      </div>
    </details>
  );
}
