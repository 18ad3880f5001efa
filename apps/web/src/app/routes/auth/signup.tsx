import { SignupForm } from "@/features/session/components/signup-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/signup`: create an account; the answer asks the user to check their email. */
export default function SignupRoute() {
  useDocumentTitle("Sign Up");
  return (
    <div className="page page--narrow auth-page">
      <h1>Sign Up</h1>
      <SignupForm />
    </div>
  );
}
