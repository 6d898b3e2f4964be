import { vi, type Mock } from 'vitest';
import { ApiError, type ApiClient } from '@crm/api-client';
import type { EndpointName } from '@crm/contract';

/** What a test sees of one `call(name, options)`. */
export type CallOptions = { params?: unknown; query?: unknown; body?: unknown } | undefined;
export type Handler = (options: CallOptions) => unknown;
/** Answers by endpoint name; a call to an endpoint without a handler rejects. */
export type Handlers = Partial<Record<EndpointName, Handler>>;
export type FakeClient = ApiClient & { call: Mock };
/** One function answering every call. */
export type CallHandler = (name: EndpointName, options?: unknown) => Promise<unknown>;

/** An ApiClient around the given `call` mock; its other methods are bare mocks. */
function fakeClientAround(call: Mock): FakeClient {
  return {
    call,
    request: vi.fn(),
    download: vi.fn(),
    saveDownload: vi.fn(),
    abortAll: vi.fn(),
    subscribe: vi.fn(() => () => undefined),
  } as unknown as FakeClient;
}

/**
 * A fake api-client: `call(name, options)` runs the handler for `name`, asynchronously (a missing
 * handler rejects). A handler's ApiError is thrown after `onUnauthorized` for 401s, like the real
 * client.
 */
export function createFakeClient(
  handlers: Handlers,
  onUnauthorized?: (error: ApiError) => void,
): FakeClient {
  return fakeClientAround(
    vi.fn(async (name: EndpointName, options?: CallOptions) => {
      const handler = handlers[name];
      if (!handler) throw new Error(`No fake handler for ${name}`);
      await Promise.resolve();
      try {
        return await handler(options);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) onUnauthorized?.(error);
        throw error;
      }
    }),
  );
}

/** An api-client whose `call` is a mock answering every call through `handler`. */
export function mockApiClient(handler: CallHandler): {
  client: ApiClient;
  call: Mock<CallHandler>;
} {
  const call = vi.fn(handler);
  return { client: fakeClientAround(call), call };
}

/** Calls of one endpoint: the options each call got. */
export function callsOf(client: FakeClient, name: EndpointName): CallOptions[] {
  return client.call.mock.calls
    .filter(([called]) => called === name)
    .map(([, options]) => options as CallOptions);
}
