import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTACT_FILE_MAX_BYTES, endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { unprocessable } from '../../lib/http-errors';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { fileHeaders } from '../../lib/file-response';
import { FILE_MESSAGES } from './contact-file-rules';
import type { IncomingFile } from './contact-files.service';

/**
 * The first file part of a multipart request, if it is the "file" field. The parser cuts the file
 * off at CONTACT_FILE_MAX_BYTES (the service refuses it then); a form the parser cannot read is a 422.
 */
async function readUpload(request: FastifyRequest): Promise<IncomingFile | undefined> {
  if (!request.isMultipart()) return undefined;
  const part = await request
    .file({ limits: { fileSize: CONTACT_FILE_MAX_BYTES, files: 1 }, throwFileSizeLimit: false })
    .catch(() => {
      throw unprocessable({ file: FILE_MESSAGES.unreadable });
    });
  if (!part) return undefined;
  if (part.fieldname !== 'file') {
    part.file.resume();
    return undefined;
  }
  return { fileName: part.filename, contentType: part.mimetype, stream: part.file, truncated: () => part.file.truncated };
}

export function registerContactFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listContactFiles, (request) => ctx.contactFiles.list(requireIdentity(request), request.params.id));

  route(app, ctx, endpoints.uploadContactFile, (request) =>
    ctx.contactFiles.upload(requireIdentity(request), request.params.id, () => readUpload(request)),
  );

  route(app, ctx, endpoints.downloadContactFile, async (request, reply) => {
    const { file, body } = await ctx.contactFiles.download(requireIdentity(request), request.params.id, request.params.fileId);
    return reply.headers(fileHeaders(file)).send(body);
  });

  route(app, ctx, endpoints.deleteContactFile, (request) =>
    ctx.contactFiles.remove(requireIdentity(request), request.params.id, request.params.fileId),
  );
}
