import { useId, type InputHTMLAttributes, type Ref } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Visible label; also the input's accessible name. */
  label: string;
  /** Validation message shown under the input and linked via aria-describedby. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error (works with react-hook-form's `register`, which passes a ref). */
export function TextField({ label, error, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
