// The account's routes: the one place their facts are written. Its build writes them into the
// release (routes.json), from which the platform derives robots.txt and the page cache's
// invalidation; App.tsx renders the pages. Every page is private (the sign-in and account flows).
import type { ComponentType } from 'react';
import type { RouteManifest, RouteEntry } from '@marketplace/platform/route-manifest';

// Every page is in its own chunk but the reset flow's steps, which share one; the /myaccount/…
// pages are one screen that picks its sub-screen (one page: moving between them keeps it).
const myAccount = () => import('./pages/myaccount/MyAccountPage').then((m) => m.MyAccountPage);
const accountScreen: RouteEntry<ComponentType> = { load: myAccount, serverRendered: true, private: true };

export const routes = {
  '/signup': {
    load: () => import('./pages/signup/SignupPage').then((m) => m.SignupPage),
    serverRendered: true,
    private: true,
  },
  '/login': {
    load: () => import('./pages/login/LoginPage').then((m) => m.LoginPage),
    serverRendered: true,
    private: true,
  },
  '/forgetpassword': {
    load: () => import('./pages/password-reset').then((m) => m.ForgetPasswordPage),
    serverRendered: true,
    private: true,
  },
  '/otpresetpass': { load: () => import('./pages/password-reset').then((m) => m.OtpResetPage), private: true },
  '/newpassword': { load: () => import('./pages/password-reset').then((m) => m.NewPasswordPage), private: true },
  '/changepassword': {
    load: () => import('./pages/change-password/ChangePasswordPage').then((m) => m.ChangePasswordPage),
    private: true,
  },
  '/myaccount': accountScreen,
  '/myaccount/myprofile': accountScreen,
  '/myaccount/editprofile': accountScreen,
  '/myaccount/addressbook': accountScreen,
  '/myaccount/addaddress': accountScreen,
  '/myaccount/editaddress': accountScreen,
  '/myaccount/myorder': accountScreen,
  '/myaccount/manageorder': accountScreen,
  '/myaccount/trackorder': accountScreen,
  '/myaccount/mypayment': accountScreen,
  '/myaccount/cancellation': accountScreen,
  '/myaccount/couponoffer': accountScreen,
  '/myaccount/myproducts': accountScreen,
  '/myaccount/sales': accountScreen,
  '/myaccount/notifications': accountScreen,
} satisfies RouteManifest<ComponentType>;
