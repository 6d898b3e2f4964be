import { useBrand } from '@crm/variant';
import { cn } from '@crm/ui';

export type BrandLogoProps = { className?: string };

/** The brand's logo as a meaningful image (its alt text is the brand name). */
export function BrandLogo({ className }: BrandLogoProps) {
  const brand = useBrand();
  return <img src={brand.logo} alt={brand.name} className={cn('h-12 w-auto', className)} />;
}
