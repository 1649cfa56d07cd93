import { type ComponentType, type ReactElement } from 'react';
import { AreaRoutes, MY_ACCOUNT_PAGES } from '@marketplace/shared';
import LoginPage from './auth/LoginPage';
import SignupPage from './auth/SignupPage';
import ForgetPasswordPage from './auth/ForgetPasswordPage';
import OtpResetPage from './auth/OtpResetPage';
import ChangePasswordPage from './auth/ChangePasswordPage';
import NewPasswordPage from './auth/NewPasswordPage';
import AccountArea from './myaccount/AccountArea';

/** Every account route of shared/src/routes.ts; /myaccount/* is one screen that picks its sub-screen. */
const PAGES: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgetpassword': ForgetPasswordPage,
  '/otpresetpass': OtpResetPage,
  '/changepassword': ChangePasswordPage,
  '/newpassword': NewPasswordPage,
  '/myaccount': AccountArea,
  ...Object.fromEntries(MY_ACCOUNT_PAGES.map((page) => [`/myaccount/${page}`, AccountArea])),
};

export default function AccountApp(): ReactElement {
  return <AreaRoutes pages={PAGES} />;
}
