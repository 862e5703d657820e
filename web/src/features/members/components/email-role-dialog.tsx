import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { emailAddress, EMAIL_MAX_LENGTH, type InvitableRole } from '@shared/schemas/member';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { ApiError } from '@/lib/api-client';
import { INVITE_SUCCESS_CLOSE_MS } from '../api/invitations';
import { RoleChoice } from './role-choice';
import './members.css';

export interface EmailRoleOutcome {
  readonly message: string;
  /** Close by itself after INVITE_SUCCESS_CLOSE_MS (spec core §4); otherwise the user closes it. */
  readonly closesByItself: boolean;
}

export interface EmailRoleInput {
  readonly email: string;
  readonly role: InvitableRole;
}

export interface EmailRoleDialogProps<TResult> {
  title: string;
  description: string;
  submitLabel: string;
  /** Sends the e-mail and role. */
  mutation: UseMutationResult<TResult, Error, EmailRoleInput, unknown>;
  /** What to tell the user once it is done. */
  outcomeOf: (result: TResult, input: EmailRoleInput) => EmailRoleOutcome;
  /** The alert text for a failed submit. */
  errorMessage: (error: unknown) => string;
  onClose: () => void;
}

/** The form of Invite Member and Add Member: Email (required) and Role, then the outcome in place of the form. */
export function EmailRoleDialog<TResult>({ title, description, submitLabel, mutation, outcomeOf, errorMessage, onClose }: EmailRoleDialogProps<TResult>) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [emailError, setEmailError] = useState<string>();
  const [outcome, setOutcome] = useState<EmailRoleOutcome>();
  const pending = mutation.isPending;
  const error = mutation.error ? errorMessage(mutation.error) : undefined;
  const emailRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!outcome) return undefined;
    // The form (and the focused button) just went away: keep focus inside the dialog.
    doneRef.current?.focus();
    if (!outcome.closesByItself) return undefined;
    const timer = window.setTimeout(onClose, INVITE_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onClose]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailAddress.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      emailRef.current?.focus();
      return;
    }
    const input = { email: parsed.data, role };
    mutation.mutate(input, {
      onSuccess: (result) => setOutcome(outcomeOf(result, input)),
      onError: (caught) => {
        if (caught instanceof ApiError && caught.status === 400) setEmailError(caught.fieldMessage('email'));
      },
    });
  };

  return (
    <Dialog title={title} description={description} onClose={onClose} initialFocusRef={emailRef}>
      {outcome ? (
        <div className="form">
          <Notice>{outcome.message}</Notice>
          <div className="form-actions">
            <Button ref={doneRef} variant="primary" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit}>
          {error ? <Alert>{error}</Alert> : null}
          <Field
            ref={emailRef}
            label="Email"
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
            placeholder="colleague@example.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(undefined);
            }}
            error={emailError}
          />
          <RoleChoice value={role} onChange={setRole} disabled={pending} />
          <FormFooter submitLabel={submitLabel} pending={pending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
