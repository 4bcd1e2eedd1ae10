import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { type Config, ConfigError, configSchema, parseConfig, publicConfig } from "./config.ts";
import { defaultSettings } from "./settings/settings.ts";

const publicOf = (config: Config) => publicConfig(config, defaultSettings(config));

describe("parseConfig", () => {
  it("starts with no variable at all, on the embedded database", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBe("");
    expect(config.PROMO_TEXT).toBe("Have your website appear on Bing and ChatGPT in hours! Click here.");
    expect(config.OUTBOUND_REF).toBe("indietools");
    expect(config.SEED_DEMO).toBe(true);
    expect(config.NEWSLETTER_URL).toBeUndefined();
    expect(config.isProduction).toBe(true);
    expect(config.silenceBrowserConsole).toBe(true);
  });

  it("accepts a full valid environment", () => {
    const config = parseConfig({
      NODE_ENV: "development",
      PORT: "8080",
      SITE_URL: "https://tools.example.com/",
      DATABASE_URL: "postgres://user:pass@db:5432/tools",
      NEWSLETTER_URL: "https://news.example.com/subscribe",
      CONTACT_EMAIL: "hello@example.com",
      SEED_DEMO: "false",
      SILENCE_BROWSER_CONSOLE: "true",
    });
    expect(config.PORT).toBe(8080);
    expect(config.SITE_URL).toBe("https://tools.example.com");
    expect(config.SEED_DEMO).toBe(false);
    expect(config.silenceBrowserConsole).toBe(true);
    expect(config.NEWSLETTER_URL).toBe("https://news.example.com/subscribe");
  });

  it("puts the default site URL on the configured port", () => {
    expect(parseConfig({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseConfig({ PORT: "8080", SITE_URL: "https://tools.example.com" }).SITE_URL).toBe(
      "https://tools.example.com",
    );
  });

  it("does not silence the console in development unless asked", () => {
    expect(parseConfig({ NODE_ENV: "development" }).silenceBrowserConsole).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", SILENCE_BROWSER_CONSOLE: "false" }).silenceBrowserConsole).toBe(false);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SITE_URL", "tools.example.com"],
    ["SITE_URL", "ftp://tools.example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["NEWSLETTER_URL", "javascript:alert(1)"],
    ["CONTACT_EMAIL", "not-an-email"],
    ["OUTBOUND_REF", "has spaces"],
    ["SEED_DEMO", "maybe"],
    ["NODE_ENV", "staging"],
    ["LOG_LEVEL", "verbose"],
  ])("names %s when it is %j", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    try {
      parseConfig({ [name]: value });
    } catch (error) {
      expect((error as ConfigError).issues).toHaveLength(1);
      expect((error as ConfigError).issues[0]).toMatch(new RegExp(`^${name}: `));
      expect((error as ConfigError).message).toContain(value);
    }
  });

  it("takes an outbox lease only when it is longer than any send may last", () => {
    expect(parseConfig({}).OUTBOX_LEASE_SECONDS).toBe(120);
    expect(parseConfig({ OUTBOX_LEASE_SECONDS: "40" }).OUTBOX_LEASE_SECONDS).toBe(40);
    expect(() => parseConfig({ OUTBOX_LEASE_SECONDS: "30" })).toThrow(/OUTBOX_LEASE_SECONDS/);
    expect(() => parseConfig({ OUTBOX_LEASE_SECONDS: "60", WEBHOOK_TIMEOUT_SECONDS: "60" })).toThrow(
      /longer than WEBHOOK_TIMEOUT_SECONDS \(60\)/,
    );
  });

  it("lists every bad variable at once", () => {
    expect(() => parseConfig({ PORT: "x", SITE_URL: "y" })).toThrow(/PORT[\s\S]*SITE_URL/);
  });
});

describe("the file storage settings", () => {
  const s3 = {
    S3_ENDPOINT: "http://minio:9000/",
    S3_BUCKET: "indie-tools",
    S3_ACCESS_KEY_ID: "app",
    S3_SECRET_ACCESS_KEY: "app-secret",
  };

  it("keeps files on the local disk when no S3 setting is given", () => {
    const config = parseConfig({});
    expect(config.storage).toEqual({ kind: "local" });
    expect(publicOf(config).filesUrl).toBe("/files");
  });

  it("uses the bucket when all are given, read from the bucket itself unless a public address is set", () => {
    const config = parseConfig(s3);
    expect(config.storage).toEqual({
      kind: "s3",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      bucket: "indie-tools",
      accessKeyId: "app",
      secretAccessKey: "app-secret",
      publicUrl: "http://minio:9000/indie-tools",
    });
    expect(publicOf(config).filesUrl).toBe("http://minio:9000/indie-tools");
    expect(
      parseConfig({ ...s3, S3_PUBLIC_URL: "https://files.example.com/", S3_REGION: "auto" }).storage,
    ).toMatchObject({ publicUrl: "https://files.example.com", region: "auto" });
    expect(JSON.stringify(publicOf(config))).not.toContain("app-secret");
  });

  it("refuses some S3 settings without the others, naming each one missing", () => {
    expect(() => parseConfig({ S3_BUCKET: "indie-tools", S3_ACCESS_KEY_ID: "app" })).toThrow(ConfigError);
    try {
      parseConfig({ S3_BUCKET: "indie-tools", S3_ACCESS_KEY_ID: "app" });
    } catch (error) {
      expect((error as ConfigError).issues).toEqual([
        "S3_ENDPOINT: must be set too when S3_BUCKET, S3_ACCESS_KEY_ID are (S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
        "S3_SECRET_ACCESS_KEY: must be set too when S3_BUCKET, S3_ACCESS_KEY_ID are (S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
      ]);
    }
  });

  it.each([
    ["S3_ENDPOINT", "ftp://minio"],
    ["S3_BUCKET", "Not_A_Bucket"],
    ["S3_PUBLIC_URL", "javascript:alert(1)"],
  ])("refuses %s=%j", (name, value) => {
    expect(() => parseConfig({ ...s3, [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});

describe(".env.example", () => {
  const example = parseEnv(readFileSync(new URL("../.env.example", import.meta.url), "utf8"));

  it("lists every variable, and nothing else", () => {
    expect(Object.keys(example).sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it("runs as it is, with the same values as no variable at all", () => {
    expect(parseConfig(example)).toEqual(parseConfig({}));
  });
});

describe("the README's configuration table", () => {
  it("has a row for every variable", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    for (const name of Object.keys(configSchema.shape)) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});

describe("publicConfig", () => {
  it("holds nothing secret", () => {
    const shown = JSON.stringify(publicOf(parseConfig({ DATABASE_URL: "postgres://user:secret@db/tools" })));
    expect(shown).not.toContain("secret");
    expect(shown).not.toContain("DATABASE");
  });
});
