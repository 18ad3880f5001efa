import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useVerifyEmail } from "../api/verify-email";

/**
 * Posts the mailed verification `token` once on arrival and shows the outcome with a Log In link.
 */
export function VerifyEmailStatus({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // StrictMode runs effects twice in development; a token can be used only once, so guard it.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  return (
    <div className="auth-form">
      {!token ? (
        <p className="form-error" role="alert">
          This verification link is incomplete.
        </p>
      ) : verify.isSuccess ? (
        <p className="form-success" role="status">
          {verify.data.message || "Your email address has been verified."}
        </p>
      ) : verify.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(verify.error)}
        </p>
      ) : (
        <p className="loading" role="status">
          Verifying your email address...
        </p>
      )}
      <p>
        <Link to={paths.login()}>Log In</Link>
      </p>
    </div>
  );
}
