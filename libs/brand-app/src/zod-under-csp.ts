/**
 * The apps run under a Content-Security-Policy without 'unsafe-eval' (apps/api/src/plugins/
 * security-headers.ts). zod would call `Function('')` once to learn whether it may compile its
 * parsers, which the browser refuses and reports as a policy violation; it parses just as well
 * without compiling. Imported first by mount-brand-app.tsx, before any schema is built.
 *
 * zod keeps its settings (`z.config()`) in `globalThis.__zod_globalConfig` and adopts an object
 * already there, so the setting is made without importing zod: the first page loads zod only when
 * it validates something (zod-under-csp.test.ts checks that zod sees it).
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

// The same object zod holds when it loaded first.
const settings = (globalThis as ZodGlobal).__zod_globalConfig ?? {};
settings.jitless = true;
(globalThis as ZodGlobal).__zod_globalConfig = settings;

export {};
