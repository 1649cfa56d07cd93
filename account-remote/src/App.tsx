import { type ReactElement } from 'react';
import { AreaRoutes, type PageTable } from '@marketplace/shared';
import LoginPage from './auth/LoginPage';
import SignupPage from './auth/SignupPage';
import ForgetPasswordPage from './auth/ForgetPasswordPage';
import OtpResetPage from './auth/OtpResetPage';
import ChangePasswordPage from './auth/ChangePasswordPage';
import NewPasswordPage from './auth/NewPasswordPage';
import AccountArea from './myaccount/AccountArea';
import { routes } from './routes.json';

/** Every route of routes.json; the /myaccount/… pages are one screen that picks its sub-screen. */
export const ACCOUNT_PAGES: PageTable = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgetpassword': ForgetPasswordPage,
  '/otpresetpass': OtpResetPage,
  '/changepassword': ChangePasswordPage,
  '/newpassword': NewPasswordPage,
  '/myaccount': AccountArea,
  ...Object.fromEntries(routes.filter((path) => path.startsWith('/myaccount/')).map((path) => [path, AccountArea])),
};

export default function AccountApp(): ReactElement {
  return <AreaRoutes pages={ACCOUNT_PAGES} />;
}
