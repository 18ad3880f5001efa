import { useNavigate, useSearchParams } from "react-router";
import { safeNext } from "@/config/paths";
import { LoginForm } from "@/features/session/components/login-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/login`: on success returns to `?next` (same-site paths only) or `/`. */
export default function LoginRoute() {
  const _ = useT();
  useDocumentTitle(_("account.logIn"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="page page--narrow auth-page">
      <h1>{_("account.logIn")}</h1>
      <LoginForm onSuccess={() => void navigate(safeNext(params.get("next")), { replace: true })} />
    </div>
  );
}
