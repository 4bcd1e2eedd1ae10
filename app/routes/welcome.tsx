/**
 * /welcome: the first step after a sign-up that came from no page in particular. Three ways to start (add a tool,
 * claim one that is listed, follow what interests you) and a way on to the site. Rendered for the person, never cached.
 */
import { redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { loginPath, WELCOME_PATH } from "#common/page-paths.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/welcome";

export function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(WELCOME_PATH));
  return { username: context.user.username };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName }) => ({ title: "Welcome", description: `Your first steps on ${siteName}.`, path: WELCOME_PATH, noindex: true }));

const stepClass = "flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const actionClass = "mt-auto inline-flex w-fit items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

export default function Welcome({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{`Welcome, ${loaderData.username}!`}</h1>
      <p className="mt-2 text-lg text-slate-600">Your account is ready. Where would you like to start?</p>
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        <li className={stepClass}>
          <h2 className="text-lg font-bold text-slate-900">Add your first tool</h2>
          <p className="text-sm text-slate-600">Made something for indie makers? Submit it: once a verifier has checked it, it is listed for everyone.</p>
          <Link to="/add-tool" className={actionClass}>
            Add a tool
          </Link>
        </li>
        <li className={stepClass}>
          <h2 className="text-lg font-bold text-slate-900">Claim yours</h2>
          <p className="text-sm text-slate-600">Already listed? Find your tool and press “Claim this tool” on its page to manage it and see its numbers.</p>
          <div className="mt-auto">
            <SearchBox id="search-welcome" />
          </div>
        </li>
        <li className={stepClass}>
          <h2 className="text-lg font-bold text-slate-900">Follow what interests you</h2>
          <p className="text-sm text-slate-600">Follow a category or a tag from its page, and get its new tools in one e-mail a week.</p>
          <Link to="/categories" className={actionClass}>
            Browse the categories
          </Link>
        </li>
      </ol>
      <p className="mt-8 text-sm text-slate-600">
        Or{" "}
        <Link to="/" className="font-medium text-brand-700 hover:underline">
          go to the home page
        </Link>{" "}
        and look around.
      </p>
    </main>
  );
}
