import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed as it is sent: JSON answers, and pages and scripts that have no pre-compressed
 * copy (the built apps' files have one: plugins/static.ts). Files and exports are not (they are sent
 * as streams, mostly compressed already, and a CSV of a million rows would cost seconds of CPU).
 */
export const COMPRESSED_TYPES = /^(application\/(json|javascript|manifest\+json)|text\/(html|css|javascript|plain)|image\/svg\+xml)(;|$)/;

/**
 * gzip or br for the answers the browser accepts them for (@fastify/compress), from 1 KB on; brotli
 * at quality 4, which compresses better than gzip at about its speed (11 is for build time).
 * Download routes turn it off (plugins/routes.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSED_TYPES,
  });
}
