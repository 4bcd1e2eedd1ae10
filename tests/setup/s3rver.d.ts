/** The part of s3rver's API the tests use (the package ships no types). */
declare module "s3rver" {
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
