import { PassThrough, type Readable } from 'node:stream';

/**
 * The streams one after the other as one stream, each piped with backpressure (a stream waiting
 * its turn is not read, so its producer waits too). A stream failing, even one still waiting its
 * turn, ends the result with its error; destroying the result destroys them all.
 */
export function concatenated(streams: Readable[]): Readable {
  const out = new PassThrough();
  for (const stream of streams) stream.once('error', (error) => out.destroy(error));
  const send = (i: number) => {
    const stream = streams[i];
    if (!stream) return void out.end();
    stream.once('end', () => send(i + 1));
    stream.pipe(out, { end: false });
  };
  send(0);
  out.once('close', () => streams.forEach((stream) => stream.destroy()));
  return out;
}
