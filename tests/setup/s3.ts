/** A real S3-protocol server (s3rver) on a free port of 127.0.0.1, its files in a temporary folder, with one bucket. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../scripts/bench-lib.ts";

export type TestBucket = {
  /** The S3_* settings of the app for this bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
};

/** s3rver accepts requests signed with this key pair only. */
const KEY = "S3RVER";

export async function startTestBucket(bucket = "indie-tools"): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "indie-tools-s3-"));
  const port = await freePort();
  // Browsers on another origin read the tool snapshots: the bucket allows every origin to GET, as a deploy's must.
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    endpoint,
    bucket,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
