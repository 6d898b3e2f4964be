import { Link } from 'react-router-dom';

export type LegalLinksProps = { className?: string };

/** The brand's public pages every signed-out screen links to: contact, privacy policy, terms of use. */
export function LegalLinks({ className }: LegalLinksProps) {
  return (
    <nav aria-label="Legal and support" className={className}>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
        <li>
          <Link to="/contact-us" className="text-muted">
            Contact us
          </Link>
        </li>
        <li>
          <Link to="/privacy-policy" className="text-muted">
            Privacy policy
          </Link>
        </li>
        <li>
          <Link to="/terms-of-use" className="text-muted">
            Terms of use
          </Link>
        </li>
      </ul>
    </nav>
  );
}
