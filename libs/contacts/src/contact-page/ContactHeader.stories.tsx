import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@crm/api-client';
import { ActivityBar } from './ActivityBar';
import { ContactTags } from './ContactTags';
import { EmailsPanel } from './EmailsPanel';
import { LinkedContactPanel } from './LinkedContactPanel';
import { MedicarePanel } from './MedicarePanel';
import { storyContact, STORY_ZONE, withStoryFrame, type StoryAnswers } from './test/story-frame';

const contact = storyContact();
const spouse = storyContact({ id: 8, first_name: 'Jorge', emails: [], tags: [] });
const tags = [...contact.tags, { id: 3, name: 'Spanish', color: '#047857' }, { id: 4, name: 'Referral', color: '#7c3aed' }];

const answers: StoryAnswers = {
  searchTags: () => ({ data: tags }),
  createTag: (options) => ({ data: { id: 9, ...(options?.body as { name: string; color: string }) } }),
  updateTagsSingle: () => ({ data: contact }),
  recordActivity: (options) => {
    const type = (options?.body as { type: 'call' }).type;
    const at = new Date().toISOString();
    return { data: { ...contact, last_activity_at: at, last_activity_type: type }, activity: { id: 1, type, outcome: null, note_id: null, created_at: at } };
  },
  undoActivity: () => ({ data: contact }),
  validateEmail: () => ({ data: contact }),
  forceVerifyEmail: () => ({ data: contact }),
  showContact: () => ({ data: spouse }),
  listContacts: () => ({ data: [spouse], meta: { current_page: 1, limit: 10, total_count: 1, total_pages: 1, total_count_capped: false, next_cursor: null } }),
  updateLinkedContact: () => ({ data: { ...contact, linked_contact_id: 8 } }),
  medicareImportContact: () => {
    throw new ApiError(422, { errors: { gender: 'Gender is required for a Medicare quote' } });
  },
};

/** The contact page's header and side column: tags, last activity with the quick actions, e-mail checks, linked contact, Medicare. */
function ContactHeader({ linked, trashed }: { linked: boolean; trashed: boolean }) {
  const shown = { ...contact, linked_contact_id: linked ? 8 : null, deleted_at: trashed ? '2026-03-05T15:30:00Z' : null };
  return (
    <div className="flex flex-col gap-6">
      <ContactTags contact={shown} editable={!trashed} />
      <ActivityBar contact={shown} zone={STORY_ZONE} editable={!trashed} />
      <div className="flex max-w-xs flex-col gap-6">
        <EmailsPanel contact={shown} zone={STORY_ZONE} editable={!trashed} />
        <LinkedContactPanel contact={shown} editable={!trashed} />
        <MedicarePanel contact={shown} zone={STORY_ZONE} editable={!trashed} />
      </div>
    </div>
  );
}

const meta = {
  title: 'Contacts/Contact page/Header',
  component: ContactHeader,
  args: { linked: false, trashed: false },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof ContactHeader>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Linked: Story = { args: { linked: true } };

export const InTheTrash: Story = { args: { trashed: true } };
