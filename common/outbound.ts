/** Builds the outbound link to a tool's website, tagged with our ref parameter (docs/product.md §2: ref={product}tools). */
export function withRef(website: string, ref: string): string {
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return website;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return website;
  if (ref) url.searchParams.set("ref", ref);
  return url.toString();
}
