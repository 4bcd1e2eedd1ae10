import { launchBrowser, newContext } from "./tests/setup/browser.ts";
const browser = await launchBrowser();
const pages = process.argv.slice(2);
for (const spec of pages) {
  const [path, name, width] = spec.split("|");
  const context = await newContext(browser, { viewport: { width: Number(width ?? 1280), height: 900 } });
  const page = await context.newPage();
  await page.goto(`http://localhost:3400${path}`);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: Number(width ?? 1280) > 800 });
  await context.close();
}
await browser.close();
