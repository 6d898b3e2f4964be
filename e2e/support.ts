import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The demo data of the README (seeded by the server the tests start). */
export const DEMO_PASSWORD = 'DemoPass2026';
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

/** No WCAG 2 A/AA violations on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}
