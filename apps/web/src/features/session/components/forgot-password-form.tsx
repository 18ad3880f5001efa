import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { ForgotPasswordBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useForgotPassword } from "../api/forgot-password";

/** Asks for a password-reset mail; shows the server's answer in place of the form. */
export function ForgotPasswordForm() {
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
          {forgot.data.message || "If an account uses that address, a reset link is on its way."}
        </p>
        <p>
          <Link to={paths.login()}>Log In</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit((values) => forgot.mutate(values))}>
      {forgot.isError && (
        <p className="form-error" role="alert">
          {errorMessage(forgot.error)}
        </p>
      )}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <button type="submit" className="btn btn--primary btn--block" disabled={forgot.isPending}>
        Send Reset Link
      </button>
      <p className="auth-form__links">
        <Link to={paths.login()}>Back to Log In</Link>
      </p>
    </form>
  );
}
