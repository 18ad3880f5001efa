import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from "react";
import "./form-fields.css";

/**
 * Small labelled controls of the tournament, series and template forms. Each works with
 * react-hook-form's `register` (spread the result) or as a read-only display (`readOnly`).
 */

export function Select({
  label,
  options,
  readOnly,
  hint,
  ...rest
}: {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  readOnly?: boolean;
  hint?: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" disabled={readOnly || rest.disabled} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}

export function Checkbox({
  label,
  hint,
  ...rest
}: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="check-field">
      <input id={id} type="checkbox" {...rest} />
      <label htmlFor={id}>{label}</label>
      {hint && <span className="field__hint">{hint}</span>}
    </div>
  );
}

/** A group of radio buttons with a legend; `register` is spread onto each input. */
export function RadioGroup({
  legend,
  options,
  disabled,
  ...rest
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <fieldset className="radio-group" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <span key={o.value} className="radio-group__option">
          <input type="radio" id={`${id}-${o.value}`} value={o.value} {...rest} />
          <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
        </span>
      ))}
    </fieldset>
  );
}

/** A titled section of a long form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {children}
    </fieldset>
  );
}
