import { SignupForm } from "@/features/session/components/signup-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/signup`: create an account; the answer asks the user to check their email. */
export default function SignupRoute() {
  const _ = useT();
  useDocumentTitle(_("account.signUp"));
  return (
    <div className="page page--narrow auth-page">
      <h1>{_("account.signUp")}</h1>
      <SignupForm />
    </div>
  );
}
