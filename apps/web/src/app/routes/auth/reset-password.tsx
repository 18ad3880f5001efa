import { useSearchParams } from "react-router";
import { ResetPasswordForm } from "@/features/session/components/reset-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/reset_password?token=`: choose a new password from the mailed link. */
export default function ResetPasswordRoute() {
  useDocumentTitle("Reset Password");
  const [params] = useSearchParams();
  return (
    <div className="page page--narrow auth-page">
      <h1>Reset Password</h1>
      <ResetPasswordForm token={params.get("token") ?? ""} />
    </div>
  );
}
