import { useState } from 'react';
import type { Contact } from '@crm/contract';
import { Button } from '@crm/ui';
import { TagChip } from '../filters/TagChip';
import { TagsDialog } from './TagsDialog';

export type ContactTagsProps = {
  contact: Contact;
  /** Offers "Edit tags" (not for a contact in the trash). */
  editable?: boolean;
};

/** The contact's tags as coloured chips, with "Edit tags". */
export function ContactTags({ contact, editable = true }: ContactTagsProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {contact.tags.length === 0 ? (
        <span className="text-sm text-muted">No tags</span>
      ) : (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {contact.tags.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <>
          <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
            Edit tags
          </Button>
          <TagsDialog contact={contact} open={open} onOpenChange={setOpen} />
        </>
      )}
    </div>
  );
}
