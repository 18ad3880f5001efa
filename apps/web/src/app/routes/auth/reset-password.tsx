import { useSearchParams } from "react-router";
import { ResetPasswordForm } from "@/features/session/components/reset-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/reset_password?token=`: choose a new password from the mailed link. */
export default function ResetPasswordRoute() {
  const _ = useT();
  useDocumentTitle(_("auth.reset.title"));
  const [params] = useSearchParams();
  return (
    <div className="page page--narrow auth-page">
      <h1>{_("auth.reset.title")}</h1>
      <ResetPasswordForm token={params.get("token") ?? ""} />
    </div>
  );
}
