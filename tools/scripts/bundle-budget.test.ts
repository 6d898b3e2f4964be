// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { KINDS, measureBuild } from './bundle-budget.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Incompressible text of about `size` bytes, so gzip sizes add up predictably. */
function noise(size: number, seed: number): string {
  let x = seed;
  let text = '';
  while (text.length < size) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    text += x.toString(36);
  }
  return text.slice(0, size);
}

/** A build folder like dist/apps/web-harbor: files under assets/ and the Vite manifest. */
function build(files: Record<string, number>, manifest: Record<string, unknown>): { dir: string; gz: (file: string) => number } {
  const dir = join(mkdtempSync(join(tmpdir(), 'budget-')), 'web-harbor');
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'));
  const contents: Record<string, string> = {};
  Object.entries(files).forEach(([file, size], index) => {
    contents[file] = noise(size, index + 1);
    writeFileSync(join(dir, 'assets', file), contents[file]);
  });
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return { dir, gz: (file) => gzipSync(contents[file] ?? '', { level: 9 }).length };
}

const screens = '../../libs/brand-app/src/screens';

describe('bundle budget', () => {
  it("counts the entry and its imports, the frame for signed-in screens, and each screen's own imports, once each", () => {
    const { dir, gz } = build(
      { 'index.js': 4000, 'react.js': 6000, 'frame.js': 1500, 'login.js': 800, 'list.js': 2000, 'table.js': 3000 },
      {
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
        '_react.js': { file: 'assets/react.js' },
        '_table.js': { file: 'assets/table.js', imports: ['_react.js'] },
        [`${screens}/app-frame.ts`]: { file: 'assets/frame.js', isDynamicEntry: true, imports: ['index.html'] },
        [`${screens}/public/login.ts`]: { file: 'assets/login.js', isDynamicEntry: true, imports: ['index.html'] },
        [`${screens}/app/contact-list.ts`]: { file: 'assets/list.js', isDynamicEntry: true, imports: ['_table.js', '_react.js'] },
      },
    );
    const rows = measureBuild(dir);
    const entry = gz('index.js') + gz('react.js');
    expect(rows.map(({ route, kind, bytes }) => ({ route, kind, bytes }))).toEqual([
      { route: 'app/contact-list', kind: 'app', bytes: entry + gz('frame.js') + gz('list.js') + gz('table.js') },
      { route: 'public/login', kind: 'public', bytes: entry + gz('login.js') },
    ]);
    expect(rows.map((row) => row.budget)).toEqual([KINDS.app.budget, KINDS.public.budget]);
    expect(KINDS.public.budget).toBe(150 * 1024);
    expect(KINDS.app.budget).toBe(300 * 1024);
  });

  it('finds no screens in a build where everything is in the entry (the check then fails)', () => {
    const { dir } = build({ 'index.js': 100 }, { 'index.html': { file: 'assets/index.js', isEntry: true } });
    expect(measureBuild(dir)).toEqual([]);
  });

  it('refuses a screen module outside screens/public and screens/app', () => {
    const { dir } = build(
      { 'index.js': 100, 'misc.js': 100 },
      {
        'index.html': { file: 'assets/index.js', isEntry: true },
        [`${screens}/misc.ts`]: { file: 'assets/misc.js', isDynamicEntry: true },
      },
    );
    expect(() => measureBuild(dir)).toThrow(/lives in .*screens\/public\/ or .*screens\/app\//);
  });
});
