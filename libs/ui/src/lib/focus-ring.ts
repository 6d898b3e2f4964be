/** The focus ring every interactive element of the design system uses (keyboard focus only). */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
