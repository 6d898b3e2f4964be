import { describe, expect, it, vi } from 'vitest';

describe('zod-under-csp', () => {
  it('makes zod parse without compiling when zod loads after it', async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import('./zod-under-csp');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema built afterwards parses without calling Function.
    const spy = vi.spyOn(globalThis, 'Function');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('sets it on the settings of a zod already loaded', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    vi.resetModules();
    await import('./zod-under-csp');
    expect(z.config().jitless).toBe(true);
  });
});
