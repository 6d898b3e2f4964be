import { useBrand } from '@crm/variant';
import { PublicLayout } from './PublicLayout';

/** /contact-us: the brand's support e-mail and phone. */
export function ContactUsPage() {
  const brand = useBrand();
  const tel = brand.supportPhone.replace(/[^\d+]/g, '');
  return (
    <PublicLayout>
      <h1 className="text-3xl font-semibold">Contact us</h1>
      <p className="mt-4 text-muted">
        Questions about your {brand.name} account, billing or a feature? Our support team is glad to
        help.
      </p>
      <dl className="mt-6 grid gap-4 rounded border border-border bg-surface p-6 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">E-mail</dt>
        <dd>
          <a href={`mailto:${brand.supportEmail}`} className="text-primary">
            {brand.supportEmail}
          </a>
        </dd>
        <dt className="font-medium">Phone</dt>
        <dd>
          <a href={`tel:${tel}`} className="text-primary">
            {brand.supportPhone}
          </a>
        </dd>
      </dl>
    </PublicLayout>
  );
}
