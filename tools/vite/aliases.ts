import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Vite/Vitest aliases read from tsconfig.base.json paths, so there is one list of library entry points. */
export function workspaceAliases(): Record<string, string> {
  const base = JSON.parse(readFileSync(resolve(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.fromEntries(
    Object.entries(base.compilerOptions.paths).map(([name, [target]]) => [name, resolve(root, target as string)]),
  );
}

export const workspaceRoot = root;
