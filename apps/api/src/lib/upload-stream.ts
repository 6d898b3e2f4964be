import { pipeline, type Readable, type Transform } from 'node:stream';
import { HttpError } from './http-errors';

/**
 * An upload's bytes through its inspector, as the stream to store. The two are joined by
 * stream.pipeline, not .pipe(): a multipart body cut off before its closing boundary leaves the
 * file part without an end, and only pipeline's watch of the source hands that failure on (with
 * .pipe() the request waited forever). `onSourceFailed` hears of the source's own failure.
 */
export function throughInspector<T extends Transform>(source: Readable, inspector: T, onSourceFailed: () => void = () => undefined): T {
  // the inspector's errors are kept on it: the storage provider's put rejects with them
  inspector.on('error', () => undefined);
  pipeline(source, inspector, (error) => {
    // an inspector refuses with its 422 (an HttpError); any other failure is the source's
    if (error && !(error instanceof HttpError)) onSourceFailed();
  });
  return inspector;
}
