import type { CableSubscriptionOptions } from './cable';
import type {
  BodyOf,
  Endpoint,
  EndpointName,
  Endpoints,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@crm/contract';
import type { ApiError } from './api-error';
import type { DownloadProgress, DownloadResult } from './download';

/** Absent when the endpoint has no such input, optional when its schema accepts undefined, else required. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** Multipart endpoints (`bodyType: 'multipart'`) also take a FormData. */
type BodyInput<E extends Endpoint> = E extends { bodyType: 'multipart' }
  ? BodyOf<E> | FormData
  : BodyOf<E>;

export type RequestOptions<E extends Endpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', BodyInput<E>> & {
    /** Aborts the request too (for example TanStack Query's signal). */
    signal?: AbortSignal;
  };

/** A download's options: the request's, and what to tell as the file arrives (bytes, CSV rows, the server's row estimate). */
export type DownloadOptions<E extends Endpoint> = RequestOptions<E> & { onProgress?: (progress: DownloadProgress) => void };

/** The options argument may be left out when nothing in it is required. */
export type RequestArgs<E extends Endpoint> =
  Partial<RequestOptions<E>> extends RequestOptions<E>
    ? [options?: RequestOptions<E>]
    : [options: RequestOptions<E>];

export type DownloadArgs<E extends Endpoint> =
  Partial<DownloadOptions<E>> extends DownloadOptions<E>
    ? [options?: DownloadOptions<E>]
    : [options: DownloadOptions<E>];

export type ApiClientOptions = {
  /** Prepended to the endpoint's path (`/v1/...`, `/auth/...`); default '' (same origin). */
  baseUrl?: string;
  /** Called with the error of any 401 answer before it is thrown (the session lib signs out). */
  onUnauthorized?: (error: ApiError) => void;
  /** Called with the error of any 403 answer before it is thrown (body errors.user is 'Access denied!'). */
  onForbidden?: (error: ApiError) => void;
  /**
   * Called when an answer is 403 with `errors.reauth: 'required'` (a credential change that needs a
   * recent re-authentication). Resolve true once the user has re-authenticated: the request is then
   * sent again, once, with the same input; false (cancelled) throws the 403 as it is, without onForbidden.
   */
  onReauthRequired?: (error: ApiError) => Promise<boolean>;
  /** Check answers against the contract's response schemas. Default: on in a Vite dev build, off in tests and production. */
  validateResponses?: boolean;
  /** Replaces the global fetch (tests). */
  fetch?: (request: Request) => Promise<Response>;
  /** The first wait before a write is sent again after a lost answer (doubling each time); default 1000 ms. */
  writeRetryMs?: number;
};

export type ApiClient = {
  /** Calls an endpoint of `@crm/contract`'s `endpoints` table by name. */
  call<N extends EndpointName>(
    name: N,
    ...args: RequestArgs<Endpoints[N]>
  ): Promise<ResponseOf<Endpoints[N]>>;
  /** The same for an endpoint object. */
  request<E extends Endpoint>(endpoint: E, ...args: RequestArgs<E>): Promise<ResponseOf<E>>;
  /** Fetches a file (telling onProgress as it arrives); throws an ApiError whose message is the status text when the answer is not 200. */
  download: {
    <N extends EndpointName>(name: N, ...args: DownloadArgs<Endpoints[N]>): Promise<DownloadResult>;
    <E extends Endpoint>(endpoint: E, ...args: DownloadArgs<E>): Promise<DownloadResult>;
  };
  /** Saves a downloaded file (object URL and a temporary `<a download>`). */
  saveDownload(result: DownloadResult): void;
  /** Aborts every pending request except those of endpoints marked `notAbortable`. */
  abortAll(): void;
  /** Subscribes to a channel of the realtime socket (one socket per client, opened on the first subscription); gives the unsubscribe. */
  subscribe<T>(channel: string, options: CableSubscriptionOptions<T>): () => void;
};
