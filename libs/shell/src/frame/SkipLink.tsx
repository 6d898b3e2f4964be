export const MAIN_CONTENT_ID = 'main-content';

export type SkipLinkProps = { targetId?: string };

/** First focusable element of every page: jumps past the header to the main landmark. */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only rounded bg-surface px-4 py-2 font-medium text-text focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}
