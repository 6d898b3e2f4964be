import { cn } from '@crm/ui';
import { useBrand } from '@crm/variant';

export type SupportContactsProps = { className?: string };

/** The brand's support e-mail and phone as links (contact page and help dialog). */
export function SupportContacts({ className }: SupportContactsProps) {
  const brand = useBrand();
  const tel = brand.supportPhone.replace(/[^\d+]/g, '');
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4', className)}>
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
  );
}
