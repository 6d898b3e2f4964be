import { Link } from 'react-router-dom';

/** Any unknown path inside the signed-in frame (rendered in the frame's main landmark). */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-12 text-center">
      <h1 id="not-found-title" className="text-2xl font-semibold">
        Page not found
      </h1>
      <p className="mt-3 text-muted">The page you asked for does not exist or has moved.</p>
      <p className="mt-6">
        <Link to="/" className="font-medium text-primary">
          Go to the dashboard
        </Link>
      </p>
    </section>
  );
}
