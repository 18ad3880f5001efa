import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { SignupBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useSignup } from "../api/signup";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";

/**
 * Sign-up form: Email, Password, 'Sign Up' (rules from SignupBodySchema). On success the form is
 * replaced by the server's message, normally 'Check your email for a verification link.'.
 */
export function SignupForm() {
  const _ = useT();
  const serverText = useServerText();
  const { errorText, fieldError } = useErrorText();
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(SignupBodySchema), defaultValues: { email: "", password: "" } });

  if (signup.isSuccess) {
    return (
      <div className="auth-form">
        <p className="form-success" role="status">
          {serverText(signup.data.message, "auth.signup.done")}
        </p>
        <p>
          <Link to={paths.login()}>{_("account.logIn")}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit((values) => signup.mutate(values))}>
      {signup.isError && (
        <p className="form-error" role="alert">
          {errorText(signup.error)}
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
        autoComplete="new-password"
        error={fieldError(errors.password?.message)}
        {...register("password")}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={signup.isPending}>
        {_("account.signUp")}
      </button>
      <p className="auth-form__links">
        <span>
          <Trans id="auth.signup.haveAccount" components={{ 0: <Link to={paths.login()} /> }} />
        </span>
      </p>
    </form>
  );
}
