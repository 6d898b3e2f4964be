import { type CurrentUser, defineEndpoint } from '@crm/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client';
import { ApiError, ResponseValidationError, isAbortError, shouldReport } from './api-error';
import type { ApiClientOptions } from './types';
import type { DownloadProgress } from './download';

const BASE = 'http://api.test';

/** A fetch stand-in that records each Request and answers with `answer` (or stays pending until aborted). */
function fakeFetch(
  answer: (request: Request) => Response | Promise<Response> = () => json({ ok: true }),
) {
  const requests: Request[] = [];
  const fetch = vi.fn((request: Request) => {
    requests.push(request);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
      Promise.resolve(answer(request)).then(resolve, reject);
    });
  });
  return { fetch, requests, last: () => requests[requests.length - 1] as Request };
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

function client(answer?: Parameters<typeof fakeFetch>[0], options: ApiClientOptions = {}) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    api: createApiClient({
      baseUrl: BASE,
      validateResponses: false,
      fetch: fake.fetch,
      ...options,
    }),
  };
}

const never = () => new Promise<Response>(() => undefined);

const scopedList = defineEndpoint({
  method: 'PATCH',
  path: '/v1/contacts',
  summary: 'test',
  tag: 'test',
  access: 'user',
  body: z
    .object({
      contacts_scope: z
        .object({ search: z.array(z.object({ field: z.string(), value: z.unknown() })) })
        .loose(),
    })
    .loose(),
  response: z.object({ data: z.array(z.unknown()) }),
});

const filteredList = defineEndpoint({
  method: 'GET',
  path: '/v1/contacts',
  summary: 'test',
  tag: 'test',
  access: 'user',
  query: z.object({
    types_list: z.array(z.string()).optional(),
    filter: z.object({ status: z.string(), tags: z.array(z.number()) }).optional(),
    q: z.string().nullable().optional(),
    page: z.number().optional(),
  }),
  response: z.object({ data: z.array(z.unknown()) }),
});

const upload = defineEndpoint({
  method: 'POST',
  path: '/v1/trainings',
  summary: 'test',
  tag: 'test',
  access: 'user',
  bodyType: 'multipart',
  body: z.object({ name: z.string() }),
  response: z.object({ ok: z.literal(true) }),
});

const exportContacts = defineEndpoint({
  method: 'PATCH',
  path: '/v1/export.{format}',
  summary: 'test',
  tag: 'test',
  access: 'user',
  download: true,
  params: z.object({ format: z.enum(['csv', 'xlsx']) }),
  body: z.object({ contacts_scope: z.unknown() }),
  response: null,
});

afterEach(() => {
  document.cookie = 'crm_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('rule 1: address and credentials', () => {
  it('joins the base address and the endpoint path, filling {id} params', async () => {
    const { api, last } = client();
    await api.call('updateApiKey', { params: { id: 7 }, body: { name: 'CI' } });
    expect(last().url).toBe('http://api.test/v1/api_keys/7');
    expect(last().method).toBe('PATCH');
  });
  it('keeps /auth paths as they are', async () => {
    const { api, last } = client();
    await api.call('authProfile');
    expect(last().url).toBe('http://api.test/auth/profile');
  });
  it('sends credentials with every request', async () => {
    const { api, requests } = client();
    await api.call('userMe');
    await api.call('destroySession');
    expect(requests.map((r) => r.credentials)).toEqual(['include', 'include']);
  });
  it('defaults to the page origin and the global fetch', async () => {
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fetch);
    await createApiClient({ validateResponses: false }).call('health');
    expect(fake.last().url).toBe(`${window.location.origin}/v1/health`);
  });
  it('refuses a missing path parameter before reaching the network', async () => {
    const { api, fetch } = client();
    // @ts-expect-error id is required
    await expect(api.call('deleteApiKey', { params: {} })).rejects.toThrow(
      'Missing path parameter "id"',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('rule 2: bodies', () => {
  it('sends JSON for a non-GET request', async () => {
    const { api, last } = client();
    await api.call('createApiKey', { body: { name: 'CI', scopes: ['contacts:read'] } });
    expect(last().headers.get('content-type')).toBe('application/json');
    expect(await last().json()).toEqual({ name: 'CI', scopes: ['contacts:read'] });
  });
  it('sends FormData as multipart without setting a content type itself', async () => {
    const { api, last } = client();
    const form = new FormData();
    form.append('name', 'Intro');
    await api.request(upload, { body: form });
    expect(last().headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await last().formData()).get('name')).toBe('Intro');
  });
  it('sends no body and no content type with GET', async () => {
    const { api, last } = client();
    await api.call('listApiKeys');
    expect(last().method).toBe('GET');
    expect(last().body).toBeNull();
    expect(last().headers.has('content-type')).toBe(false);
  });
  it('sends no body when a non-GET call has none', async () => {
    const { api, last } = client(() => new Response(null, { status: 204 }));
    await api.call('destroySession');
    expect(last().method).toBe('DELETE');
    expect(last().body).toBeNull();
  });
});

describe('rule 3: CSRF', () => {
  it('sends X-CSRF-Token from the crm_csrf cookie on every non-GET request', async () => {
    document.cookie = 'crm_csrf=tok%2Fen%3D; path=/';
    const { api, requests } = client(() => new Response(null, { status: 204 }));
    await api.call('destroySession');
    await api.call('deleteApiKey', { params: { id: 1 } });
    await api.call('acceptTos');
    expect(requests.map((r) => r.headers.get('X-CSRF-Token'))).toEqual([
      'tok/en=',
      'tok/en=',
      'tok/en=',
    ]);
  });
  it('does not send it with GET', async () => {
    document.cookie = 'crm_csrf=token; path=/';
    const { api, last } = client();
    await api.call('userMe');
    expect(last().headers.has('X-CSRF-Token')).toBe(false);
  });
  it('sends no header when the cookie is absent', async () => {
    const { api, last } = client();
    await api.call('createApiKey', { body: { name: 'CI', scopes: ['contacts:read'] } });
    expect(last().headers.has('X-CSRF-Token')).toBe(false);
  });
});

describe('rule 4: query strings', () => {
  it('writes arrays in bracket form, objects as a[b]=c and skips undefined and null', async () => {
    const { api, last } = client(() => json({ data: [] }));
    await api.request(filteredList, {
      query: {
        types_list: ['a', 'b'],
        filter: { status: 'new lead', tags: [1, 2] },
        q: null,
        page: undefined,
      },
    });
    expect(last().url).toBe(
      'http://api.test/v1/contacts?types_list[]=a&types_list[]=b&filter[status]=new%20lead&filter[tags][]=1&filter[tags][]=2',
    );
  });
});

describe('rule 5: 204', () => {
  it('resolves to undefined', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));
    await expect(api.call('deleteApiKey', { params: { id: 3 } })).resolves.toBeUndefined();
  });
});

describe('rule 6: aborting', () => {
  it('abortAll() aborts pending requests but not users me or the profile check', async () => {
    const { api, requests } = client(never);
    const list = api.call('listApiKeys');
    const create = api.call('createApiKey', { body: { name: 'x', scopes: ['contacts:read'] } });
    const me = api.call('userMe');
    const profile = api.call('authProfile');
    const settled = vi.fn();
    void me.then(settled, settled);
    void profile.then(settled, settled);

    api.abortAll();

    const listError = await list.catch((error: unknown) => error);
    const createError = await create.catch((error: unknown) => error);
    expect(isAbortError(listError)).toBe(true);
    expect(isAbortError(createError)).toBe(true);
    // the two kept requests were sent and their signals are not aborted (an aborted one rejects at once)
    const kept = () => requests.filter((request) => /\/users\/me$|\/auth\/profile$/.test(new URL(request.url).pathname));
    await vi.waitFor(() => expect(kept()).toHaveLength(2));
    expect(kept().map((request) => request.signal.aborted)).toEqual([false, false]);
    expect(settled).not.toHaveBeenCalled();
  });
  it('lets later requests through after abortAll()', async () => {
    const { api } = client();
    api.abortAll();
    await expect(api.call('listApiKeys')).resolves.toEqual({ ok: true });
  });
  it("aborts with the caller's signal", async () => {
    const { api } = client(never);
    const controller = new AbortController();
    const pending = api.call('listApiKeys', { signal: controller.signal });
    controller.abort(new Error('a custom reason'));
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(shouldReport(error)).toBe(false);
  });
  it('does not send a request whose signal is already aborted', async () => {
    const { api, fetch } = client(never);
    const error = await api
      .call('listApiKeys', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('rule 7: empty contacts_scope.search entries', () => {
  it('removes entries whose value is an empty string or array, without touching the caller object', async () => {
    const { api, last } = client(() => json({ data: [] }));
    const body = {
      contacts_scope: {
        search: [
          { field: 'first_name', value: '' },
          { field: 'tags', value: [] },
          { field: 'last_name', value: 'Lee' },
          { field: 'states', value: ['TX'] },
          { field: 'age', value: 0 },
        ],
        page: 2,
      },
      select_n: false,
    };
    const before = structuredClone(body);
    await api.request(scopedList, { body });
    expect(await last().json()).toEqual({
      contacts_scope: {
        search: [
          { field: 'last_name', value: 'Lee' },
          { field: 'states', value: ['TX'] },
          { field: 'age', value: 0 },
        ],
        page: 2,
      },
      select_n: false,
    });
    expect(body).toEqual(before);
  });
});

describe('rule 8: errors', () => {
  it('throws ApiError "Request failed" with the status and the JSON body', async () => {
    const body = {
      errors: { name: ['Name is required', 'Name is too short'], active: 'Must be a boolean' },
    };
    const { api } = client(() => json(body, { status: 422, statusText: 'Unprocessable Entity' }));
    const error = await api.call('createApiKey', { body: { name: '', scopes: ['contacts:read'] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Request failed');
    expect(apiError.status).toBe(422);
    expect(apiError.body).toEqual(body);
    expect(apiError.url).toBe('');
    expect(apiError.fieldErrors()).toEqual({
      name: 'Name is required',
      active: 'Must be a boolean',
    });
  });
  it('keeps a body that is not JSON as text', async () => {
    const { api } = client(() => new Response('Bad gateway', { status: 502 }));
    const error = (await api.call('listApiKeys').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('Bad gateway');
    expect(error.fieldErrors()).toEqual({});
  });
});

describe('rule 9: 401 and 403', () => {
  it('calls onUnauthorized with the error, then throws it', async () => {
    const onUnauthorized = vi.fn();
    const onForbidden = vi.fn();
    const { api } = client(() => json({ errors: { user: 'Unauthorized' } }, { status: 401 }), {
      onUnauthorized,
      onForbidden,
    });
    const error = await api.call('listApiKeys').catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);
    expect(onForbidden).not.toHaveBeenCalled();
    expect((error as ApiError).status).toBe(401);
  });
  it("calls onForbidden with the error (body errors.user 'Access denied!'), then throws it", async () => {
    const onUnauthorized = vi.fn();
    const onForbidden = vi.fn();
    const { api } = client(() => json({ errors: { user: 'Access denied!' } }, { status: 403 }), {
      onUnauthorized,
      onForbidden,
    });
    const error = await api.call('listApiKeys').catch((e: unknown) => e);
    expect(onForbidden).toHaveBeenCalledExactlyOnceWith(error);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect((error as ApiError).fieldErrors()).toEqual({ user: 'Access denied!' });
  });
  it('keeps the 401 error when the handler aborts everything (as signing out does)', async () => {
    const controller = new AbortController();
    const { api } = client(() => json({}, { status: 401 }), {
      onUnauthorized: () => {
        api.abortAll();
        controller.abort();
      },
    });
    const error = await api
      .call('listApiKeys', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });
  it('calls neither handler for other failures', async () => {
    const onUnauthorized = vi.fn();
    const onForbidden = vi.fn();
    const { api } = client(() => json({}, { status: 500 }), { onUnauthorized, onForbidden });
    await expect(api.call('listApiKeys')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });
});

describe('re-authentication (403 with errors.reauth)', () => {
  const reauth = () => json({ errors: { user: 'Confirm it is you to continue', reauth: 'required' } }, { status: 403 });

  it('asks onReauthRequired, then sends the same request again once, with the same body', async () => {
    let calls = 0;
    const onForbidden = vi.fn();
    const onReauthRequired = vi.fn(() => Promise.resolve(true));
    const { api, requests } = client(() => (++calls === 1 ? reauth() : json({ data: { id: 1 }, key: 'crm_x' })), {
      onForbidden,
      onReauthRequired,
    });
    const answer = await api.call('createApiKey', { body: { name: 'Mailer', scopes: ['contacts:read'] } });
    expect(answer).toEqual({ data: { id: 1 }, key: 'crm_x' });
    expect(onReauthRequired).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(2);
    expect(await requests[1]!.json()).toEqual({ name: 'Mailer', scopes: ['contacts:read'] });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('throws the 403 without a toast when the user cancels, and retries at most once', async () => {
    const onForbidden = vi.fn();
    const cancelled = client(reauth, { onForbidden, onReauthRequired: () => Promise.resolve(false) });
    const error = await cancelled.api.call('listApiKeys').catch((e: unknown) => e);
    expect((error as ApiError).fieldErrors()).toMatchObject({ reauth: 'required' });
    expect(cancelled.requests).toHaveLength(1);
    expect(onForbidden).not.toHaveBeenCalled();

    const onReauthRequired = vi.fn(() => Promise.resolve(true));
    const stubborn = client(reauth, { onForbidden, onReauthRequired });
    await expect(stubborn.api.call('listApiKeys')).rejects.toBeInstanceOf(ApiError);
    expect(stubborn.requests).toHaveLength(2);
    expect(onReauthRequired).toHaveBeenCalledOnce();
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it('a 403 without the marker goes to onForbidden as before', async () => {
    const onReauthRequired = vi.fn(() => Promise.resolve(true));
    const onForbidden = vi.fn();
    const { api } = client(() => json({ errors: { user: 'Access denied!' } }, { status: 403 }), { onForbidden, onReauthRequired });
    await expect(api.call('listApiKeys')).rejects.toBeInstanceOf(ApiError);
    expect(onReauthRequired).not.toHaveBeenCalled();
    expect(onForbidden).toHaveBeenCalledOnce();
  });
});

describe('rule 10: downloads', () => {
  const file = (disposition: string) => () =>
    new Response('a,b\n1,2\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': disposition },
    });

  it('sends the export as JSON with credentials and names the file from content-disposition', async () => {
    document.cookie = 'crm_csrf=t; path=/';
    const { api, last } = client(
      file(`attachment; filename="contacts.csv"; filename*=UTF-8''contacts%20%C3%A9t%C3%A9.csv`),
    );
    const result = await api.download(exportContacts, {
      params: { format: 'csv' },
      body: { contacts_scope: {} },
    });
    expect(last().url).toBe('http://api.test/v1/export.csv');
    expect(last().method).toBe('PATCH');
    expect(last().credentials).toBe('include');
    expect(last().headers.get('content-type')).toBe('application/json');
    expect(last().headers.get('X-CSRF-Token')).toBe('t');
    expect(result.filename).toBe('contacts été.csv');
    expect(await result.blob.text()).toBe('a,b\n1,2\n');
  });
  it('reads a quoted filename', async () => {
    const { api } = client(file('attachment; filename="report 2024.xlsx"'));
    const result = await api.download(exportContacts, {
      params: { format: 'xlsx' },
      body: { contacts_scope: {} },
    });
    expect(result.filename).toBe('report 2024.xlsx');
  });
  it('falls back to the last path segment', async () => {
    const { api } = client(() => new Response('x', { status: 200 }));
    const result = await api.download(exportContacts, {
      params: { format: 'csv' },
      body: { contacts_scope: {} },
    });
    expect(result.filename).toBe('export.csv');
  });
  it('tells the progress as the file arrives: bytes, CSV rows after the header line, and the server\'s row estimate', async () => {
    const parts = ['id,name\n1,a\n', '2,"b\nc"\n3,d', '\n'];
    const { api } = client(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
              controller.close();
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'X-Row-Estimate': '3' } },
        ),
    );
    const seen: DownloadProgress[] = [];
    const result = await api.download(exportContacts, {
      params: { format: 'csv' },
      body: { contacts_scope: {} },
      onProgress: (progress) => seen.push(progress),
    });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(result.blob);
    });
    expect(text).toBe(parts.join(''));
    expect(result.blob.type).toBe('text/csv; charset=utf-8');
    // once at the headers, then after each part; a quoted line break counts as a line
    expect(seen).toEqual([
      { bytes: 0, rows: 0, expectedRows: 3 },
      { bytes: 12, rows: 1, expectedRows: 3 },
      { bytes: 23, rows: 3, expectedRows: 3 },
      { bytes: 24, rows: 4, expectedRows: 3 },
    ]);
  });
  it('tells bytes only for a file that is not CSV, and no estimate when the server gives none', async () => {
    const { api } = client(() => new Response('PK\u0003\u0004', { status: 200, headers: { 'Content-Type': 'application/zip' } }));
    const seen: DownloadProgress[] = [];
    await api.download(exportContacts, { params: { format: 'xlsx' }, body: { contacts_scope: {} }, onProgress: (progress) => seen.push(progress) });
    expect(seen.at(-1)).toEqual({ bytes: 4, rows: undefined, expectedRows: undefined });
  });
  it('throws an ApiError carrying the status text when the answer is not 200', async () => {
    const { api } = client(
      () => new Response('nope', { status: 500, statusText: 'Internal Server Error' }),
    );
    const error = (await api
      .download(exportContacts, { params: { format: 'csv' }, body: { contacts_scope: {} } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Internal Server Error');
    expect(error.status).toBe(500);
  });
});

describe('rule 10: downloads without a status text (HTTP/2)', () => {
  it("falls back to 'Request failed'", async () => {
    const { api } = client(() => new Response('', { status: 502 }));
    const error = (await api
      .download(exportContacts, { params: { format: 'csv' }, body: { contacts_scope: {} } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Request failed');
    expect(error.status).toBe(502);
  });
});

describe('rule 11: response validation', () => {
  const bad = () => json({ status: 'ok', database: 'down', version: 1 });

  it('throws a clear error when the answer does not match the contract', async () => {
    const { api } = client(bad, { validateResponses: true });
    const error = await api.call('health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(
      /^Response of GET \/v1\/health does not match the contract: database: .*; version: /,
    );
    expect(shouldReport(error)).toBe(true);
  });
  it('passes a matching answer', async () => {
    const { api } = client(() => json({ status: 'ok', database: 'ok', jobs: 'running', version: '0.2.37' }), {
      validateResponses: true,
    });
    await expect(api.call('health')).resolves.toEqual({
      status: 'ok',
      database: 'ok',
      jobs: 'running',
      version: '0.2.37',
    });
  });
  it('does not check when switched off (the default in tests and production builds)', async () => {
    const { api } = client(bad);
    await expect(api.call('health')).resolves.toEqual({
      status: 'ok',
      database: 'down',
      version: 1,
    });
  });
});

describe('rule 12: error reporting', () => {
  it('does not report request failures or aborts', () => {
    expect(shouldReport(new ApiError(500, null))).toBe(false);
    expect(shouldReport(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(shouldReport(new Error('bug'))).toBe(true);
  });
});

describe('types', () => {
  it('types inputs and answers from the endpoints table', () => {
    const { api } = client();
    expectTypeOf(api.call('userMe')).resolves.toEqualTypeOf<CurrentUser>();
    expectTypeOf(
      api.call('deleteApiKey', { params: { id: 1 } }),
    ).resolves.toEqualTypeOf<undefined>();
    const compileOnly = () => {
      // @ts-expect-error params are required
      void api.call('deleteApiKey');
      // @ts-expect-error the body is required
      void api.call('createApiKey', {});
      // @ts-expect-error name must be a string
      void api.call('createApiKey', { body: { name: 1 } });
      // @ts-expect-error userMe takes no body
      void api.call('userMe', { body: {} });
      // @ts-expect-error a JSON endpoint takes no FormData
      void api.call('createApiKey', { body: new FormData() });
      // @ts-expect-error unknown endpoint
      void api.call('nope');
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});

describe('writes are sent again, under one Idempotency-Key, when their answer is lost', () => {
  const created = { data: { id: 7 } };
  const body = { first_name: 'Ida', last_name: 'Once' };

  it('a POST carries an Idempotency-Key, a new one per call; a GET carries none', async () => {
    const { api, requests } = client(() => json(created));
    await api.call('createContact', { body });
    await api.call('createContact', { body });
    await api.call('health');
    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });

  it('after a network failure, a 503 and a 409 (first try still running) it sends the same request with the same key, and gives the answer', async () => {
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json({ errors: { base: 'The service is briefly unavailable.' } }, { status: 503, headers: { 'Retry-After': '0' } }),
      () => json({ errors: { idempotency_key: 'still running' } }, { status: 409, headers: { 'Retry-After': '0' } }),
      () => json(created),
    ];
    const { api, requests } = client(() => (answers.shift() as () => Response)(), { writeRetryMs: 1 });
    await expect(api.call('createContact', { body })).resolves.toEqual(created);
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(await Promise.all(requests.map((r) => r.json()))).toEqual(Array(4).fill(body));
  });

  it('gives up after three retries with the last answer; never retries a GET, a 500 or a 409 without Retry-After', async () => {
    const unavailable = client(() => json({ errors: { base: 'away' } }, { status: 503 }), { writeRetryMs: 1 });
    await expect(unavailable.api.call('createContact', { body })).rejects.toMatchObject({ status: 503 });
    expect(unavailable.requests).toHaveLength(4);

    const read = client(() => json({ errors: { base: 'away' } }, { status: 503 }), { writeRetryMs: 1 });
    await expect(read.api.call('health')).rejects.toMatchObject({ status: 503 });
    expect(read.requests).toHaveLength(1);

    for (const status of [500, 409]) {
      const failing = client(() => json({ errors: { base: 'no' } }, { status }), { writeRetryMs: 1 });
      await expect(failing.api.call('createContact', { body })).rejects.toMatchObject({ status });
      expect(failing.requests).toHaveLength(1);
    }
  });
});
