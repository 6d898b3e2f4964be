import { useBrand } from '@crm/variant';
import { BrandText } from './BrandText';
import { PublicLayout } from './PublicLayout';

/** /privacy-policy: the brand's privacy text. */
export function PrivacyPolicyPage() {
  const brand = useBrand();
  return (
    <PublicLayout>
      <h1 className="mb-6 text-3xl font-semibold">Privacy policy</h1>
      <BrandText text={brand.privacyText} />
    </PublicLayout>
  );
}
