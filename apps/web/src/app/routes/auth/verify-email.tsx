import { useSearchParams } from "react-router";
import { VerifyEmailStatus } from "@/features/session/components/verify-email-status";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/verify_email?token=`: posts the token automatically and shows the result. */
export default function VerifyEmailRoute() {
  useDocumentTitle("Verify Email");
  const [params] = useSearchParams();
  return (
    <div className="page page--narrow auth-page">
      <h1>Verify Email</h1>
      <VerifyEmailStatus token={params.get("token") ?? ""} />
    </div>
  );
}
