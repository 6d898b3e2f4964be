import { Link, useNavigate } from 'react-router-dom';
import { ContactForm } from './ContactForm';

/** /contacts/new: the create form; the new contact's page opens once it is saved. */
export function NewContactPage() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/contacts" className="text-primary underline-offset-2 hover:underline">
          Contacts
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold">New contact</h1>
      <ContactForm onSaved={(contact) => navigate(`/contacts/${contact.id}`)} onCancel={() => navigate('/contacts')} />
    </div>
  );
}
