import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useLogin } from '@/api/auth';
import { errorText } from '@/api/error-text';
import { BusyButton } from '@/components/busy-button';
import { PasswordInput } from '@/components/password-input';
import { reloadSoon } from '@/components/reload';
import { loginRequestSchema } from '@/contract/validation';
import { accountErrorMessages } from './account-error-text';
import { fieldErrors } from './field-errors';
import { FormField } from './form-field';
import { translateValidation } from './translated-validation';
import './auth-form.css';

export function LoginForm() {
  const { i18n } = useLingui();
  const id = useId();
  const login = useLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, { onSuccess: reloadSoon });
  };

  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <h1>
        <Trans>Welcome back</Trans>
      </h1>
      <FormField id={`${id}-email`} label={<Trans>Email</Trans>} error={translateValidation(errors.email, i18n)}>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={values.email}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy('email')}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
        />
      </FormField>
      <FormField
        id={`${id}-password`}
        label={<Trans>Password</Trans>}
        error={translateValidation(errors.password, i18n)}
      >
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          value={values.password}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('password')}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
      </FormField>
      {login.isError ? (
        <p className="form-error" role="alert">
          {errorText(login.error, i18n, accountErrorMessages)}
        </p>
      ) : null}
      <BusyButton type="submit" className="button button-primary" busy={login.isPending}>
        <Trans>Log in</Trans>
      </BusyButton>
      <p className="form-switch">
        <Link to="/signup">
          <Trans>Register for free</Trans>
        </Link>
      </p>
    </form>
  );
}
