import { type ReactElement } from 'react';
import { AreaRoutes, lazyPage, type PageTable } from '@marketplace/shared';
import { routes } from './routes.json';

// Every page is in its own chunk but the reset flow's steps, which share one; the /myaccount/… pages are one screen that picks its sub-screen.
const LoginPage = lazyPage(
  () => import('./pages/login/LoginPage'),
  (m) => m.LoginPage,
);
const SignupPage = lazyPage(
  () => import('./pages/signup/SignupPage'),
  (m) => m.SignupPage,
);
const ForgetPasswordPage = lazyPage(
  () => import('./pages/password-reset'),
  (m) => m.ForgetPasswordPage,
);
const OtpResetPage = lazyPage(
  () => import('./pages/password-reset'),
  (m) => m.OtpResetPage,
);
const NewPasswordPage = lazyPage(
  () => import('./pages/password-reset'),
  (m) => m.NewPasswordPage,
);
const ChangePasswordPage = lazyPage(
  () => import('./pages/change-password/ChangePasswordPage'),
  (m) => m.ChangePasswordPage,
);
const MyAccountPage = lazyPage(
  () => import('./pages/myaccount/MyAccountPage'),
  (m) => m.MyAccountPage,
);

/** Every route of routes.json (the paths the account's release serves), by its pattern. */
export const ACCOUNT_PAGES: PageTable = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgetpassword': ForgetPasswordPage,
  '/otpresetpass': OtpResetPage,
  '/changepassword': ChangePasswordPage,
  '/newpassword': NewPasswordPage,
  '/myaccount': MyAccountPage,
  ...Object.fromEntries(routes.filter((path) => path.startsWith('/myaccount/')).map((path) => [path, MyAccountPage])),
};

export default function AccountApp(): ReactElement {
  return <AreaRoutes pages={ACCOUNT_PAGES} />;
}
