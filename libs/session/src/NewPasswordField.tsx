import { useId } from 'react';
import { PASSWORD_HINT, type PasswordContext, type PasswordScore } from '@crm/password-rule';
import { Field, Input, cn, type InputProps } from '@crm/ui';
import { usePasswordVerdict } from './usePasswordVerdict';

export type NewPasswordFieldProps = Omit<InputProps, 'type' | 'value'> & {
  label?: string;
  /** The field's error (the form's, or the server's); it takes the place of the live feedback. */
  error?: string;
  /** What is typed (react-hook-form's watch('password')). */
  password: string;
  /** The account's words (passwordContextOf). */
  context: PasswordContext;
};

const STRENGTH: Record<PasswordScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};

/**
 * A new-password input with the password rule's feedback under it while the user types (zxcvbn's
 * warning and suggestions, the same text the server answers) and a strength hint. Spread
 * register('password') into it, like into Input.
 */
export function NewPasswordField({ label = 'New password', error, password, context, ...inputProps }: NewPasswordFieldProps) {
  const feedbackId = useId();
  const verdict = usePasswordVerdict(password, context);
  const score = verdict?.score ?? null;
  return (
    <div className="flex flex-col">
      <Field label={label} error={error} description={PASSWORD_HINT} required>
        <Input {...inputProps} type="password" autoComplete="new-password" aria-describedby={feedbackId} />
      </Field>
      <div id={feedbackId} aria-live="polite" className="mt-1 flex flex-col gap-1 text-sm">
        {verdict && (
          <>
            {score !== null && (
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="flex gap-0.5">
                  {[0, 1, 2, 3].map((step) => (
                    <span
                      key={step}
                      className={cn('h-1.5 w-8 rounded', step < score ? (verdict.ok ? 'bg-primary' : 'bg-danger') : 'bg-border')}
                    />
                  ))}
                </span>
                <span className="text-muted">Strength: {STRENGTH[score]}</span>
              </div>
            )}
            {verdict.message && !error && <p className="text-text">{verdict.message}</p>}
          </>
        )}
      </div>
    </div>
  );
}
