import type { ReactNode } from 'react';
import './form-field.css';

type FormFieldProps = { id: string; label: ReactNode; error: string | undefined; children: ReactNode };

export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
