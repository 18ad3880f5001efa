import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { type Session } from "@site/contract";
import { LoginBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useLogin } from "../api/login";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";

/**
 * Log-in form: Email, Password, 'Log In'. Validates with the contract's LoginBodySchema, then
 * POSTs /api/auth/login; a refusal shows the server's message. `onSuccess` gets the new session
 * (already stored under ['session']). The Email field takes focus on mount: the page exists to be
 * typed into, so keyboard and screen-reader users start in its first field (#17 §7).
 */
export function LoginForm({ onSuccess }: { onSuccess: (session: Session) => void }) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginBodySchema), defaultValues: { email: "", password: "" } });

  useEffect(() => setFocus("email"), [setFocus]);

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit((values) => login.mutate(values, { onSuccess }))}>
      {login.isError && (
        <p className="form-error" role="alert">
          {errorText(login.error)}
        </p>
      )}
      <TextField
        label={_("auth.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...register("email")}
      />
      <TextField
        label={_("auth.password")}
        type="password"
        autoComplete="current-password"
        error={fieldError(errors.password?.message)}
        {...register("password")}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
        {_("account.logIn")}
      </button>
      <p className="auth-form__links">
        <Link to={paths.forgotPassword}>{_("auth.login.forgot")}</Link>
        <span>
          <Trans id="auth.login.noAccount" components={{ 0: <Link to={paths.signup} /> }} />
        </span>
      </p>
    </form>
  );
}
