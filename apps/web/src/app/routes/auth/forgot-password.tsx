import { ForgotPasswordForm } from "@/features/session/components/forgot-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/forgot_password`: request a reset link by email. */
export default function ForgotPasswordRoute() {
  useDocumentTitle("Forgot Password");
  return (
    <div className="page page--narrow auth-page">
      <h1>Forgot Password</h1>
      <ForgotPasswordForm />
    </div>
  );
}
