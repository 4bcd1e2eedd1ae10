/**
 * React Router's Link, without its route-discovery attribute: the browser has every route's manifest from the first
 * page (routeDiscovery "initial", react-router.config.ts), so a link needs no `data-discover` to be looked up.
 */
import { type LinkProps, Link as RouterLink } from "react-router";

export function Link(props: LinkProps) {
  return <RouterLink discover="none" {...props} />;
}
