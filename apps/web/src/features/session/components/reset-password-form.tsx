import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { ResetPasswordBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useResetPassword } from "../api/reset-password";

const PasswordOnlySchema = ResetPasswordBodySchema.pick({ password: true });

/** Sets a new password from the mailed `token`; on success shows the server's message and a Log In link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(PasswordOnlySchema), defaultValues: { password: "" } });

  if (!token) {
    return (
      <p className="form-error" role="alert">
        This reset link is incomplete. Request a new one from <Link to={paths.forgotPassword}>Forgot Password</Link>.
      </p>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="auth-form">
        <p className="form-success" role="status">
          {reset.data.message || "Your password has been changed."}
        </p>
        <p>
          <Link to={paths.login()}>Log In</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}>
      {reset.isError && (
        <p className="form-error" role="alert">
          {errorMessage(reset.error)}
        </p>
      )}
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
        Reset Password
      </button>
    </form>
  );
}
