/**
 * The site's settings (decision 048): its name, tagline, logo, favicon, accent colour, banner, newsletter pages and
 * contact links. The environment gives the defaults; an admin's values, kept in `site_settings`, replace them.
 *
 * Every process keeps the current settings in memory, read at its start. A change sends 'settings' on page_cache (the
 * table's trigger): each process reads them again, then drops every page and kept read it has, since every page shows
 * them. A page rendered between the message and the reload is dropped with the others, or refused by the page cache
 * as its render overlapped that drop.
 */
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { SessionUser } from "#common/access.ts";
import { type SiteSettings, type SiteSettingsInput, taglineField } from "#common/schemas/settings.ts";
import { requireAdmin } from "../access.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import type { Config } from "../config.ts";
import { pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { siteSettings } from "../db/schema.ts";
import { processImage } from "../images/process.ts";
import type { Logger } from "../logger.ts";
import type { FileStorage } from "../storage/files.ts";

/** The tagline the seed's home page has always said, which settings saved before taglines had a language may hold. */
const SEED_TAGLINE = "The Best Tools for Indie Developers";
const ROW_ID = 1;

export type SiteImage = "logo" | "favicon";

/** What the environment says, before any admin changed anything. */
export function defaultSettings(config: Config): SiteSettings {
  return {
    siteName: config.SITE_NAME,
    // Each language's own words (home.tagline), until an admin writes others.
    tagline_en: "",
    tagline_fr: "",
    tagline_es: "",
    accentColor: "",
    bannerText: config.PROMO_TEXT,
    bannerUrl: config.PROMO_URL ?? "",
    newsletterUrl: config.NEWSLETTER_URL ?? "",
    newsletterArchiveUrl: config.NEWSLETTER_ARCHIVE_URL ?? "",
    contactEmail: config.CONTACT_EMAIL,
    contactTelegramUrl: config.CONTACT_TELEGRAM_URL ?? "",
    contactXUrl: config.CONTACT_X_URL ?? "",
    logoUrl: "",
    faviconUrl: "",
    dealsOn: true,
    launchDaysOn: true,
    freeWayIn: "off",
  };
}

export function siteSettingsStore({
  db,
  config,
  storage,
  logger,
  maxImageBytes,
}: {
  db: Database;
  config: Config;
  storage: FileStorage;
  logger: Logger;
  maxImageBytes: number;
}) {
  const defaults = defaultSettings(config);
  let current: SiteSettings = defaults;
  let updatedAt: Date | null = null;
  let loading: Promise<void> | undefined;
  /** Called once a change has been read: every kept page and read goes (server/server.ts wires the caches). */
  const reloaded: (() => void)[] = [];

  /** Reads the settings; answers whether they differ from those in force. */
  async function load(): Promise<boolean> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, ROW_ID));
    const values = { ...row?.values };
    // A tagline saved before taglines had a language was the default language's, unless it was the seed's own words.
    const legacy = values.tagline;
    if (typeof legacy === "string" && legacy !== SEED_TAGLINE && !values[taglineField(config.DEFAULT_LOCALE)])
      values[taglineField(config.DEFAULT_LOCALE)] = legacy;
    // Only the keys the settings have, of their type: a value kept by an older version, or none, leaves the default.
    const next = {
      ...defaults,
      ...Object.fromEntries(
        Object.entries(values).filter(
          ([key, value]) => key in defaults && typeof value === typeof defaults[key as keyof SiteSettings],
        ),
      ),
    };
    updatedAt = row?.updatedAt ?? null;
    if (JSON.stringify(next) === JSON.stringify(current)) return false;
    current = next;
    return true;
  }

  /** Reads the settings again; when they changed, the kept pages go (a message that changed nothing drops nothing). */
  function reload(): Promise<void> {
    const next = (loading ?? Promise.resolve())
      .then(load)
      .then((changed) => {
        if (changed) for (const listener of reloaded) listener();
      })
      .catch((error: unknown) => logger.error("settings: could not read the site's settings", error));
    loading = next;
    return next;
  }

  return {
    /** Reads the settings: at the start, before the first request. */
    start: () => reload(),

    /** The settings as they are now in this process. */
    current: (): SiteSettings => current,

    /** Runs `listener` after each reload caused by a change. */
    onReload(listener: () => void) {
      reloaded.push(listener);
    },

    /** What the page cache's messages do to the settings: 'settings', or '*' (a lost connection), reloads them. */
    invalidate(tags: string[] | "*") {
      if (tags === "*" || tags.includes(pageTags.settings)) void reload();
    },

    /** The form's values (admins only): the current ones, and whether any differs from the environment's. */
    async forAdmin(user: SessionUser | null) {
      requireAdmin(user);
      return { settings: current, defaults, updatedAt };
    },

    /**
     * Saves an admin's settings, and the logo or favicon they uploaded (or removed). The settings apply in this
     * process before it answers, and in the others as soon as they hear of the change. A refused image changes nothing.
     */
    async update(
      user: SessionUser | null,
      input: SiteSettingsInput,
      images: Partial<Record<SiteImage, Uint8Array | "remove">> = {},
    ): Promise<{ ok: true; settings: SiteSettings } | { ok: false; field: SiteImage; message: string }> {
      const admin = requireAdmin(user);
      const urls = { logoUrl: current.logoUrl, faviconUrl: current.faviconUrl };
      for (const kind of ["logo", "favicon"] as const) {
        const image = images[kind];
        if (image === "remove") urls[`${kind}Url`] = "";
        else if (image) {
          const processed = await processImage(image, "logo", maxImageBytes);
          if (!processed.ok) return { ok: false, field: kind, message: processed.message };
          const key = `site/${kind}-${randomBytes(9).toString("base64url")}.webp`;
          await storage.write(key, processed.webp, "image/webp");
          urls[`${kind}Url`] = storage.publicUrl(key);
        }
      }
      const values = { ...input, ...urls };
      const changed = changedFields(current, values);
      await db.transaction(async (tx) => {
        await tx
          .insert(siteSettings)
          .values({ id: ROW_ID, values, updatedBy: admin.id, updatedAt: new Date() })
          .onConflictDoUpdate({ target: siteSettings.id, set: { values, updatedBy: admin.id, updatedAt: new Date() } });
        if (changed)
          await recordAudit(tx, admin, { kind: "settings.updated", subject: "the site's settings", ...changed });
      });
      await reload();
      return { ok: true, settings: current };
    },

    /** Goes back to the environment's settings (admins only). */
    async reset(user: SessionUser | null): Promise<void> {
      const admin = requireAdmin(user);
      const changed = changedFields(current, defaults);
      await db.transaction(async (tx) => {
        await tx.delete(siteSettings).where(eq(siteSettings.id, ROW_ID));
        if (changed)
          await recordAudit(tx, admin, { kind: "settings.updated", subject: "the site's settings", ...changed });
      });
      await reload();
    },
  };
}

export type SiteSettingsStore = ReturnType<typeof siteSettingsStore>;
