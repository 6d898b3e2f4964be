import { Link } from 'react-router-dom';
import { useBrand } from '@crm/variant';

export type BrandMarkProps = { to?: string };

/** The brand's logo and name, linking home. The logo is decorative: the name labels the link. */
export function BrandMark({ to = '/' }: BrandMarkProps) {
  const brand = useBrand();
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-semibold text-text no-underline">
      <img src={brand.logo} alt="" className="h-8 w-auto" />
      <span className="text-lg">{brand.name}</span>
    </Link>
  );
}
