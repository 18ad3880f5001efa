import { z } from "zod";
import { endpoint, OkSchema } from "./common.js";
import { LIMITS, SiteLanguageSchema, SiteRoleSchema, ThemeSchema } from "./reference.js";

/** What the browser may show and do; mirrors the server's permission module (000 §6). */
export const PermissionsSchema = z.object({
  canAdministrate: z.boolean(),
  canModerate: z.boolean(),
  canEventAdministrate: z.boolean(),
  canEventModerate: z.boolean(),
});
export type Permissions = z.infer<typeof PermissionsSchema>;

/** The signed-in user as the page shell needs it. Never carries the password hash. */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  player_id: z.number().int().nullable(),
  display_name: z.string().nullable(),
  roles: z.array(SiteRoleSchema),
  is_supporter: z.boolean(),
  site_theme: ThemeSchema,
  /** The account's interface language (#21), or null: then the `lang` cookie, Accept-Language, en. */
  language: SiteLanguageSchema.nullable(),
  unread_notifications: z.number().int(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** `GET /api/session`: the current user (or null), the CSRF token and the permission flags. */
export const SessionSchema = z.object({
  user: SessionUserSchema.nullable(),
  csrfToken: z.string(),
  permissions: PermissionsSchema,
});
export type Session = z.infer<typeof SessionSchema>;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email)
  .pipe(z.email({ message: "Enter a valid email address." }));
const password = z
  .string()
  .min(LIMITS.password.min, `Passwords must be at least ${LIMITS.password.min} characters.`)
  .max(LIMITS.password.max, `Passwords may be at most ${LIMITS.password.max} characters.`);

export const SignupBodySchema = z.object({ email, password });
export const LoginBodySchema = z.object({ email, password: z.string().min(1, "Enter your password.").max(LIMITS.password.max) });
export const VerifyEmailBodySchema = z.object({ token: z.string().min(1).max(200) });
export const ForgotPasswordBodySchema = z.object({ email });
export const ResetPasswordBodySchema = z.object({ token: z.string().min(1).max(200), password });
export const ThemeBodySchema = z.object({ site_theme: ThemeSchema });
/** `POST /api/session/language`: one of SITE_LANGUAGES (#21). */
export const LanguageBodySchema = z.object({ language: SiteLanguageSchema });

export type SignupBody = z.infer<typeof SignupBodySchema>;
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** Account calls (issue: foundation §5). Every POST needs the CSRF token. */
export const sessionEndpoints = {
  get: endpoint({ method: "GET", path: "/api/session", response: SessionSchema, summary: "Current session, CSRF token and permissions" }),
  signup: endpoint({
    method: "POST",
    path: "/api/auth/signup",
    body: SignupBodySchema,
    response: OkSchema,
    summary: "Create an account and mail a verification link",
  }),
  login: endpoint({
    method: "POST",
    path: "/api/auth/login",
    body: LoginBodySchema,
    response: SessionSchema,
    summary: "Log in with email and password",
  }),
  logout: endpoint({ method: "POST", path: "/api/auth/logout", response: SessionSchema, summary: "Log out" }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/auth/verify_email",
    body: VerifyEmailBodySchema,
    response: OkSchema,
    summary: "Confirm an email address from the mailed token",
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/auth/forgot_password",
    body: ForgotPasswordBodySchema,
    response: OkSchema,
    summary: "Mail a password-reset link",
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/auth/reset_password",
    body: ResetPasswordBodySchema,
    response: OkSchema,
    summary: "Set a new password from the mailed token",
  }),
  theme: endpoint({
    method: "POST",
    path: "/api/session/theme",
    body: ThemeBodySchema,
    response: SessionSchema,
    summary: "Choose the site theme of the signed-in user",
  }),
  language: endpoint({
    method: "POST",
    path: "/api/session/language",
    body: LanguageBodySchema,
    response: SessionSchema,
    summary: "Choose the interface language of the signed-in user (#21)",
  }),
};
