import axe from 'axe-core';

/**
 * Axe violations of the whole document (WCAG 2 A/AA and best practices such as one h1, landmarks
 * and content inside regions). jsdom cannot compute colour contrast; the brand schema checks the
 * palette and the e2e suite runs axe in Chromium. `skip` leaves rules out: a screen rendered
 * without the app frame has no landmarks around it (`region`).
 */
export async function axeViolations(skip: string[] = []): Promise<string[]> {
  // The apps' index.html sets the language and a title; jsdom's empty document has neither.
  if (!document.documentElement.lang) document.documentElement.lang = 'en';
  if (!document.title) document.title = 'Test';
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: Object.fromEntries(['color-contrast', ...skip].map((rule) => [rule, { enabled: false }])),
  });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
