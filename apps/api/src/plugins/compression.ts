import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * What is compressed as it is sent: JSON answers, and pages and scripts that have no pre-compressed
 * copy (the built apps' files have one: plugins/static.ts). Files and exports are not (they are sent
 * as streams, mostly compressed already, and a CSV of a million rows would cost seconds of CPU).
 */
export const COMPRESSED_TYPES = /^(application\/(json|javascript|manifest\+json)|text\/(html|css|javascript|plain)|image\/svg\+xml)(;|$)/;

/**
 * Brotli's quality and gzip's level for what is compressed as it is sent, chosen by measurement
 * (npm run bench:compression, on the answers bench:agents asks for): a 100-contact page (104 kB of
 * JSON) took 0.36–0.69 ms of CPU at brotli 1 for 15.6 kB, against 1.2–1.7 ms at brotli 4
 * (@fastify/compress's default) for 13.4 kB and 1.4–1.6 ms at gzip 6 (zlib's) for 13.5 kB; gzip 1
 * took 1.0–1.1 ms for 17 kB. A page is half the answers agents ask for; two more kilobytes a page
 * cost a browser less than the server's millisecond costs the next request.
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

/**
 * br, else gzip, for the answers the browser accepts them for (@fastify/compress), from 1 KB on, at
 * the quality and level above (build-time copies of the apps' files are brotli 11: plugins/static.ts).
 * Download routes turn it off (plugins/routes.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSED_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
