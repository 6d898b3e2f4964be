export const ERROR_SCREEN_TITLE = 'An Error Occurred';
export const ERROR_SCREEN_TEXT =
  "The application detected an error, and it's been reported to the application development team.";

export type ErrorScreenProps = {
  /** Where "Go to the home page" leads (a full page load, so a broken router cannot trap the user). */
  homeHref?: string;
};

/**
 * The error screen of spec part 1 §2. It needs no router, brand or session, so it can show
 * whatever failed.
 */
export function ErrorScreen({ homeHref = '/' }: ErrorScreenProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-bg p-6 text-text">
      <div className="max-w-lg rounded border border-border bg-surface p-8 text-center shadow-sm">
        <h1 className="text-2xl font-semibold">{ERROR_SCREEN_TITLE}</h1>
        <p className="mt-3 text-muted">{ERROR_SCREEN_TEXT}</p>
        <p className="mt-6 flex flex-wrap justify-center gap-4">
          <a href={homeHref} className="font-medium text-primary">
            Go to the home page
          </a>
          <button
            type="button"
            className="cursor-pointer font-medium text-primary underline underline-offset-2"
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
        </p>
      </div>
    </main>
  );
}
