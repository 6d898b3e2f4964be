import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FILE_MAX_BYTES, contactFile } from '@crm/contract';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;
let agentContact: number;
let otherContact: number;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  agentContact = await newContact(as.agent, { first_name: 'Fiona' });
  otherContact = await newContact(as.telemarketer, { first_name: 'Otto' });
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of the image')]);
const filesOf = (id: number) => `/v1/contacts/${id}/files`;

function form(name: string, bytes: Uint8Array<ArrayBuffer> | string, type = 'application/octet-stream', field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new Blob([bytes], { type }), name);
  return data;
}

async function upload(who: keyof Cast, contactId: number, body: FormData) {
  return as[who].post(filesOf(contactId), body);
}

/** Every file under the storage folder (temporary ones included), relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.env.STORAGE_DIR, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function expectRefused(body: FormData, message: string) {
  const before = await storedFiles();
  const res = await upload('agent', agentContact, body);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ errors: { file: message } });
  expect(await storedFiles()).toEqual(before);
}

describe('uploading a file', () => {
  it('stores the file under a random key and answers the row; the download gives the bytes under the original name', async () => {
    const name = 'Año 2026 – póliza.pdf';
    const res = await upload('agent', agentContact, form(name, PDF, 'application/pdf'));
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data;
    expect(contactFile.safeParse(file).success).toBe(true);
    expect(file).toMatchObject({
      file_name: name,
      content_type: 'application/pdf',
      byte_size: PDF.length,
      uploaded_by: { id: as.agent.userId, name: 'Jamie Carter' },
    });
    const stored = await storedFiles();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/\/contact-files\/[0-9a-f]{32}$/);

    const download = await as.agent.get(`${filesOf(agentContact)}/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Ano 2026 _ poliza.pdf"; filename*=UTF-8''A%C3%B1o%202026%20%E2%80%93%20p%C3%B3liza.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    // opened in the browser, the file is no page of the product: no script, no origin
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  });

  it('sends each file with its stored type and nosniff; a raster image inline, anything else as an attachment, never recompressed', async () => {
    const cases = [
      { name: 'photo.png', bytes: PNG, type: 'image/png', disposition: 'inline' },
      { name: 'page.html.txt', bytes: '<script>alert(1)</script>'.repeat(100), type: 'text/plain', disposition: 'attachment' },
      { name: 'list.csv', bytes: 'name,zip\n'.repeat(500), type: 'text/csv', disposition: 'attachment' },
    ];
    for (const c of cases) {
      const uploaded = await upload('agent', agentContact, form(c.name, c.bytes, 'application/octet-stream'));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const res = await as.agent.get(`${filesOf(agentContact)}/${uploaded.json().data.id}`, { 'accept-encoding': 'gzip, br' });
      expect(res.headers['content-type'], c.name).toBe(c.type);
      expect(res.headers['content-disposition'], c.name).toBe(`${c.disposition}; filename="${c.name}"; filename*=UTF-8''${c.name}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-encoding'], c.name).toBeUndefined();
      expect(res.rawPayload.equals(Buffer.from(c.bytes))).toBe(true);
    }
  });

  it('keeps the extension’s first listed content type (octet-stream or another listed one declared)', async () => {
    const png = await upload('agent', agentContact, form('scan.PNG', PNG, 'application/octet-stream'));
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().data.content_type).toBe('image/png');
    const csv = await upload('agent', agentContact, form('list.csv', 'name,zip\nAda,30301\n', 'text/plain'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.json().data.content_type).toBe('text/csv');
  });

  it('takes a file of exactly the largest size', async () => {
    const bytes = Buffer.alloc(CONTACT_FILE_MAX_BYTES, 0x20);
    PDF.copy(bytes);
    const res = await upload('agent', agentContact, form('big.pdf', bytes, 'application/pdf'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.byte_size).toBe(CONTACT_FILE_MAX_BYTES);
    const removed = await as.agent.delete(`${filesOf(agentContact)}/${res.json().data.id}`);
    expect(removed.statusCode).toBe(204);
  });

  it('refuses a file over the limit while it streams, and keeps nothing', async () => {
    const bytes = Buffer.alloc(CONTACT_FILE_MAX_BYTES + 1, 0x20);
    PDF.copy(bytes);
    await expectRefused(form('too-big.pdf', bytes, 'application/pdf'), 'File must be at most 20 MB');
  });

  it('refuses a type outside the allow-list, or declared as a type not listed for its extension', async () => {
    await expectRefused(form('setup.exe', 'MZ...', 'application/octet-stream'), 'Files of type .exe are not accepted');
    await expectRefused(form('page.HTML', '<script>', 'text/html'), 'Files of type .html are not accepted');
    await expectRefused(form('README', 'text', 'text/plain'), 'Files without an extension are not accepted');
    await expectRefused(form('policy.pdf', PDF, 'text/html'), 'A .pdf file must be sent as application/pdf');
  });

  it('refuses a PDF, PNG, JPEG or GIF whose first bytes say otherwise', async () => {
    await expectRefused(form('fake.pdf', '<html>not a pdf</html>', 'application/pdf'), 'The file does not look like a PDF');
    await expectRefused(form('fake.png', PDF, 'image/png'), 'The file does not look like a PNG image');
    await expectRefused(form('fake.jpg', PNG, 'image/jpeg'), 'The file does not look like a JPEG image');
    await expectRefused(form('fake.jpeg', 'ÿØ', 'image/jpeg'), 'The file does not look like a JPEG image');
    await expectRefused(form('fake.gif', 'GIF90a....', 'image/gif'), 'The file does not look like a GIF image');
    const gif = await upload('agent', agentContact, form('real.gif', 'GIF89a\x01\x00\x01\x00', 'image/gif'));
    expect(gif.statusCode, gif.body).toBe(200);
    const jpeg = await upload('agent', agentContact, form('photo.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'image/jpeg'));
    expect(jpeg.statusCode, jpeg.body).toBe(200);
  });

  it('asks for a file when none is sent, the field is another one, or the file is empty', async () => {
    const onlyText = new FormData();
    onlyText.append('note', 'no file here');
    await expectRefused(onlyText, 'Choose a file');
    await expectRefused(form('scan.pdf', PDF, 'application/pdf', 'attachment'), 'Choose a file');
    await expectRefused(form('', PDF, 'application/pdf'), 'Choose a file');
    await expectRefused(form('empty.pdf', '', 'application/pdf'), 'The file is empty');
    const json = await as.agent.post(filesOf(agentContact), { file: 'abc' });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ errors: { file: 'Choose a file' } });
  });

  it('answers 422, not 500, for a form it cannot read', async () => {
    const res = await as.agent.request('POST', filesOf(agentContact), {
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['file']);
  });
});

describe('listing, downloading and deleting files', () => {
  it('lists newest first; deleting removes the row and the stored bytes', async () => {
    const contactId = await newContact(as.agent);
    const first = (await upload('agent', contactId, form('one.txt', 'first', 'text/plain'))).json().data;
    const second = (await upload('agent', contactId, form('two.txt', 'second', 'text/plain'))).json().data;
    const list = await as.agent.get(filesOf(contactId));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((f: { id: number }) => f.id)).toEqual([second.id, first.id]);

    const before = await storedFiles();
    const removed = await as.agent.delete(`${filesOf(contactId)}/${first.id}`);
    expect(removed.statusCode).toBe(204);
    const after = await storedFiles();
    expect(after).toHaveLength(before.length - 1);
    expect(await Promise.all(after.map((p) => readFile(p, 'utf8')))).not.toContain('first');
    expect((await as.agent.get(filesOf(contactId))).json().data.map((f: { id: number }) => f.id)).toEqual([second.id]);
    expectNotFound(await as.agent.get(`${filesOf(contactId)}/${first.id}`));
    expectNotFound(await as.agent.delete(`${filesOf(contactId)}/${first.id}`));
  });

  it('answers 404 for a file of another contact', async () => {
    const file = (await upload('agent', agentContact, form('mine.txt', 'mine', 'text/plain'))).json().data;
    const second = await newContact(as.agent);
    expectNotFound(await as.agent.get(`${filesOf(second)}/${file.id}`));
    expectNotFound(await as.agent.delete(`${filesOf(second)}/${file.id}`));
  });

  it('answers 404 on a contact outside the reach, for every files endpoint; a manager reaches the downline', async () => {
    const theirs = await upload('telemarketer', otherContact, form('theirs.txt', 'theirs', 'text/plain'));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const fileId = theirs.json().data.id;
    expectNotFound(await as.agent.get(filesOf(otherContact)));
    expectNotFound(await upload('agent', otherContact, form('x.txt', 'x', 'text/plain')));
    expectNotFound(await as.agent.get(`${filesOf(otherContact)}/${fileId}`));
    expectNotFound(await as.agent.delete(`${filesOf(otherContact)}/${fileId}`));
    expectNotFound(await as.kAgent.get(filesOf(agentContact)));

    expect((await as.manager.get(filesOf(otherContact))).json().data.map((f: { id: number }) => f.id)).toContain(fileId);
    const download = await as.manager.get(`${filesOf(otherContact)}/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('theirs');
    expect((await upload('manager', otherContact, form('from-manager.txt', 'hi', 'text/plain'))).statusCode).toBe(200);
  });

  it('leaves no temporary files behind', async () => {
    expect((await storedFiles()).filter((p) => p.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents the upload as a multipart form and the download as a file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const files = doc.paths['/v1/contacts/{id}/files'];
    expect(Object.keys(files.post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(files.post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('file');
    expect(Object.keys(doc.paths['/v1/contacts/{id}/files/{fileId}'].get.responses['200'].content)).toEqual(['application/octet-stream']);
  });
});
