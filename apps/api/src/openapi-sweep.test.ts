import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@crm/contract';
import { seedEmail } from './db/seed';
import { createTestApp, TestAgent, type TestApp } from './test/test-app';

/**
 * Every operation of the app's own /v1/openapi.json, fed bad input: malformed JSON, wrong types,
 * 100 kB strings, NUL and other control characters, lone surrogates, negative and huge numbers,
 * one field at a time in an otherwise valid request (so that the bad value reaches the handler),
 * in the body, the query and the path (existing ids, and huge and negative ones). Any answer of
 * 5xx fails the operation's test, listing each input that got one.
 *
 * Run as an administrator's browser session (cookie + CSRF) and as a plain agent's. A request
 * that ended the session (sign-out, sessions ended, impersonation) is followed by a new sign-in,
 * so that the next request still reaches past authentication. Nothing is skipped: downloads are
 * read whole (inject buffers them), and the operations that end or switch sessions run last.
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body: { type: 'json' | 'multipart'; schema: Schema } | undefined;
};

/** Candidates for a string with a pattern (the contract's patterns are few: zip, Medicare number, colours…). */
const PATTERN_CANDIDATES = ['12345', '1EG4TE5MK73', '#336699', 'abc', 'a', '1', '2026-12-01', '2026-12', '12:00', 'AB', 'x'.repeat(8)];

/** A value that the schema accepts, as far as a generator can tell: the start of every request. */
function sample(schema: Schema, name = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length) return sample(alternative.find((s) => s.type !== 'null') ?? alternative[0]!, name);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sample(s, name)));
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, key);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, name));
    case 'integer':
    case 'number': {
      const low = schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.max(low, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, name);
    default:
      return 'x';
  }
}

function sampleString(schema: Schema, name: string): string {
  if (schema.format === 'idn-email' || schema.format === 'email' || /email/.test(name)) return 'sweep.probe@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date-time') return '2026-12-01T00:00:00.000Z';
  if (/date/.test(name)) return '2026-12-01';
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    const found = PATTERN_CANDIDATES.find((c) => re.test(c));
    if (found) return found;
  }
  const min = schema.minLength ?? 1;
  return 'Sweep'.padEnd(min, 'x').slice(0, schema.maxLength ?? 100);
}

/** The paths of a body's fields, one level into arrays and nested objects (depth 3). */
function fieldPaths(schema: Schema, depth = 0): (string | number)[][] {
  const alternative = schema.anyOf ?? schema.oneOf;
  const object = alternative?.find((s) => s.type === 'object') ?? schema;
  if (object.type === 'object' && object.properties && depth < 3) {
    return Object.entries(object.properties).flatMap(([key, child]) => [[key], ...fieldPaths(child, depth + 1).map((p) => [key, ...p])]);
  }
  if (schema.type === 'array' && schema.items && depth < 3) return fieldPaths(schema.items, depth + 1).map((p) => [0, ...p]);
  return [];
}

/** A copy of `base` with `value` at `path` (the objects and arrays on the way made as needed). */
function setAt(base: unknown, path: (string | number)[], value: unknown, schema: Schema): unknown {
  const root = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let node = root;
  let nodeSchema: Schema | undefined = schema;
  path.forEach((key, i) => {
    const objectSchema = nodeSchema?.anyOf?.find((s) => s.type === 'object') ?? nodeSchema;
    const childSchema: Schema | undefined = typeof key === 'number' ? objectSchema?.items : objectSchema?.properties?.[key];
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] = sample(childSchema ?? {}, String(key)) ?? (typeof path[i + 1] === 'number' ? [] : {});
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof path[i + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
    nodeSchema = childSchema;
  });
  return root;
}

const KB100 = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
/** The bad values a field gets, by its type (a wrong type is one of them); a narrow run takes the first of each. */
const BAD_VALUES: Record<'string' | 'number' | 'boolean' | 'array' | 'object' | 'other', [label: string, value: unknown][]> = {
  string: [
    ['NUL', NUL],
    ['lone surrogate', 'a\ud800b'],
    ['control characters', '\u0001\u0008\u000b\u001b\u007f\u009f'],
    ['100 kB string', KB100],
    ['a number', 12],
  ],
  number: [
    ['huge number', 1e300],
    ['negative number', -1],
    ['integer beyond int4', 2_147_483_648],
    ['fraction', 1.5],
    ['NUL string', NUL],
  ],
  boolean: [
    ['NUL string', NUL],
    ['a number', 2],
  ],
  array: [
    ['array of NUL', [NUL]],
    ['object', { $ne: 1 }],
    ['array of 10,000 huge numbers', Array.from({ length: 10_000 }, () => 1e300)],
  ],
  object: [
    ['object with NUL', { [NUL]: NUL, $ne: 1 }],
    ['NUL string', NUL],
    ['array', [1, 2]],
  ],
  other: [
    ['NUL', NUL],
    ['huge number', 1e300],
    ['object', { $ne: 1 }],
  ],
};

function kindOf(schema: Schema): keyof typeof BAD_VALUES {
  const alternatives = schema.anyOf ?? schema.oneOf ?? [schema];
  const types = new Set(alternatives.map((s) => (s.type === 'integer' ? 'number' : s.type)).filter(Boolean));
  const only = types.size === 1 ? [...types][0] : undefined;
  return only === 'string' || only === 'number' || only === 'boolean' || only === 'array' || only === 'object' ? only : 'other';
}

/** The schema at a field path (through arrays' items and alternatives' objects). */
function schemaAt(schema: Schema, path: (string | number)[]): Schema {
  let node: Schema | undefined = schema;
  for (const key of path) {
    const object: Schema | undefined = node?.anyOf?.find((s) => s.type === 'object' || s.type === 'array') ?? node?.oneOf?.find((s) => s.type === 'object') ?? node;
    node = typeof key === 'number' ? object?.items : object?.properties?.[key];
  }
  return node ?? {};
}

/** Query values, as they travel in a URL. */
const BAD_QUERY: [label: string, raw: string][] = [
  ['NUL', 'a%00b'],
  ['control characters', '%01%08%1B%7F'],
  ['invalid UTF-8 (a lone surrogate)', '%ED%A0%80'],
  ['10 kB string', 'x'.repeat(10_000)],
  ['negative number', '-1'],
  ['huge number', '1e300'],
  ['integer beyond int4', '2147483648'],
  ['array', '1&{name}[]=2'],
];
const MALFORMED_JSON = ['{', '{"a":', '"a string"', '[1,2,3]', 'null', '\u0000', '{"a":"\\ud800"}'];
const BAD_IDS: [label: string, raw: string][] = [
  ['huge id', '99999999999999999999'],
  ['negative id', '-1'],
  ['NUL id', 'a%00'],
  ['fraction id', '1.5'],
];

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {};
      const [type, media] = Object.entries(content)[0] ?? [];
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: media ? { type: type === 'multipart/form-data' ? 'multipart' : 'json', schema: media.schema } : undefined,
      });
    }
  }
  return ops;
}

/** Operations that end or switch the caller's session run after all others (their own session is made anew after each). */
const SESSION_CHANGERS = /^(DELETE \/v1\/sessions|POST \/v1\/sessions\/sign_out_others|POST \/v1\/admin\/users\/\{id\}\/login|POST \/v1\/sessions\/\{id\}|PATCH \/v1\/users\/\{id\}\/update_password|POST \/v1\/users\/reset_password_by_token|POST \/v1\/users\/email_change\/not_me|POST \/v1\/two_factor)/;
function order(op: { method: string; path: string }): number {
  const key = `${op.method} ${op.path}`;
  return SESSION_CHANGERS.test(key) ? 2 : op.method === 'DELETE' ? 1 : 0;
}

let t: TestApp;
let ops: Operation[] = [];
/** Existing ids by path parameter name (and by path for the generic `id`), per caller. */
type Ids = (op: Operation, name: string) => string;

/** A caller that signs in again whenever a request ended its session. */
class Caller {
  agent!: TestAgent;
  userId = 0;
  constructor(readonly key: string) {}
  private signingIn: Promise<void> | undefined;
  /** Signs in (once, however many requests found the session gone at the same time). */
  signIn(): Promise<void> {
    this.signingIn ??= (async () => {
      const agent = new TestAgent(t.app, `10.77.0.${this.key === 'admin' ? 1 : 2}`);
      await agent.signIn(this.key);
      this.userId = (await agent.get('/v1/users/me')).json().id;
      this.agent = agent;
    })().finally(() => (this.signingIn = undefined));
    return this.signingIn;
  }
  async stillSignedIn(): Promise<boolean> {
    const me = await this.agent.get('/v1/users/me');
    return me.statusCode === 200 && me.json().id === this.userId && !me.json().impersonated_by;
  }
}

async function created(res: { statusCode: number; body: string; json: () => { data: { id: number } } }, what: string): Promise<number> {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  return res.json().data.id;
}

/** Things of the caller's own to aim the path parameters at (so that bad bodies reach the handlers). */
async function fixtures(caller: Caller): Promise<Ids> {
  const a = caller.agent;
  const contact = await created(await a.post('/v1/contacts', { first_name: 'Sweep', last_name: 'Target' }), 'contact');
  const base = `/v1/contacts/${contact}`;
  const form = new FormData();
  form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
  const ids: Record<string, number> = {
    contact,
    noteId: await created(await a.post(`${base}/notes`, { body: 'A note' }), 'note'),
    fileId: await created(await a.post(`${base}/files`, form), 'file'),
    policyId: await created(await a.post(`${base}/policies`, { policy_type: 'term_life' }), 'policy'),
    securityId: await created(await a.post(`${base}/securities`, { security_type: 'stock', name: 'ACME' }), 'security'),
    quickFilter: await created(await a.post('/v1/quick_filters', { name: 'Sweep filter', contacts_scope: {} }), 'quick filter'),
    importSetting: await created(await a.post('/v1/import_settings', { name: 'Sweep setting', headers: ['First'], fields: ['first_name'] }), 'import setting'),
    apiKey: await created(await a.post('/v1/api_keys', { name: 'Sweep key', scopes: ['contacts:read'] }), 'api key'),
  };
  // another user of the company for the administrator's user operations (never the caller)
  const other = (await t.ctx.usersRepository.findByEmail(seedEmail('telemarketer')))!.id;
  return (op, name) => {
    if (ids[name] !== undefined) return String(ids[name]);
    if (name === 'jid') return 'sweep-job';
    if (op.path.startsWith('/v1/contacts/{id}')) return String(ids.contact);
    if (op.path.startsWith('/v1/quick_filters/')) return String(ids.quickFilter);
    if (op.path.startsWith('/v1/import_settings/')) return String(ids.importSetting);
    if (op.path.startsWith('/v1/api_keys/')) return String(ids.apiKey);
    if (op.path.startsWith('/v1/admin/users/')) return String(other);
    if (op.path.startsWith('/v1/users/{id}')) return String(caller.userId);
    return '1';
  };
}

type Probe = { label: string; url: string; body?: string | FormData | undefined; contentType?: string };

/**
 * Every bad request for one operation. `narrow` (the agent's run, the session changers): the first
 * bad value of each kind. A nested field met before with the same schema (the contacts_scope of a
 * dozen bulk operations) gets the first bad value only after its first full sweep (`swept`).
 */
function probes(op: Operation, ids: Ids, narrow: boolean, swept: Set<string>): Probe[] {
  const few = <T>(list: T[], n = 1) => (narrow ? list.slice(0, n) : list);
  const bad = (schema: Schema, field: (string | number)[]) => {
    const values = BAD_VALUES[kindOf(schema)];
    if (field.length < 2) return few(values);
    const key = `${field.join('.')} ${JSON.stringify(schema)}`;
    if (swept.has(key)) return values.slice(0, 1);
    swept.add(key);
    return few(values);
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const fill = (override?: [string, string]) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => (override && override[0] === name ? override[1] : encodeURIComponent(ids(op, name))));
  const url = fill();
  const query = op.parameters.filter((p) => p.in === 'query');
  const baseQuery = query.filter((p) => p.required).map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`);
  const withQuery = (path: string, extra: string[] = []) => ([...baseQuery, ...extra].length ? `${path}?${[...baseQuery, ...extra].join('&')}` : path);
  const json = op.body?.type === 'json' ? op.body.schema : undefined;
  const baseBody = json ? sample(json) : undefined;
  const send = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  const out: Probe[] = [];
  const plain = (label: string, target: string, body: unknown = baseBody) => out.push({ label, url: target, body: send(body), contentType: body === undefined ? undefined : 'application/json' });

  plain('a valid request', withQuery(url));
  for (const p of pathParams) for (const [label, raw] of few(BAD_IDS, 2)) plain(`path ${p.name}: ${label}`, withQuery(fill([p.name, raw])));
  for (const p of query) {
    for (const [label, raw] of few(BAD_QUERY, 2)) {
      const others = baseQuery.filter((q) => !q.startsWith(`${p.name}=`));
      const target = `${url}?${[...others, `${p.name}=${raw.replace('{name}', p.name)}`].join('&')}`;
      plain(`query ${p.name}: ${label}`, target);
    }
  }
  if (json) {
    for (const raw of few(MALFORMED_JSON, 2)) out.push({ label: `malformed JSON ${JSON.stringify(raw)}`, url: withQuery(url), body: raw, contentType: 'application/json' });
    out.push({ label: 'a JSON body sent as text/plain', url: withQuery(url), body: '{}', contentType: 'text/plain' });
    for (const field of fieldPaths(json)) {
      for (const [label, value] of bad(schemaAt(json, field), field)) plain(`body ${field.join('.')}: ${label}`, withQuery(url), setAt(baseBody, field, value, json));
    }
  } else if (op.method !== 'GET' && op.body === undefined) {
    for (const raw of ['{', '"\\u0000"']) out.push({ label: `unexpected body ${raw}`, url: withQuery(url), body: raw, contentType: 'application/json' });
  }
  if (op.body?.type === 'multipart') out.push(...multipartProbes(op, withQuery(url), few(BAD_VALUES.string, 2)));
  return out;
}

const CRLF = '\r\n';
function multipartProbes(op: Operation, url: string, bad: [string, unknown][]): Probe[] {
  const fields = Object.keys(op.body?.schema.properties ?? {}).filter((f) => f !== 'file');
  const takesFile = Boolean(op.body?.schema.properties?.file);
  const part = (name: string, value: string, filename?: string) =>
    `--b${CRLF}Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}${CRLF}${filename === undefined ? '' : `Content-Type: text/csv${CRLF}`}${CRLF}${value}${CRLF}`;
  const csv = 'First Name,Last Name,Email\r\nAnn\u0000a,Lee,ann@example.com\r\nBob,\ud800Ray,bob\u0001@example.com\r\n';
  const file = takesFile ? part('file', csv, 'leads.csv') : '';
  const out: Probe[] = [
    { label: 'multipart: boundary not in the body', url, body: `--other${CRLF}Content-Disposition: form-data; name="file"; filename="a.csv"${CRLF}${CRLF}a,b${CRLF}--other--`, contentType: 'multipart/form-data; boundary=b' },
    { label: 'multipart: no boundary', url, body: 'garbage', contentType: 'multipart/form-data' },
    { label: 'multipart: unterminated', url, body: `--b${CRLF}Content-Disposition: form-data; name="file"; filename="a.csv"${CRLF}${CRLF}a,b`, contentType: 'multipart/form-data; boundary=b' },
    { label: 'multipart: a file with NUL, control characters and surrogates in its cells', url, body: `${file}--b--`, contentType: 'multipart/form-data; boundary=b' },
    { label: 'multipart: a file name with NUL', url, body: `${takesFile ? part('file', csv, 'le\u0000ads\u0001.csv') : ''}--b--`, contentType: 'multipart/form-data; boundary=b' },
    { label: 'multipart: JSON instead', url, body: '{}', contentType: 'application/json' },
  ];
  for (const field of fields) {
    for (const [label, value] of bad) {
      if (typeof value !== 'string') continue;
      out.push({ label: `multipart field ${field}: ${label}`, url, body: `${part(field, value)}${file}--b--`, contentType: 'multipart/form-data; boundary=b' });
    }
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  ops = operationsOf(doc).sort((a, b) => order(a) - order(b));
});
afterAll(() => t?.close());

describe('/v1/openapi.json', () => {
  it('lists every endpoint of the contract, so that the sweep reaches them all', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(operationsOf(doc).length).toBe(Object.keys(endpoints).length);
  });
});

/** A request that gets no answer at all counts as a failure too (and must not hold the run). */
const ANSWER_WITHIN_MS = 30_000; // beyond the server's own request time-out (15 s answers 503), so an answer that comes shows its real status
async function answerOf<T>(request: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS)));
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The contract's endpoints in the sweep's order (one test each; each finds its operation in the document). */
const ordered = Object.values(endpoints).sort((a, b) => order(a) - order(b));

/** Requests of one operation in flight at once (the session changers go one at a time). */
const IN_FLIGHT = 8;

for (const [key, narrow] of [['admin', false], ['agent', true]] as const) {
  describe(`every operation of /v1/openapi.json answers bad input with a 4xx, never a 5xx (as the ${key})`, () => {
    const caller = new Caller(key);
    const swept = new Set<string>();
    let ids: Ids;
    beforeAll(async () => {
      await caller.signIn();
      ids = await fixtures(caller);
    });
    // the agent's run: what an agent may call (the administrators' operations refuse them before any handler)
    for (const { method, path, access } of ordered.filter((e) => key === 'admin' || e.access !== 'admin')) {
      it(`${method} ${path}`, async () => {
        const op = ops.find((o) => o.method === method && o.path === path);
        expect(op, 'the operation is in /v1/openapi.json').toBeDefined();
        const failures: string[] = [];
        const started = performance.now();
        const changesSession = order(op!) === 2;
        const queue = probes(op!, ids, narrow || changesSession, swept);
        const worker = async () => {
          for (let probe = queue.shift(); probe; probe = queue.shift()) {
            const res = await answerOf(
              caller.agent.request(method, probe.url, { body: probe.body, headers: probe.contentType ? { 'content-type': probe.contentType } : {} }),
            );
            const input = `${probe.label} (${probe.url.slice(0, 100)})`;
            if (process.env.SWEEP_DEBUG && probe.label === 'a valid request') console.log(`${key} ${method} ${path} valid request → ${res?.statusCode} ${res?.body.slice(0, 100)}`);
            if (!res) failures.push(`${input} → no answer within ${ANSWER_WITHIN_MS / 1000} s`);
            else if (res.statusCode >= 500) failures.push(`${input} → ${res.statusCode} ${res.body.slice(0, 160)}`);
            // the checks reached past authentication (the session held), and a refusal names what it refuses
            else if (res.statusCode === 401 && access !== 'public' && !changesSession) failures.push(`${input} → 401: the session was lost`);
            else if (res.statusCode === 422 && !Object.keys((res.json() as { errors?: object }).errors ?? {}).length) failures.push(`${input} → 422 without errors`);
            // a request that ended or switched the session: sign in anew, so that the next one reaches past authentication
            if ((!res || res.statusCode === 401 || changesSession) && !(await caller.stillSignedIn())) await caller.signIn();
          }
        };
        await Promise.all(Array.from({ length: changesSession ? 1 : IN_FLIGHT }, worker));
        if (process.env.SWEEP_DEBUG) console.log(`${key} ${method} ${path} ${Math.round(performance.now() - started)} ms ${failures.length} failures\n${failures.join('\n')}`);
        expect(failures).toEqual([]);
      });
    }
  });
}
