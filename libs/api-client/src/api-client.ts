import type { Consumer } from '@rails/actioncable';
import { cableUrl, subscribeCable, type CableSubscriptionOptions } from './cable';
import { type Endpoint, type Endpoints, fillPath } from '@crm/contract';
import { ApiError, ResponseValidationError, abortError, isReauthRequired } from './api-error';
import { withoutEmptySearch } from './contacts-scope';
import { addCsrfHeader } from './csrf';
import { type DownloadProgress, type DownloadResult, filenameFromContentDisposition, readWithProgress, saveDownload } from './download';
import { toQueryString } from './query-string';
import type { ApiClient, ApiClientOptions } from './types';

/** What `RequestOptions` becomes once the types have done their work. */
type RequestInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * A request on its way. `abortable` is null until its endpoint is known (a call by name waits for the
 * endpoint table); an abortAll() meanwhile is remembered in `abortAsked` and applied then.
 */
type Pending = { controller: AbortController; abortable: boolean | null; abortAsked: boolean };

let endpointTable: Promise<Endpoints> | null = null;

/**
 * The contract's endpoint table, fetched once, apart from the page's code: it carries every
 * endpoint's zod schemas, which a page needs only if it validates with them, so the first screen
 * does not wait for it (issue 12: the login page's JavaScript). Every client starts fetching it
 * when created, so the first call rarely waits.
 */
export function loadEndpoints(): Promise<Endpoints> {
  endpointTable ??= import('./endpoint-table').then(
    (table) => table.endpoints,
    (error: unknown) => {
      endpointTable = null; // the next call tries again
      throw error;
    },
  );
  return endpointTable;
}

function isDevelopment(): boolean {
  const env = import.meta.env as ImportMetaEnv | undefined;
  return env?.DEV === true && env.MODE !== 'test';
}

/** Base address + the endpoint's path with `{id}` parameters filled + the bracket-form query. */
export function requestUrl(baseUrl: string, endpoint: Endpoint, input: RequestInput): string {
  const path = fillPath(endpoint.path, input.params as Record<string, string | number> | undefined);
  const url = `${baseUrl.replace(/\/$/, '')}${path}${toQueryString(input.query)}`;
  return new URL(url, globalThis.location?.href).href;
}

/** GET sends no body; FormData goes as multipart (the browser sets its content type); anything else as JSON. */
function requestBody(endpoint: Endpoint, body: unknown, headers: Headers): BodyInit | undefined {
  if (endpoint.method === 'GET' || body === undefined) return undefined;
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(withoutEmptySearch(body));
}

export function buildRequest(
  baseUrl: string,
  endpoint: Endpoint,
  input: RequestInput,
  signal: AbortSignal,
  idempotencyKey?: string,
): Request {
  const headers = new Headers();
  addCsrfHeader(headers, endpoint.method);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  const body = requestBody(endpoint, input.body, headers);
  return new Request(requestUrl(baseUrl, endpoint, input), {
    method: endpoint.method,
    headers,
    body,
    credentials: 'include',
    signal,
  });
}

/** The caller's signal aborts our controller too; returns the unsubscribe. */
function linkSignal(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const abort = () => controller.abort();
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

/** An error answer's body: JSON when it parses, else its text. */
async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** 204 (or an empty body) gives undefined; anything else is JSON. */
async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Development check of an answer against the endpoint's zod response schema. */
export function checkResponse(endpoint: Endpoint, data: unknown): void {
  if (!endpoint.response) return;
  const result = endpoint.response.safeParse(data);
  if (result.success) return;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new ResponseValidationError(
    `Response of ${endpoint.method} ${endpoint.path} does not match the contract: ${problems.join('; ')}`,
  );
}

/** Times a write is sent again after its answer was lost (no connection, 503, or its first try still running: 409). */
export const WRITE_RETRIES = 3;

/**
 * Whether a write's answer says "send it again": the service was briefly unavailable (503), or
 * the first try under the same Idempotency-Key still runs (409 with Retry-After). Seconds to wait
 * when the server says; null otherwise.
 */
function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (response.status !== 503 && !(response.status === 409 && header)) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) : 1;
}

/** Waits `ms`, or throws at once when the request is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

function fileNameFromUrl(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').pop() || 'download');
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const validateResponses = options.validateResponses ?? isDevelopment();
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const pending = new Set<Pending>();
  loadEndpoints().catch(() => undefined); // a call that needs it reports the failure

  /**
   * Sends a request. A POST (a write that may create something) carries an Idempotency-Key, one per
   * call (one user action), and is sent again with the same key when its answer is lost: no
   * connection, 503, or its first try still running (409). The server runs it once and answers a
   * repeat with the first answer, so nothing is created twice and nothing the user typed is lost.
   */
  async function sendWrite(endpoint: Endpoint, input: RequestInput, signal: AbortSignal): Promise<Response> {
    const key = endpoint.method === 'POST' ? globalThis.crypto.randomUUID() : undefined;
    for (let attempt = 0; ; attempt += 1) {
      const last = !key || attempt >= WRITE_RETRIES;
      const wait = (options.writeRetryMs ?? 1000) * 2 ** attempt;
      let response: Response;
      try {
        response = await send(buildRequest(baseUrl, endpoint, input, signal, key));
      } catch (error) {
        if (last || signal.aborted || !(error instanceof TypeError)) throw error;
        await pause(wait, signal);
        continue;
      }
      const seconds = last ? null : retryAfter(response);
      if (seconds === null) return response;
      await pause(Math.max(wait, seconds * 1000), signal);
    }
  }

  /** Sends one request and reads its answer with `read`, keeping it abortable until the body is read. */
  async function exchange<T>(
    target: Endpoint | string,
    input: RequestInput,
    read: (endpoint: Endpoint, response: Response) => Promise<T>,
  ) {
    const entry: Pending = { controller: new AbortController(), abortable: null, abortAsked: false };
    const unlink = linkSignal(input.signal, entry.controller);
    pending.add(entry);
    try {
      const endpoint = await byName(target);
      entry.abortable = !endpoint.notAbortable;
      if (entry.abortAsked && entry.abortable) entry.controller.abort();
      entry.controller.signal.throwIfAborted();
      return await read(endpoint, await sendWrite(endpoint, input, entry.controller.signal));
    } catch (error) {
      throw entry.controller.signal.aborted && !(error instanceof ApiError) ? abortError() : error;
    } finally {
      pending.delete(entry);
      unlink();
    }
  }

  /**
   * 401 and 403 go to their handlers, then the error is thrown; the client itself never shows
   * toasts or navigates. Runs once the request has left `pending`, so a handler may call abortAll().
   */
  function notify(error: unknown): never {
    if (error instanceof ApiError && error.status === 401) options.onUnauthorized?.(error);
    if (error instanceof ApiError && error.status === 403) options.onForbidden?.(error);
    throw error;
  }

  function sendOnce(target: Endpoint | string, input: RequestInput): Promise<unknown> {
    return exchange(target, input, async (endpoint, response) => {
      if (!response.ok) {
        const { status, statusText, url } = response;
        throw new ApiError(status, await readErrorBody(response), { statusText, url });
      }
      const data = await readJson(response);
      if (validateResponses) checkResponse(endpoint, data);
      return data;
    });
  }

  /**
   * One request; a 403 asking for re-authentication goes to onReauthRequired, and once the user has
   * re-authenticated the same request is sent again, once (what the user typed is not lost).
   */
  async function request(target: Endpoint | string, input: RequestInput = {}): Promise<unknown> {
    try {
      return await sendOnce(target, input);
    } catch (error) {
      if (!options.onReauthRequired || !isReauthRequired(error)) return notify(error);
      if (!(await options.onReauthRequired(error))) throw error;
      return sendOnce(target, input).catch(notify);
    }
  }

  async function download(
    target: Endpoint | string,
    input: RequestInput & { onProgress?: (progress: DownloadProgress) => void } = {},
  ): Promise<DownloadResult> {
    return exchange(target, input, async (endpoint, response) => {
      const { status, statusText, url } = response;
      if (status !== 200) {
        const message = statusText || 'Request failed';
        throw new ApiError(status, await readErrorBody(response), { message, statusText, url });
      }
      const filename = filenameFromContentDisposition(response.headers.get('content-disposition'));
      return {
        filename: filename ?? fileNameFromUrl(url || requestUrl(baseUrl, endpoint, input)),
        blob: input.onProgress ? await readWithProgress(response, input.onProgress) : await response.blob(),
      };
    }).catch(notify);
  }

  async function byName(target: Endpoint | string): Promise<Endpoint> {
    if (typeof target !== 'string') return target;
    const endpoints = await loadEndpoints();
    const endpoint: Endpoint | undefined = endpoints[target as keyof Endpoints];
    if (!endpoint) throw new Error(`Unknown endpoint "${target}"`);
    return endpoint;
  }

  let consumer: Promise<Consumer> | null = null;
  /** The socket, opened with the first subscription; the ActionCable client is fetched then. */
  function cableConsumer(): Promise<Consumer> {
    consumer ??= import('./cable-consumer').then(
      (cable) => cable.createCableConsumer(cableUrl(baseUrl, globalThis.location?.href ?? 'http://localhost/')),
      (error: unknown) => {
        consumer = null; // the next subscription tries again
        throw error;
      },
    );
    return consumer;
  }

  return {
    subscribe<T>(channel: string, subscription: CableSubscriptionOptions<T>) {
      let unsubscribe: (() => void) | null = null;
      let stopped = false;
      subscription.onStatus?.('CONNECTING');
      cableConsumer().then(
        (opened) => {
          if (!stopped) unsubscribe = subscribeCable<T>(opened, channel, subscription);
        },
        () => undefined, // stays CONNECTING; the next subscription tries again
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
    call: ((name: string, input?: RequestInput) =>
      request(name, input)) as ApiClient['call'],
    request: ((endpoint: Endpoint, input?: RequestInput) =>
      request(endpoint, input)) as ApiClient['request'],
    download: ((target: Endpoint | string, input?: RequestInput & { onProgress?: (progress: DownloadProgress) => void }) =>
      download(target, input)) as ApiClient['download'],
    saveDownload,
    abortAll() {
      for (const entry of pending) {
        if (entry.abortable) entry.controller.abort();
        else if (entry.abortable === null) entry.abortAsked = true;
      }
    },
  };
}
