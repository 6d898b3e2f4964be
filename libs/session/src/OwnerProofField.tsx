import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { Field, Input } from '@crm/ui';

/** The fields of a form that proves the account is the user's: the password, or a current code in its place. */
type ProofValues = { password?: string; otp_code?: string };

export type OwnerProofFieldProps<T extends FieldValues & ProofValues> = {
  /** A code from the authenticator app (or e-mailed) instead of the password. */
  byCode: boolean;
  register: UseFormRegister<T>;
  errors: FieldErrors<ProofValues>;
};

/** The password field, or the verification code field, with its error beside it (re-authentication, restoring a held address). */
export function OwnerProofField<T extends FieldValues & ProofValues>({ byCode, register, errors }: OwnerProofFieldProps<T>) {
  return byCode ? (
    <Field label="Verification code" error={errors.otp_code?.message} required>
      <Input {...register('otp_code' as Path<T>)} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" spellCheck={false} />
    </Field>
  ) : (
    <Field label="Password" error={errors.password?.message} required>
      <Input {...register('password' as Path<T>)} type="password" autoComplete="current-password" />
    </Field>
  );
}
