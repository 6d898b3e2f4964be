import { Link } from 'react-router-dom';
import { buttonClassName } from '@crm/ui';

/** The way back to the contact list from the pages of its tools (import, duplicates, transfers). */
export function BackToContactsLink() {
  return (
    <Link to="/contacts" className={buttonClassName({ variant: 'secondary' })}>
      Back to contacts
    </Link>
  );
}
