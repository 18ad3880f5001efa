import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { type Session } from "@site/contract";
import { LoginBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useLogin } from "../api/login";

/**
 * Log-in form: Email, Password, 'Log In'. Validates with the contract's LoginBodySchema, then
 * POSTs /api/auth/login; a refusal shows the server's message. `onSuccess` gets the new session
 * (already stored under ['session']). The Email field takes focus on mount: the page exists to be
 * typed into, so keyboard and screen-reader users start in its first field (#17 §7).
 */
export function LoginForm({ onSuccess }: { onSuccess: (session: Session) => void }) {
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
          {errorMessage(login.error)}
        </p>
      )}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
        Log In
      </button>
      <p className="auth-form__links">
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
        <span>
          No account? <Link to={paths.signup}>Sign Up</Link>
        </span>
      </p>
    </form>
  );
}
