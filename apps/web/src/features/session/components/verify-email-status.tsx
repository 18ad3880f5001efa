import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useVerifyEmail } from "../api/verify-email";

/**
 * Posts the mailed verification `token` once on arrival and shows the outcome with a Log In link.
 */
export function VerifyEmailStatus({ token }: { token: string }) {
  const _ = useT();
  const serverText = useServerText();
  const { errorText } = useErrorText();
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
          {_("ui.verifyEmail.incomplete")}
        </p>
      ) : verify.isSuccess ? (
        <p className="form-success" role="status">
          {serverText(verify.data.message, "ui.verifyEmail.done")}
        </p>
      ) : verify.isError ? (
        <p className="form-error" role="alert">
          {errorText(verify.error)}
        </p>
      ) : (
        <p className="loading" role="status">
          {_("ui.verifyEmail.verifying")}
        </p>
      )}
      <p>
        <Link to={paths.login()}>{_("account.logIn")}</Link>
      </p>
    </div>
  );
}
