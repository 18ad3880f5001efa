import { ForgotPasswordForm } from "@/features/session/components/forgot-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/forgot_password`: request a reset link by email. */
export default function ForgotPasswordRoute() {
  const _ = useT();
  useDocumentTitle(_("auth.forgot.title"));
  return (
    <div className="page page--narrow auth-page">
      <h1>{_("auth.forgot.title")}</h1>
      <ForgotPasswordForm />
    </div>
  );
}
