import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { RECENT_AUTH_MINUTES } from '@crm/contract';
import { expect, pendingRequests, test, type Page } from './fixtures';

/** The demo data of the README (seeded by the server the tests start). */
export const DEMO_PASSWORD = 'Lantern-Orchard-2026';
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
export const demoEmail = (key: string) => `${key}@harbor-demo.example`;

export async function fillCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signIn(page: Page, key: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillCredentials(page, demoEmail(key), password);
}

/** Signs in and waits for the home page (the session is ready for API calls). */
export async function signInHome(page: Page, key: string): Promise<void> {
  await signIn(page, key);
  await expect(page).toHaveURL(/\/$/);
}

/** Letters only (the brands' keystroke filter takes no digits in names), different on every run. */
export const uniqueLetters = () =>
  `${Date.now()}${Math.floor(Math.random() * 100)}`
    .slice(-8)
    .split('')
    .map((d) => String.fromCharCode(97 + Number(d)))
    .join('');

/** Creates a contact through the API with the page's session (the CSRF header from its cookie). */
export async function createContact(page: Page, body: Record<string, unknown>): Promise<number> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crm_csrf')?.value ?? '';
  const response = await page.request.post('/v1/contacts', { data: body, headers: { 'X-CSRF-Token': decodeURIComponent(csrf) } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/**
 * Calls the API from the page itself, as the app's client does: the session and CSRF token of the
 * page's own host (a brand's host name resolves in the browser only). Answers the status and the JSON.
 */
export async function callFromPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: ReturnType<typeof JSON.parse> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('crm_csrf='))?.slice('crm_csrf='.length) ?? '');
      const response = await fetch(path, { method, headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/** Whether the page scrolls sideways: the document is wider than the window's content area. */
export const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A billing period's boundary as the screens show it: its calendar date in UTC (libs/util formatPeriodDate). */
export const periodDate = (at: Date) => `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()}`;

/** The sizes the money and newcomer screens are checked at (issue 28): a common laptop, a smaller one, a phone. */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * At each of SCREEN_SIZES, from the widest: `check` runs, nothing sticks out of the page sideways
 * (content of a box that scrolls on its own does not count; waited for, as the page lays itself
 * out again after the resize) and the page passes the accessibility check.
 */
export async function atEveryWidth(page: Page, check: (width: number) => Promise<void> = async () => undefined): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await check(size.width);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('body *'))
              .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
              .filter((el) => {
                for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
                  if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX)) return false;
                }
                return true;
              })
              .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
          ),
        { message: `nothing sticks out sideways at ${size.width} px` },
      )
      .toEqual([]);
    await expectAccessible(page);
  }
}

/**
 * Waits for the page to settle: no request of its context in flight (the data a screen asked for
 * has come and been rendered: two animation frames after the last one), and no animation or
 * transition running (a toast fading in, a dialog opening; endless ones, such as a spinner, do
 * not count). It waits as long as the test's own timeout allows: on a busy machine that is longer,
 * never a fixed window.
 */
export async function settle(page: Page): Promise<void> {
  const inFlight = pendingRequests(page.context());
  await expect.poll(() => inFlight.size, { timeout: 0, message: 'requests still in flight' }).toBe(0);
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)),
          ),
        ),
      ),
    undefined,
    { timeout: 0, polling: 100 },
  );
}

/**
 * No WCAG 2 A/AA violations on the page once it has settled. Something can still start while axe
 * runs (a toast leaving when its time is up, a late refetch), so a check that finds violations
 * settles and checks again until the test's timeout: what a transition caused is gone by then, a
 * real violation is still there.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = async () => {
    await settle(page);
    return axeViolations(page);
  };
  await expect.poll(violations, { timeout: 0, message: 'WCAG violations on the settled page' }).toEqual([]);
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** AxeBuilder's own set-up of axe-core in a page (legacy mode). */
const AXE_SETUP = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;
type Violation = { id: string; nodes: { target: unknown[] }[] };
const described = (violations: readonly Violation[]) => violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * axe-core's WCAG 2 A/AA violations of the whole page, as AxeBuilder's legacy mode finds them (axe run
 * in the page itself: the default, runPartial, opens a second page to finish every check, which cost
 * 1.5–2 s a check on a busy machine). In a page without frames, axe-core is put in the document once,
 * not at every check as AxeBuilder does (its 550 kB sent and compiled twice a check), and only the
 * violations are gathered (resultTypes: the other kinds of result, which nothing reads, are cut
 * after every rule has run, so the violations are the same): a check took 230 ms in place of 540
 * here, on an idle machine. A page with frames is checked by AxeBuilder as before, which puts
 * axe-core in each frame too (resultTypes there cut what the frames report to the page, and
 * landmark-unique then found a landmark of the page twice).
 */
async function axeViolations(page: Page): Promise<string[]> {
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(AXE_TAGS).analyze();
    return described(results.violations);
  }
  const run = () =>
    page.evaluate(async (tags) => {
      const inPage = (window as unknown as { axe?: typeof axe }).axe;
      if (!inPage) return null;
      const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: [...n.target] })) }));
    }, AXE_TAGS);
  let found = await run();
  if (!found) {
    await page.evaluate(AXE_SETUP);
    found = await run();
  }
  if (!found) throw new Error('axe-core could not be put in the page');
  return described(found);
}

/** The brands the server serves by host, and the e-mail domain of each brand's demo company. */
export type BrandKey = 'harbor' | 'keystone' | 'evergreen';
export const BRAND_KEYS: readonly BrandKey[] = ['harbor', 'keystone', 'evergreen'];
export const brandEmail = (brand: BrandKey, key: string) => `${key}@${brand}-demo.example`;

/**
 * The origin of a brand's development host on the test server's port: http://<brand>.localhost:<port>
 * (Chromium resolves *.localhost to 127.0.0.1).
 */
export function brandOrigin(baseURL: string | undefined, brand: BrandKey): string {
  const url = new URL(baseURL ?? 'http://localhost:3100');
  url.hostname = `${brand}.localhost`;
  return url.origin;
}

/** Signs in on a brand's host and waits for the dashboard. */
export async function signInAt(page: Page, origin: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${origin}/login`);
  await fillCredentials(page, email, password);
  await expect(page).toHaveURL(`${origin}/`);
}

/**
 * Sessions that tests open without the sign-in form, kept for the worker's later tests by host and
 * e-mail: the session token, the CSRF token that goes with it, and when the sign-in was.
 */
const keptSessions = new Map<string, { session: string; csrf: string; at: number }>();
/**
 * How long a kept session serves: a third of RECENT_AUTH_MINUTES, so that it still counts as a fresh
 * sign-in for a credential change (as a session signed in through the form at the test's start does).
 */
const KEEP_SESSION_MS = (RECENT_AUTH_MINUTES / 3) * 60_000;

/**
 * The API address for a brand's host from Node: 127.0.0.1 (the address Chromium reaches *.localhost
 * at, so the session is the browser's own device) with `?brand=` naming the brand, as apiGetAs does.
 */
function apiUrl(origin: string, path: string): string {
  const host = new URL(origin);
  const url = new URL(path, `http://127.0.0.1:${host.port}`);
  const brand = BRAND_KEYS.find((key) => host.hostname === `${key}.localhost`);
  if (brand) url.searchParams.set('brand', brand);
  return url.href;
}

/** Whether a kept session still works (a test may have signed it out, or changed the user's password). */
async function sessionWorks(origin: string, session: string, userAgent: string): Promise<boolean> {
  const answer = await fetch(apiUrl(origin, '/v1/users/me'), { headers: { cookie: `crm_session=${session}`, 'user-agent': userAgent } });
  await answer.arrayBuffer();
  return answer.status === 200;
}

/** Signs in through the API as the form does (same password, same browser): the new session's token. */
async function signInThroughApi(origin: string, email: string, csrf: string, userAgent: string): Promise<string> {
  const answer = await fetch(apiUrl(origin, '/v1/sessions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `crm_csrf=${csrf}`, 'x-csrf-token': csrf, 'user-agent': userAgent },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = await answer.text();
  expect(answer.status, body).toBe(200);
  expect(JSON.parse(body), `${email} signs in with the password alone`).toMatchObject({ otp_required: false });
  const session = answer.headers
    .getSetCookie()
    .map((cookie) => /^crm_session=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  expect(session, 'the session cookie of the sign-in').toBeTruthy();
  return session!;
}

/**
 * Signs the page in as `email` on a brand's host without the sign-in form: a session of the user on
 * that host, signed in through the API with the demo password from this browser, goes into the
 * page's cookies as the form's answer would put it; the page stays where it is. A worker keeps each
 * session for its next tests (a few minutes, and only while it works: after a test signs it out or
 * changes the password, the next one gets a new session). For tests whose subject is not signing
 * in; those about the sign-in form, its second factor or a password change sign in with signInAt.
 */
export async function addSessionAt(page: Page, origin: string, email: string): Promise<void> {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const key = `${origin} ${email}`;
  let kept = keptSessions.get(key);
  if (!kept || Date.now() - kept.at > KEEP_SESSION_MS || !(await sessionWorks(origin, kept.session, userAgent))) {
    const csrf = randomBytes(24).toString('base64url');
    kept = { session: await signInThroughApi(origin, email, csrf, userAgent), csrf, at: Date.now() };
    keptSessions.set(key, kept);
  }
  await page.context().addCookies([
    { name: 'crm_session', value: kept.session, url: origin, httpOnly: true, sameSite: 'Lax' },
    { name: 'crm_csrf', value: kept.csrf, url: origin, sameSite: 'Lax' },
  ]);
}

/** addSessionAt, then the page opens `path` on that host (the dashboard unless told). */
export async function openSignedInAt(page: Page, origin: string, email: string, path = '/'): Promise<void> {
  await addSessionAt(page, origin, email);
  await page.goto(`${origin}${path}`);
}

/** The test server's own address: Harbor's demo users' host (the server's default brand). */
const ownOrigin = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:3100').origin;

/** addSessionAt for a Harbor demo user on the test server's own address. */
export const addSession = (page: Page, key: string) => addSessionAt(page, ownOrigin(), demoEmail(key));

/** openSignedInAt for a Harbor demo user on the test server's own address. */
export const openSignedIn = (page: Page, key: string, path = '/') => openSignedInAt(page, ownOrigin(), demoEmail(key), path);

/** `#rrggbb` as the `rgb(r, g, b)` a computed style answers. */
export function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/**
 * GET an API path with the session the page holds on a brand's host, through page.request. Node's
 * resolver (unlike Chromium's and curl's) does not know *.localhost, so the request goes to the
 * test server's own address with that host's cookies, and names the brand with the development
 * override `?brand=` (a session only counts on its own brand's hosts).
 */
export async function apiGetAs(page: Page, baseURL: string | undefined, brand: BrandKey, path: string) {
  const cookies = await page.context().cookies(brandOrigin(baseURL, brand));
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const url = new URL(path, baseURL ?? 'http://localhost:3100');
  url.searchParams.set('brand', brand);
  return page.request.get(url.href, { headers: { cookie } });
}

/**
 * Follows an entry of the main navigation: its link, or the link of that name in one of its menus
 * (the account's and the admin screens are grouped behind an "Account" and an "Admin" button).
 */
export async function openFromNav(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const link = nav.getByRole('link', { name, exact: true });
  if (await link.count()) return link.click();
  for (const group of ['Account', 'Admin']) {
    const button = nav.getByRole('button', { name: group, exact: true });
    if (!(await button.count())) continue;
    await button.click();
    await expect(page.getByRole('menu')).toBeVisible();
    const item = page.getByRole('menuitem', { name, exact: true });
    if (await item.count()) return item.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  throw new Error(`The main navigation has no entry "${name}"`);
}

/**
 * Stripe's /v1/payment_methods as the Stripe sandbox serves it: where Stripe.js (here the sandbox's)
 * tokenises a card with the publishable key, for a test that puts a card on file without the form.
 */
export const SANDBOX_PAYMENT_METHODS = '/sandbox/stripe/v1/payment_methods';

/**
 * Types a card into the card form and saves it: Stripe Elements, in sandbox mode the sandbox's
 * Stripe.js, whose card fields are in the page (Stripe's own are in its frame).
 */
export async function enterCard(page: Page, number: string, { expiry = '12 / 34', cvc = '123' } = {}): Promise<void> {
  const card = page.getByRole('group', { name: 'Card' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date (MM / YY)' }).fill(expiry);
  await card.getByRole('textbox', { name: 'Security code (CVC)' }).fill(cvc);
  await page.getByRole('button', { name: 'Save card' }).click();
}

/** The bank's 3-D Secure page that Stripe.js opens over the page (the Stripe sandbox's own), answered Complete or Fail. */
export async function answerBank(page: Page, outcome: 'Complete' | 'Fail'): Promise<void> {
  await expect(page.getByRole('dialog', { name: 'Confirm with your bank' })).toBeVisible();
  await page.frameLocator('iframe[title="3D Secure authentication"]').getByRole('button', { name: `${outcome} authentication` }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm with your bank' })).toHaveCount(0);
}
