import { Link } from 'react-router-dom';
import { useBrand } from '@crm/variant';

export type BrandMarkProps = {
  to?: string;
  /** On phone-sized screens show the logo only (the name still labels the link). */
  compact?: boolean;
};

/** The brand's logo and name, linking home. The logo is decorative: the name labels the link. */
export function BrandMark({ to = '/', compact = false }: BrandMarkProps) {
  const brand = useBrand();
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-semibold text-text no-underline">
      <img src={brand.logo} alt="" className="h-8 w-auto" />
      <span className={compact ? 'sr-only text-lg sm:not-sr-only' : 'text-lg'}>{brand.name}</span>
    </Link>
  );
}
