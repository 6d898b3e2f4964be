export type FormErrorProps = {
  /** The message; nothing is shown without one (the live region stays so it is announced). */
  message: string | null | undefined;
  id?: string;
};

/** A form-level error (not tied to one field), announced when it appears. */
export function FormError({ message, id }: FormErrorProps) {
  return (
    <div
      id={id}
      role="alert"
      aria-live="assertive"
      className={
        message
          ? 'rounded border border-danger px-3 py-2 text-sm font-medium text-danger'
          : undefined
      }
    >
      {message ?? null}
    </div>
  );
}
