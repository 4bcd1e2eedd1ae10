/**
 * Any address no page has, however many segments: a 404 in the site's frame (the navigation, the search, the footer),
 * as a one-segment address gets from the top-lists' route. Without this route, React Router answered a deeper unknown
 * address with a bare page, since no layout's loader ran.
 */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
