/**
 * The FileStorage of an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, ...): every request signed
 * with SigV4 by aws4fetch and sent with fetch, addressed path-style ({endpoint}/{bucket}/{key}), which every such
 * store accepts. Browsers read the files from `publicUrl` (docs/decisions/017).
 */
import { AwsClient } from "aws4fetch";
import { cacheControlOf, checkKey, type FileStorage, type StoredFile } from "./files.ts";

export type S3Settings = {
  /** The store's S3 API, such as https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the bucket's files from: the bucket's public address, or a CDN in front of it. */
  publicUrl: string;
};

/** How long one request to the store may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 15_000;

/** `listPageSize`: how many keys one listing request asks for (S3 answers at most 1,000). */
export function s3FileStorage(
  settings: S3Settings,
  { listPageSize = 1000 }: { listPageSize?: number } = {},
): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
  });
  const bucketUrl = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}`;
  const publicBase = settings.publicUrl.replace(/\/+$/, "");

  function send(
    method: string,
    url: string,
    init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    // fetch takes bytes backed by a plain ArrayBuffer: a copy, at most the upload limit.
    const body = typeof init.body === "string" || init.body === undefined ? init.body : Uint8Array.from(init.body);
    return client.fetch(url, { method, body, headers: init.headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  async function failure(what: string, response: Response): Promise<Error> {
    const body = await response.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    return new Error(`${what} in the bucket ${settings.bucket} answered ${response.status}${code ? ` ${code}` : ""}`);
  }

  return {
    async write(key, body, contentType) {
      const response = await send("PUT", `${bucketUrl}/${checkKey(key)}`, {
        body,
        headers: { "content-type": contentType, "cache-control": cacheControlOf(key) },
      });
      if (!response.ok) throw await failure(`storing ${key}`, response);
      await response.body?.cancel();
    },
    async remove(key) {
      const response = await send("DELETE", `${bucketUrl}/${checkKey(key)}`);
      // S3 answers 204 whether or not the file was there; some stores answer 404 for one that was not.
      if (!response.ok && response.status !== 404) throw await failure(`removing ${key}`, response);
      await response.body?.cancel();
    },
    publicUrl(key) {
      return `${publicBase}/${checkKey(key)}`;
    },
    async *list(prefix) {
      const folder = `${prefix.replace(/\/+$/, "")}/`;
      let marker: string | undefined;
      // One page of keys at a time, so a large bucket is walked without holding its listing. The first version of
      // ListObjects, paged by the last key seen: every S3-compatible store answers it the same way.
      do {
        const query = new URLSearchParams({ prefix: folder, "max-keys": String(listPageSize) });
        if (marker) query.set("marker", marker);
        const response = await send("GET", `${bucketUrl}?${query}`);
        if (!response.ok) throw await failure(`listing ${folder}`, response);
        const page = parseListPage(await response.text());
        yield* page.files;
        marker = page.nextMarker;
      } while (marker);
    },
    async check() {
      const response = await send("HEAD", bucketUrl);
      if (!response.ok)
        throw new Error(`the bucket ${settings.bucket} at ${settings.endpoint} answered ${response.status}`);
    },
  };
}

/**
 * One page of a ListObjects answer: its files (the keys a FileStorage could have written), and where the next page
 * starts when there is one (NextMarker, or else the last key of this page).
 */
export function parseListPage(xml: string): { files: StoredFile[]; nextMarker?: string } {
  const files: StoredFile[] = [];
  let lastKey: string | undefined;
  for (const [, entry = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = decodeXml(/<Key>([^<]*)<\/Key>/.exec(entry)?.[1] ?? "");
    const modifiedAt = new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(entry)?.[1] ?? "");
    lastKey = key;
    // A key written by something else (not one this storage makes) is not ours to clean up.
    if (isStorageKey(key) && !Number.isNaN(modifiedAt.getTime())) files.push({ key, modifiedAt });
  }
  if (!/<IsTruncated>true<\/IsTruncated>/.test(xml)) return { files };
  const nextMarker = /<NextMarker>([^<]*)<\/NextMarker>/.exec(xml)?.[1];
  return { files, nextMarker: nextMarker ? decodeXml(nextMarker) : lastKey };
}

function isStorageKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    if (entity.startsWith("#x") || entity.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity.toLowerCase()] ?? "";
  });
}
