import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { ResetPasswordBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useResetPassword } from "../api/reset-password";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";

const PasswordOnlySchema = ResetPasswordBodySchema.pick({ password: true });

/** Sets a new password from the mailed `token`; on success shows the server's message and a Log In link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const _ = useT();
  const serverText = useServerText();
  const { errorText, fieldError } = useErrorText();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(PasswordOnlySchema), defaultValues: { password: "" } });

  if (!token) {
    return (
      <p className="form-error" role="alert">
        <Trans id="auth.reset.incomplete" components={{ 0: <Link to={paths.forgotPassword} /> }} />
      </p>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="auth-form">
        <p className="form-success" role="status">
          {serverText(reset.data.message, "auth.reset.done")}
        </p>
        <p>
          <Link to={paths.login()}>{_("account.logIn")}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}>
      {reset.isError && (
        <p className="form-error" role="alert">
          {errorText(reset.error)}
        </p>
      )}
      <TextField
        label={_("auth.newPassword")}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors.password?.message)}
        {...register("password")}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
        {_("auth.reset.title")}
      </button>
    </form>
  );
}
