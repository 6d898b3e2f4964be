import { useBrand } from '@crm/variant';
import { SupportContacts } from '../support/SupportContacts';
import { PublicLayout } from './PublicLayout';

/** /contact-us: the brand's support e-mail and phone. */
export function ContactUsPage() {
  const brand = useBrand();
  return (
    <PublicLayout>
      <h1 className="text-3xl font-semibold">Contact us</h1>
      <p className="mt-4 text-muted">
        Questions about your {brand.name} account, billing or a feature? Our support team is glad to
        help.
      </p>
      <SupportContacts className="mt-6 gap-y-4 rounded border border-border bg-surface p-6" />
    </PublicLayout>
  );
}
