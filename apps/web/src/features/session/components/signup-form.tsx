import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { SignupBodySchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useSignup } from "../api/signup";

const FALLBACK_MESSAGE = "Check your email for a verification link.";

/**
 * Sign-up form: Email, Password, 'Sign Up' (rules from SignupBodySchema). On success the form is
 * replaced by the server's message, normally 'Check your email for a verification link.'.
 */
export function SignupForm() {
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
          {signup.data.message || FALLBACK_MESSAGE}
        </p>
        <p>
          <Link to={paths.login()}>Log In</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit((values) => signup.mutate(values))}>
      {signup.isError && (
        <p className="form-error" role="alert">
          {errorMessage(signup.error)}
        </p>
      )}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register("password")} />
      <button type="submit" className="btn btn--primary btn--block" disabled={signup.isPending}>
        Sign Up
      </button>
      <p className="auth-form__links">
        <span>
          Already have an account? <Link to={paths.login()}>Log In</Link>
        </span>
      </p>
    </form>
  );
}
