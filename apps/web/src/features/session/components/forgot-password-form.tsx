import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { ForgotPasswordBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useForgotPassword } from "../api/forgot-password";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";

/** Asks for a password-reset mail; shows the server's answer in place of the form. */
export function ForgotPasswordForm() {
  const _ = useT();
  const serverText = useServerText();
  const { errorText, fieldError } = useErrorText();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordBodySchema), defaultValues: { email: "" } });

  if (forgot.isSuccess) {
    return (
      <div className="auth-form">
        <p className="form-success" role="status">
          {serverText(forgot.data.message, "auth.forgot.done")}
        </p>
        <p>
          <Link to={paths.login()}>{_("account.logIn")}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit((values) => forgot.mutate(values))}>
      {forgot.isError && (
        <p className="form-error" role="alert">
          {errorText(forgot.error)}
        </p>
      )}
      <TextField
        label={_("auth.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...register("email")}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={forgot.isPending}>
        {_("auth.forgot.submit")}
      </button>
      <p className="auth-form__links">
        <Link to={paths.login()}>{_("auth.forgot.back")}</Link>
      </p>
    </form>
  );
}
