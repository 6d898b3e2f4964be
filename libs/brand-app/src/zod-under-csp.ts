import { z } from 'zod';

/**
 * The apps run under a Content-Security-Policy without 'unsafe-eval' (apps/api/src/plugins/
 * security-headers.ts). zod would call `Function('')` once to learn whether it may compile its
 * parsers, which the browser refuses and reports as a policy violation; it parses just as well
 * without compiling. Imported first by this library's index, before any schema parses.
 */
z.config({ jitless: true });
