import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './fixtures';
import { BRANDS } from '@crm/brand-config';
import { BRAND_KEYS, brandEmail, brandOrigin, signInAt } from './support';

/**
 * Everything the page reports about its security policies: `securitypolicyviolation` events (kept
 * from the first script on, in every document the page loads) and console messages about the
 * Content-Security-Policy or the Permissions-Policy (a refused script, style, image or socket, an
 * unknown feature name).
 */
async function watchPolicies(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content.security.policy|permissions.policy|refused to/i.test(message.text())) console.push(`console ${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []))];
}

test.describe('the apps under their Content-Security-Policy', () => {
  // Whole journeys (sign-in, the contact list, the API reference's 1.4 MB of script): they wait on
  // conditions within the test's own time, which a busy machine needs more of.
  test.slow();

  for (const key of BRAND_KEYS) {
    test(`${BRANDS[key].name}: loads, signs in, shows contacts and opens the realtime socket with no policy violation`, async ({ page, baseURL }) => {
      const violations = await watchPolicies(page);
      const origin = brandOrigin(baseURL, key);
      const login = await page.goto(`${origin}/login`);
      const csp = login?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      await expect(page.getByRole('heading', { level: 1, name: `Sign in to ${BRANDS[key].name}` })).toBeVisible();

      await signInAt(page, origin, brandEmail(key, 'admin'));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible({ timeout: 0 });
      // a dialog (Radix's scroll lock adds a style element, as sonner's toasts do when the app starts)
      await page.getByRole('button', { name: 'Quick filters' }).click();
      await page.getByRole('region', { name: 'Quick filters' }).getByRole('button', { name: 'Save current search…' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // the realtime socket of the page's own host (/cable) is allowed
      const socket = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/cable`, ['actioncable-v1-json']);
            ws.onopen = () => {
              ws.close();
              resolve('open');
            };
            ws.onerror = () => resolve('error');
          }),
      );
      expect(socket).toBe('open');
      expect(await violations()).toEqual([]);
    });
  }

  test('the login page cannot be framed by another site', async ({ page, baseURL }) => {
    const login = `${brandOrigin(baseURL, 'harbor')}/login`;
    // another site on this machine, with no policy of its own, that puts the login page in a frame
    const elsewhere = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Elsewhere</title><iframe src="${login}"></iframe>`);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const refused = new Promise<string>((resolve) => {
        page.on('console', (message) => {
          if (/frame-ancestors/.test(message.text())) resolve(message.text());
        });
      });
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      expect(await refused).toContain("frame-ancestors 'none'");
      await expect.poll(() => page.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/');
    } finally {
      elsewhere.close();
    }
  });

  test('the API reference renders under its own policy', async ({ page, baseURL }) => {
    const violations = await watchPolicies(page);
    await page.goto(`${baseURL}/v1/docs/`);
    await expect(page.getByRole('heading', { name: /Agent CRM API/ })).toBeVisible({ timeout: 0 });
    expect(await violations()).toEqual([]);
  });
});
