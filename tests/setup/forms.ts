/**
 * Posts a form the way a browser does without JavaScript (same-site origin, urlencoded body), keeping cookies between
 * requests; `postSolved` and `postMultipartSolved` add the anti-spam proof of work the browser's script computes.
 */
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { solvedProof } from "./proof-of-work.ts";

export type Client = {
  cookies: Map<string, string>;
  /** The cookie header the client would send. */
  cookieHeader(): string;
  request(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, fields: Record<string, string>): Promise<Response>;
  /** Posts a multipart form (files included), as a browser does for a form with encType multipart/form-data. */
  postMultipart(path: string, form: FormData): Promise<Response>;
  /** `post` with a solved proof of work, as the sign-up and add-tool forms send with JavaScript. */
  postSolved(path: string, fields: Record<string, string>): Promise<Response>;
  /** `postMultipart` with a solved proof of work. */
  postMultipartSolved(path: string, form: FormData): Promise<Response>;
};

export function createClient(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
  origin = "http://localhost:3000",
): Client {
  const cookies = new Map<string, string>();
  const client: Client = {
    cookies,
    cookieHeader: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size) headers.set("cookie", client.cookieHeader());
      if (!headers.has("user-agent"))
        headers.set(
          "user-agent",
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
        );
      const response = await request(path, { redirect: "manual", ...init, headers });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair, ...attributes] = cookie.split(";");
        const [name, ...value] = pair!.split("=");
        const expired = attributes.some((attribute) => /max-age=0/i.test(attribute.trim()));
        if (expired || value.join("=") === "") cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value.join("="));
      }
      return response;
    },
    post(path, fields) {
      return client.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams(fields).toString(),
      });
    },
    postMultipart(path, form) {
      return client.request(path, { method: "POST", headers: { origin }, body: form });
    },
    async postSolved(path, fields) {
      return client.post(path, { ...fields, [PROOF_FIELD]: await solvedProof(request) });
    },
    async postMultipartSolved(path, form) {
      form.set(PROOF_FIELD, await solvedProof(request));
      return client.postMultipart(path, form);
    },
  };
  return client;
}
