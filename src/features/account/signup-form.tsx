import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useSignup } from '@/api/auth';
import { ApiRequestError } from '@/api/client';
import { errorText } from '@/api/error-text';
import { BusyButton } from '@/components/busy-button';
import { Modal } from '@/components/modal';
import { PasswordInput } from '@/components/password-input';
import { reloadSoon } from '@/components/reload';
import { TermsText } from '@/components/terms-text';
import { signupRequestSchema } from '@/contract/validation';
import { accountErrorMessages } from './account-error-text';
import { fieldErrors } from './field-errors';
import { FormField } from './form-field';
import { translateValidation } from './translated-validation';
import './auth-form.css';
import './signup-form.css';

const emptyForm = { username: '', email: '', password: '', confirmPassword: '' };
type FieldName = keyof typeof emptyForm;

/** The form's field a refusal names (a taken username or email), where its text belongs. */
function refusedField(error: unknown): FieldName | undefined {
  const field = error instanceof ApiRequestError ? error.details[0]?.field : undefined;
  return field !== undefined && Object.hasOwn(emptyForm, field) ? (field as FieldName) : undefined;
}

export function SignupForm() {
  const { t, i18n } = useLingui();
  const id = useId();
  const signup = useSignup();
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §2: submitting is blocked until the terms are accepted; the form says so beside the box.
    setTermsMissing(!termsAccepted);
    const parsed = signupRequestSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success || !termsAccepted) return;
    signup.mutate(parsed.data, {
      onSuccess: reloadSoon,
      // The field the server refused takes the focus: its text is beside it.
      onError: (refusal) => {
        const field = refusedField(refusal);
        if (field) document.getElementById(`${id}-${field}`)?.focus();
      },
    });
  };

  const serverField = signup.isError ? refusedField(signup.error) : undefined;
  const serverError = signup.isError ? errorText(signup.error, i18n, accountErrorMessages) : undefined;

  const error = (name: FieldName) =>
    translateValidation(errors[name], i18n) ?? (name === serverField ? serverError : undefined);
  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    value: values[name],
    'aria-invalid': Boolean(error(name)),
    'aria-describedby': error(name) ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <h1>
        <Trans>Sign up</Trans>
      </h1>
      <FormField id={`${id}-username`} label={<Trans>Username</Trans>} error={error('username')}>
        <input type="text" autoComplete="username" {...field('username')} />
      </FormField>
      <FormField id={`${id}-email`} label={<Trans>Email</Trans>} error={error('email')}>
        <input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <FormField id={`${id}-password`} label={<Trans>Password</Trans>} error={error('password')}>
        <PasswordInput autoComplete="new-password" {...field('password')} />
      </FormField>
      <FormField id={`${id}-confirmPassword`} label={<Trans>Confirm password</Trans>} error={error('confirmPassword')}>
        <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
      <div className="terms-row">
        <input
          id={`${id}-terms`}
          type="checkbox"
          checked={termsAccepted}
          aria-invalid={termsMissing}
          aria-describedby={termsMissing ? `${id}-terms-error` : undefined}
          onChange={(event) => {
            setTermsAccepted(event.target.checked);
            if (event.target.checked) setTermsMissing(false);
          }}
        />
        <label htmlFor={`${id}-terms`}>
          <Trans>I accept the terms and conditions</Trans>
        </label>
        <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
          <Trans>Read the terms</Trans>
        </button>
        {termsMissing ? (
          <p id={`${id}-terms-error`} className="form-error terms-error" role="alert">
            <Trans>Please accept the terms and conditions to sign up.</Trans>
          </p>
        ) : null}
      </div>
      {serverError && !serverField ? (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      ) : null}
      <BusyButton type="submit" className="button button-primary" busy={signup.isPending}>
        <Trans>Register for free</Trans>
      </BusyButton>
      <p className="form-switch">
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </p>
      {termsOpen ? (
        <Modal title={t`Terms and conditions`} onClose={() => setTermsOpen(false)}>
          <TermsText />
        </Modal>
      ) : null}
    </form>
  );
}
