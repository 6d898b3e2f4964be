import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact as contactSchema, type Contact, type CreateContactBody } from '@crm/contract';
import {
  contactActivities,
  contactDocuments,
  contactFiles,
  contactMerges,
  contactNotes,
  contactTags,
  featureFlagOverrides,
  policies,
  securities,
  tags,
  users,
} from '../../db/schema';
import { createContact, showContact, signInCast, type SignedIn } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const as: Record<string, SignedIn> = {};
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(as, await signInCast(t));
  companyId = as.admin!.companyId;
});
afterAll(() => t.close());

const create = (who: string, body: CreateContactBody): Promise<Contact> =>
  createContact(as[who]!, body);

const show = (id: number): Promise<Contact> => showContact(as.admin!, id);

const merge = (who: string, body: unknown) => as[who]!.patch('/v1/contacts/merge', body);

// ---- children, written straight to the database (the modules that own them are tested on their own) ----

let storageSeq = 0;
async function addTag(name: string): Promise<number> {
  const [row] = await t.ctx.db
    .insert(tags)
    .values({ companyId, name, color: '#1d4ed8' })
    .returning({ id: tags.id });
  return row!.id;
}
async function tagContact(contactId: number, ...tagIds: number[]) {
  await t.ctx.db.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
}
/** One note, file, policy, security and activity on the contact; answers their ids. */
async function addRecords(contactId: number, label: string) {
  const [note] = await t.ctx.db
    .insert(contactNotes)
    .values({ contactId, authorId: as.agent!.userId, body: `${label} note` })
    .returning({ id: contactNotes.id });
  const [file] = await t.ctx.db
    .insert(contactFiles)
    .values({
      contactId,
      uploadedById: as.agent!.userId,
      fileName: `${label}.pdf`,
      contentType: 'application/pdf',
      byteSize: 10,
      storageKey: `merge-test/${++storageSeq}`,
    })
    .returning({ id: contactFiles.id });
  const [policy] = await t.ctx.db
    .insert(policies)
    .values({ contactId, policyType: 'term_life', policyNumber: label })
    .returning({ id: policies.id });
  const [security] = await t.ctx.db
    .insert(securities)
    .values({ contactId, securityType: 'stock', name: label })
    .returning({ id: securities.id });
  const [activity] = await t.ctx.db
    .insert(contactActivities)
    .values({ contactId, userId: as.agent!.userId, activityType: 'call' })
    .returning({ id: contactActivities.id });
  return {
    notes: [note!.id],
    files: [file!.id],
    policies: [policy!.id],
    securities: [security!.id],
    activities: [activity!.id],
  };
}
async function addDocument(contactId: number, kind: 'data_capture' | 'rx_details', label: string) {
  await t.ctx.db.insert(contactDocuments).values({ contactId, kind, body: { label } });
}

/** Where every child of these kinds lives now: contact id per child id. */
async function ownersOf(ids: {
  notes: number[];
  files: number[];
  policies: number[];
  securities: number[];
  activities: number[];
}) {
  const of = async (
    table:
      | typeof contactNotes
      | typeof contactFiles
      | typeof policies
      | typeof securities
      | typeof contactActivities,
    list: number[],
  ) =>
    (
      await t.ctx.db
        .select({ contactId: table.contactId })
        .from(table)
        .where(inArray(table.id, list))
        .orderBy(asc(table.id))
    ).map((r) => r.contactId);
  return {
    notes: await of(contactNotes, ids.notes),
    files: await of(contactFiles, ids.files),
    policies: await of(policies, ids.policies),
    securities: await of(securities, ids.securities),
    activities: await of(contactActivities, ids.activities),
  };
}
const tagsOf = async (contactId: number) =>
  (
    await t.ctx.db
      .select({ tagId: contactTags.tagId })
      .from(contactTags)
      .where(eq(contactTags.contactId, contactId))
      .orderBy(asc(contactTags.tagId))
  ).map((r) => r.tagId);
const documentsOf = async (contactId: number) =>
  await t.ctx.db
    .select({ kind: contactDocuments.kind, body: contactDocuments.body })
    .from(contactDocuments)
    .where(eq(contactDocuments.contactId, contactId))
    .orderBy(asc(contactDocuments.kind));

describe('PATCH /v1/contacts/merge and restoring a merged contact', () => {
  it('moves every kind of child to the survivor, takes the chosen values, trashes the merged contacts; restore brings each back with its children', async () => {
    const statuses = (await as.admin!.get('/v1/statuses')).json().data as { id: number }[];
    const survivor = await create('admin', {
      first_name: 'Sam',
      last_name: 'Keeper',
      owner_id: as.agent!.userId,
      city: 'Boston',
      zip: '02101',
      phones: [{ number: '2125550101' }],
      emails: [{ email: 'sam@keeper.test' }],
    });
    const m1 = await create('admin', {
      first_name: 'Samuel',
      last_name: 'Keeper',
      owner_id: as.agent!.userId,
      status_id: statuses[1]!.id,
      city: 'Cambridge',
      date_of_birth: '1951-02-03',
      phones: [{ number: '(212) 555-0101' }, { number: '2125550102', phone_type: 9 }],
      emails: [{ email: 'SAM@Keeper.test' }, { email: 'samuel@keeper.test' }],
    });
    const m2 = await create('admin', {
      first_name: 'Sammy',
      last_name: 'Keepertwo',
      owner_id: as.telemarketer!.userId,
      gender: 'male',
      emails: [{ email: 'two@keeper.test' }],
    });
    // the survivor's own children, and the merged contacts'
    const own = await addRecords(survivor.id, 'survivor');
    const r1 = await addRecords(m1.id, 'm1');
    const r2 = await addRecords(m2.id, 'm2');
    const [shared, fromM1, fromM2] = [
      await addTag('Merge shared'),
      await addTag('Merge m1'),
      await addTag('Merge m2'),
    ];
    await tagContact(survivor.id, shared);
    await tagContact(m1.id, shared, fromM1);
    await tagContact(m2.id, fromM2, shared);
    await addDocument(survivor.id, 'data_capture', 'survivor capture');
    await addDocument(m1.id, 'data_capture', 'm1 capture');
    await addDocument(m1.id, 'rx_details', 'm1 rx');
    // a household contact linked both ways with m1
    const spouse = await create('admin', {
      first_name: 'Pat',
      last_name: 'Spouse',
      owner_id: as.agent!.userId,
    });
    expect(
      (
        await as.admin!.patch(`/v1/contacts/${spouse.id}/update_linked_contact`, {
          linked_contact_id: m1.id,
        })
      ).statusCode,
    ).toBe(200);

    const res = await merge('admin', {
      survivor_id: survivor.id,
      merged_ids: [m1.id, m2.id],
      fields: {
        first_name: m1.id,
        status_id: m1.id,
        date_of_birth: m1.id,
        owner_id: m2.id,
        gender: m2.id,
        city: survivor.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged: Contact = res.json().data;
    expect(contactSchema.safeParse(merged).success).toBe(true);
    expect(merged).toMatchObject({
      id: survivor.id,
      first_name: 'Samuel',
      last_name: 'Keeper',
      status: { id: statuses[1]!.id },
      date_of_birth: '1951-02-03',
      gender: 'male',
      city: 'Boston',
      zip: '02101',
      owner: { id: as.telemarketer!.userId },
      deleted_at: null,
      merged_into_id: null,
    });
    // phones and e-mails the survivor lacked moved; duplicates stayed with the merged contact
    expect(merged.phones.map((p) => [p.number, p.phone_type])).toEqual([
      ['12125550101', 2],
      ['12125550102', 9],
    ]);
    expect(merged.emails.map((e) => e.email)).toEqual([
      'sam@keeper.test',
      'samuel@keeper.test',
      'two@keeper.test',
    ]);
    expect((await t.ctx.contactsRepository.load([m1.id]))[0]!.phones.map((p) => p.number)).toEqual([
      '12125550101',
    ]);
    expect((await t.ctx.contactsRepository.load([m1.id]))[0]!.emails.map((e) => e.email)).toEqual([
      'SAM@Keeper.test',
    ]);
    // every other kind moved
    const s = survivor.id;
    expect(
      await ownersOf({
        notes: [...own.notes, ...r1.notes, ...r2.notes],
        files: [...own.files, ...r1.files, ...r2.files],
        policies: [...own.policies, ...r1.policies, ...r2.policies],
        securities: [...own.securities, ...r1.securities, ...r2.securities],
        activities: [...own.activities, ...r1.activities, ...r2.activities],
      }),
    ).toEqual({
      notes: [s, s, s],
      files: [s, s, s],
      policies: [s, s, s],
      securities: [s, s, s],
      activities: [s, s, s],
    });
    expect(await tagsOf(s)).toEqual([shared, fromM1, fromM2]);
    expect(await tagsOf(m1.id)).toEqual([shared, fromM1]);
    // the survivor kept its own data capture; the Rx details it lacked moved
    expect(await documentsOf(s)).toEqual([
      { kind: 'data_capture', body: { label: 'survivor capture' } },
      { kind: 'rx_details', body: { label: 'm1 rx' } },
    ]);
    expect(await documentsOf(m1.id)).toEqual([
      { kind: 'data_capture', body: { label: 'm1 capture' } },
    ]);
    expect((await show(spouse.id)).linked_contact_id).toBe(s);
    // the merged contacts are in the trash, pointing at the survivor
    for (const id of [m1.id, m2.id]) {
      const gone = await show(id);
      expect(gone.merged_into_id).toBe(s);
      expect(gone.deleted_at).not.toBeNull();
      expect((await as.admin!.patch(`/v1/contacts/${id}`, { first_name: 'X' })).statusCode).toBe(
        404,
      );
    }
    // the search finds the survivor by a moved address
    const found = (
      await as.admin!.patch('/v1/contacts', { contacts_scope: { q: 'samuel@keeper.test' } })
    ).json();
    expect(found.data.map((c: Contact) => c.id)).toEqual([s]);
    // what moved is recorded per merged contact
    const records = await t.ctx.db
      .select()
      .from(contactMerges)
      .where(eq(contactMerges.survivorId, s))
      .orderBy(asc(contactMerges.id));
    expect(
      records.map((r) => ({
        merged: r.mergedId,
        by: r.mergedById,
        restored: r.restoredAt,
        moved: r.moved,
      })),
    ).toEqual([
      {
        merged: m1.id,
        by: as.admin!.userId,
        restored: null,
        moved: {
          phones: [m1.phones[1]!.id],
          emails: [m1.emails[1]!.id],
          notes: r1.notes,
          files: r1.files,
          policies: r1.policies,
          securities: r1.securities,
          activities: r1.activities,
          tags_added: [fromM1],
          documents: ['rx_details'],
          linked: [spouse.id],
        },
      },
      {
        merged: m2.id,
        by: as.admin!.userId,
        restored: null,
        moved: {
          phones: [],
          emails: [m2.emails[0]!.id],
          notes: r2.notes,
          files: r2.files,
          policies: r2.policies,
          securities: r2.securities,
          activities: r2.activities,
          tags_added: [fromM2],
          documents: [],
          linked: [],
        },
      },
    ]);

    // the survivor gets a note of its own after the merge: it stays with the survivor on restore
    const [later] = await t.ctx.db
      .insert(contactNotes)
      .values({ contactId: s, body: 'after the merge' })
      .returning({ id: contactNotes.id });

    // restore m1 by id: it and its children come back; the survivor keeps its own and m2's
    const restored = await as.admin!.put('/v1/contacts/restore', { ids: [m1.id] });
    expect(restored.json()).toEqual({ count: 1 });
    const back = await show(m1.id);
    expect(back).toMatchObject({
      deleted_at: null,
      merged_into_id: null,
      linked_contact_id: spouse.id,
    });
    expect(back.phones.map((p) => p.number)).toEqual(['12125550101', '12125550102']);
    expect(back.emails.map((e) => e.email)).toEqual(['SAM@Keeper.test', 'samuel@keeper.test']);
    expect(await ownersOf({ ...r1, notes: [...r1.notes, later!.id] })).toEqual({
      notes: [m1.id, s],
      files: [m1.id],
      policies: [m1.id],
      securities: [m1.id],
      activities: [m1.id],
    });
    expect(await ownersOf(own)).toEqual({
      notes: [s],
      files: [s],
      policies: [s],
      securities: [s],
      activities: [s],
    });
    expect(await tagsOf(s)).toEqual([shared, fromM2]);
    expect(await tagsOf(m1.id)).toEqual([shared, fromM1]);
    expect(await documentsOf(m1.id)).toEqual([
      { kind: 'data_capture', body: { label: 'm1 capture' } },
      { kind: 'rx_details', body: { label: 'm1 rx' } },
    ]);
    expect(await documentsOf(s)).toEqual([
      { kind: 'data_capture', body: { label: 'survivor capture' } },
    ]);
    expect((await show(spouse.id)).linked_contact_id).toBe(m1.id);
    const afterOne = await show(s);
    expect(afterOne.phones.map((p) => p.number)).toEqual(['12125550101']);
    expect(afterOne.emails.map((e) => e.email)).toEqual(['sam@keeper.test', 'two@keeper.test']);
    // the survivor keeps the chosen values; its search no longer finds m1's address
    expect(afterOne.first_name).toBe('Samuel');
    expect(
      (await as.admin!.patch('/v1/contacts', { contacts_scope: { q: 'samuel@keeper.test' } }))
        .json()
        .data.map((c: Contact) => c.id),
    ).toEqual([m1.id]);
    const [m1Merge] = await t.ctx.db
      .select()
      .from(contactMerges)
      .where(eq(contactMerges.mergedId, m1.id));
    expect(m1Merge!.restoredAt).not.toBeNull();
    // restoring again (it is live now) changes nothing
    expect((await as.admin!.put('/v1/contacts/restore', { ids: [m1.id] })).json()).toEqual({
      count: 0,
    });

    // restore m2 through all plus a scope matched within the trash
    const scoped = await as.admin!.put('/v1/contacts/restore', {
      all: true,
      contacts_scope: { q: 'Keepertwo' },
    });
    expect(scoped.json()).toEqual({ count: 1 });
    expect(await show(m2.id)).toMatchObject({
      deleted_at: null,
      merged_into_id: null,
      emails: [expect.objectContaining({ email: 'two@keeper.test' })],
    });
    expect(await ownersOf(r2)).toEqual({
      notes: [m2.id],
      files: [m2.id],
      policies: [m2.id],
      securities: [m2.id],
      activities: [m2.id],
    });
    expect(await tagsOf(s)).toEqual([shared]);
    expect(await tagsOf(m2.id)).toEqual([shared, fromM2]);
    const survivorAfter = await show(s);
    expect(survivorAfter.emails.map((e) => e.email)).toEqual(['sam@keeper.test']);
    expect(survivorAfter.phones.map((p) => p.number)).toEqual(['12125550101']);
    expect(await ownersOf({ ...own, notes: [...own.notes, later!.id] })).toEqual({
      notes: [s, s],
      files: [s],
      policies: [s],
      securities: [s],
      activities: [s],
    });
  });

  it('moves a tag both merged contacts carry once, and a survivor linked to a merged contact ends unlinked', async () => {
    const [a, b, c] = await Promise.all(
      ['Ada', 'Bea', 'Cy'].map((n) => create('agent', { first_name: n, last_name: 'Twin' })),
    );
    const tag = await addTag('Merge twin');
    await tagContact(b!.id, tag);
    await tagContact(c!.id, tag);
    expect(
      (
        await as.agent!.patch(`/v1/contacts/${a!.id}/update_linked_contact`, {
          linked_contact_id: b!.id,
        })
      ).statusCode,
    ).toBe(200);
    const res = await merge('admin', { survivor_id: a!.id, merged_ids: [b!.id, c!.id, b!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.linked_contact_id).toBeNull();
    expect(res.json().data.first_name).toBe('Ada');
    expect(await tagsOf(a!.id)).toEqual([tag]);
    const moved = await t.ctx.db
      .select({ mergedId: contactMerges.mergedId, moved: contactMerges.moved })
      .from(contactMerges)
      .where(eq(contactMerges.survivorId, a!.id))
      .orderBy(asc(contactMerges.id));
    expect(moved.map((m) => [m.mergedId, m.moved.tags_added])).toEqual([
      [b!.id, [tag]],
      [c!.id, []],
    ]);
  });
});

describe('merge refusals', () => {
  it('answers 403 when the contact_merge flag is off for the caller (agents by default)', async () => {
    const [a, b] = await Promise.all(
      ['One', 'Two'].map((n) => create('agent', { first_name: n, last_name: 'Flagless' })),
    );
    for (const who of ['agent', 'manager']) {
      const res = await merge(who, { survivor_id: a!.id, merged_ids: [b!.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: { user: 'Access denied!' } });
    }
    expect((await show(b!.id)).deleted_at).toBeNull();
  });

  it('answers 404 for a contact out of reach, missing or in the trash, and merges nothing', async () => {
    const a = await create('admin', {
      first_name: 'Reach',
      last_name: 'Able',
      phones: [{ number: '2125550199' }],
    });
    const b = await create('admin', {
      first_name: 'Reach',
      last_name: 'Bee',
      phones: [{ number: '2125550198' }],
    });
    const trashed = await create('admin', { first_name: 'Reach', last_name: 'Trashed' });
    await as.admin!.request('DELETE', '/v1/contacts/destroy_all', { body: { ids: [trashed.id] } });
    const keystone = await create('kAgent', { first_name: 'Other', last_name: 'Brand' });
    for (const body of [
      { survivor_id: a.id, merged_ids: [b.id, keystone.id] },
      { survivor_id: keystone.id, merged_ids: [b.id] },
      { survivor_id: a.id, merged_ids: [2_000_000_000] },
      { survivor_id: a.id, merged_ids: [b.id, trashed.id] },
      { survivor_id: trashed.id, merged_ids: [b.id] },
    ]) {
      const res = await merge('admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ errors: { base: 'Contact not found' } });
    }
    expect((await show(b.id)).deleted_at).toBeNull();
    expect((await show(b.id)).phones).toHaveLength(1);
    expect(
      await t.ctx.db.select().from(contactMerges).where(eq(contactMerges.survivorId, a.id)),
    ).toEqual([]);
  });

  it('answers 422 for the survivor among the merged, a field from a contact not in the merge, and an owner no longer valid', async () => {
    const a = await create('admin', {
      first_name: 'Valid',
      last_name: 'Able',
      owner_id: as.agent!.userId,
    });
    const b = await create('admin', {
      first_name: 'Valid',
      last_name: 'Bee',
      owner_id: as.telemarketer!.userId,
    });
    const c = await create('admin', { first_name: 'Valid', last_name: 'Cee' });
    const self = await merge('admin', { survivor_id: a.id, merged_ids: [a.id, b.id] });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({
      merged_ids: 'The contact that stays cannot also be merged away',
    });
    const outside = await merge('admin', {
      survivor_id: a.id,
      merged_ids: [b.id],
      fields: { last_name: c.id },
    });
    expect(outside.json().errors).toEqual({
      'fields.last_name': 'Choose one of the merged contacts',
    });
    expect((await merge('admin', { survivor_id: a.id, merged_ids: [] })).json().errors).toEqual({
      merged_ids: 'Choose contacts to merge',
    });
    // the owner of b was deactivated: b's owner cannot be chosen
    await t.ctx.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, as.telemarketer!.userId!));
    try {
      const res = await merge('admin', {
        survivor_id: a.id,
        merged_ids: [b.id],
        fields: { owner_id: b.id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ owner_id: 'Choose an owner' });
    } finally {
      await t.ctx.db
        .update(users)
        .set({ active: true })
        .where(eq(users.id, as.telemarketer!.userId!));
    }
    expect((await show(b.id)).deleted_at).toBeNull();
    expect((await show(a.id)).owner.id).toBe(as.agent!.userId);
  });

  it("with the flag on for field managers, a field manager merges the downline's contacts but gets 404 outside the downline", async () => {
    await t.ctx.db
      .insert(featureFlagOverrides)
      .values({ companyId, flag: 'contact_merge', role: 'field_manager', enabled: true });
    try {
      const [a, b] = await Promise.all(
        ['Down', 'Line'].map((n) => create('agent', { first_name: n, last_name: 'Merge' })),
      );
      const sibling = await create('telemarketer', { first_name: 'Sibling', last_name: 'Branch' });
      const outside = await merge('field', { survivor_id: a!.id, merged_ids: [sibling.id] });
      expect(outside.statusCode).toBe(404);
      expect(
        (await as.telemarketer!.get(`/v1/contacts/${sibling.id}`)).json().data.deleted_at,
      ).toBeNull();
      const res = await merge('field', {
        survivor_id: a!.id,
        merged_ids: [b!.id],
        fields: { first_name: b!.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.first_name).toBe('Line');
      // the agent owns the merged contact and restores it from the trash
      expect((await as.agent!.put('/v1/contacts/restore', { ids: [b!.id] })).json()).toEqual({
        count: 1,
      });
      expect((await as.agent!.get(`/v1/contacts/${b!.id}`)).json().data.merged_into_id).toBeNull();
      expect((await merge('agent', { survivor_id: a!.id, merged_ids: [b!.id] })).statusCode).toBe(
        403,
      );
    } finally {
      await t.ctx.db
        .delete(featureFlagOverrides)
        .where(
          and(
            eq(featureFlagOverrides.companyId, companyId),
            eq(featureFlagOverrides.flag, 'contact_merge'),
          ),
        );
    }
  });
});
