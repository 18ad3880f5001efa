import { useSearchParams } from "react-router";
import { VerifyEmailStatus } from "@/features/session/components/verify-email-status";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/verify_email?token=`: posts the token automatically and shows the result. */
export default function VerifyEmailRoute() {
  const _ = useT();
  useDocumentTitle(_("ui.verifyEmail.title"));
  const [params] = useSearchParams();
  return (
    <div className="page page--narrow auth-page">
      <h1>{_("ui.verifyEmail.title")}</h1>
      <VerifyEmailStatus token={params.get("token") ?? ""} />
    </div>
  );
}
