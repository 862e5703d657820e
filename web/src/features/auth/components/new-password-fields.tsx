import { useState, type ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { passwordMismatch } from '../api/auth-errors';

export interface NewPassword {
  password: string;
  confirmation: string;
  mismatch: string | undefined;
  setPassword: (value: string) => void;
  /** Also clears a shown mismatch: it is checked again on the next submit. */
  setConfirmation: (value: string) => void;
  /** For submit: shows 'Passwords do not match' under the confirmation when they differ; true when they match. */
  confirmMatches: () => boolean;
}

/** A new password and its confirmation, as the register and reset-password forms ask for them. */
export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmationValue] = useState('');
  const [mismatch, setMismatch] = useState<string>();
  return {
    password,
    confirmation,
    mismatch,
    setPassword,
    setConfirmation: (value) => {
      setConfirmationValue(value);
      setMismatch(undefined);
    },
    confirmMatches: () => {
      const difference = passwordMismatch(password, confirmation);
      setMismatch(difference);
      return !difference;
    },
  };
}

export interface NewPasswordFieldsProps {
  state: NewPassword;
  passwordLabel: string;
  passwordName: string;
  passwordHint?: ReactNode;
  confirmationLabel: string;
  confirmationName: string;
}

/** What both inputs share: a new password, which the browser may offer to generate and save. */
const NEW_PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password', required: true } as const;

/** The two password inputs of {@link useNewPassword}, the mismatch shown under the second. */
export function NewPasswordFields({ state, passwordLabel, passwordName, passwordHint, confirmationLabel, confirmationName }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        {...NEW_PASSWORD_INPUT}
        label={passwordLabel}
        name={passwordName}
        value={state.password}
        onChange={(event) => state.setPassword(event.target.value)}
        hint={passwordHint}
      />
      <Field
        {...NEW_PASSWORD_INPUT}
        label={confirmationLabel}
        name={confirmationName}
        value={state.confirmation}
        onChange={(event) => state.setConfirmation(event.target.value)}
        error={state.mismatch}
      />
    </>
  );
}
