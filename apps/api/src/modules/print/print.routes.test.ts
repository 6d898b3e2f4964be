import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRINT_MAX_CONTACTS, PRINT_TOO_MANY, type PrintJob } from '@crm/contract';
import { HttpError } from '../../lib/http-errors';
import { eventually } from '../../test/cable-client';
import { createContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ContactsCaller } from '../contacts/contacts.service';
import { createPrintRepository } from './print.repository';
import { createPrintService, sheetContent } from './print.service';

let t: TestApp;
let as: Cast;
beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const pages = (pdf: string) => pdf.match(/\/Type \/Page\b/g)?.length ?? 0;

async function printed(body: object): Promise<{ job: PrintJob; pdf: string; name: string | undefined }> {
  const res = await as.agent.post('/v1/contacts/batch_print', body);
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json().data as PrintJob;
  expect(started).toMatchObject({ status: 'queued' });
  const job = await eventually(async () => {
    const poll = await as.agent.patch('/v1/contacts/batch_print_status', { jid: started.jid });
    expect(poll.json().data.status).toBe('done');
    return poll.json().data as PrintJob;
  }, 20_000);
  const file = await as.agent.get(`/v1/contacts/batch_print/${started.jid}`);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  return { job, pdf: file.rawPayload.toString('latin1'), name: file.headers['content-disposition'] };
}

describe('POST /v1/contacts/batch_print and PATCH /v1/contacts/batch_print_status', () => {
  it('writes codes as the screens show them: category and policy types by their labels', async () => {
    const made = await createContact(as.agent, { first_name: 'Label', last_name: 'Printer', category: 'prospect', gender: 'female' });
    const [record] = await t.ctx.contactsRepository.load([made.id]);
    const { subtitle, rows } = sheetContent({ ...record!, policyTypes: ['final_expense', 'part_d'] });
    expect(subtitle).toContain('· Prospect');
    expect(subtitle).not.toContain('prospect');
    const row = Object.fromEntries(rows);
    expect(row['Policy types']).toBe('Final expense, Part D (drug plan)');
    expect(row['Gender']).toBe('Female');
  });

  it('builds contact sheets (a page each) in a job, polled by jid, then downloads the PDF', async () => {
    const a = await createContact(as.agent, { first_name: 'Petra', last_name: 'Printer', address1: '1 Main St', city: 'Tampa', state: 'FL', zip: '33601' });
    const b = await createContact(as.agent, { first_name: 'Paul', last_name: 'Printer' });
    const { job, pdf, name } = await printed({ ids: [a.id, b.id] });
    expect(job).toMatchObject({ layout: 'sheets', count: 2 });
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('(Contact sheets)');
    expect(pages(pdf)).toBe(2);
    expect(name).toMatch(/contact-sheets-\d{4}-\d{2}-\d{2}\.pdf/);
  });

  it('prints mailing labels, 30 a page', async () => {
    const many = await Promise.all(Array.from({ length: 31 }, (_, i) => createContact(as.agent, { first_name: `Label${i}`, last_name: 'Sheetz', address1: `${i} Oak Ave`, city: 'Ocala', state: 'FL', zip: '34470' })));
    const { job, pdf } = await printed({ ids: many.map((c) => c.id), layout: 'labels' });
    expect(job).toMatchObject({ layout: 'labels', count: 31 });
    expect(pdf).toContain('(Mailing labels)');
    expect(pages(pdf)).toBe(2);
  });

  it('keeps print jobs to their maker and contacts to the reach', async () => {
    const mine = await createContact(as.agent, { first_name: 'Private', last_name: 'Printer' });
    expect((await as.telemarketer.post('/v1/contacts/batch_print', { ids: [mine.id] })).statusCode).toBe(404);
    const res = await as.agent.post('/v1/contacts/batch_print', { ids: [mine.id] });
    const jid = res.json().data.jid as string;
    expect((await as.telemarketer.patch('/v1/contacts/batch_print_status', { jid })).statusCode).toBe(404);
    expect((await as.telemarketer.get(`/v1/contacts/batch_print/${jid}`)).statusCode).toBe(404);
    expect((await as.agent.patch('/v1/contacts/batch_print_status', { jid: 'nope' })).json().errors).toEqual({ jid: 'Choose a print job' });
    expect((await as.agent.post('/v1/contacts/batch_print', { ids: [mine.id], layout: 'poster' })).statusCode).toBe(422);
  });
});

describe('the print limit (spec part 2 §9: at most 500)', () => {
  it('refuses 501 contacts with a 422 beside ids and queues nothing', async () => {
    const send = vi.fn();
    const service = createPrintService({
      prints: createPrintRepository(t.ctx.db),
      storage: t.ctx.storage,
      contacts: { selectedItems: async (_c, body) => ({ ids: Array.from({ length: Math.min(PRINT_MAX_CONTACTS + 1, body.limit ?? 0) }, (_, i) => i + 1) }) },
      load: async () => [],
      jobs: { send, interrupted: vi.fn() },
    });
    const caller = { user: { id: 1, companyId: 1 }, roles: [] } as unknown as ContactsCaller;
    const error = await service.start(caller, { all: true, layout: 'sheets' }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).errors).toEqual({ ids: PRINT_TOO_MANY });
    expect(PRINT_TOO_MANY).toBe('At most 500 contacts can be printed at once');
    expect(send).not.toHaveBeenCalled();
  });
});
