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
    link: 'signup',
  },
  '/login': {
    load: () => import('./pages/login/LoginPage').then((m) => m.LoginPage),
    serverRendered: true,
    private: true,
    link: 'login',
  },
  '/forgetpassword': {
    load: () => import('./pages/password-reset').then((m) => m.ForgetPasswordPage),
    serverRendered: true,
    private: true,
    link: 'forgetPassword',
  },
  '/otpresetpass': {
    load: () => import('./pages/password-reset').then((m) => m.OtpResetPage),
    private: true,
    link: 'otpReset',
  },
  '/newpassword': {
    load: () => import('./pages/password-reset').then((m) => m.NewPasswordPage),
    private: true,
    link: 'newPassword',
  },
  '/changepassword': {
    load: () => import('./pages/change-password/ChangePasswordPage').then((m) => m.ChangePasswordPage),
    private: true,
    link: 'changePassword',
  },
  '/myaccount': { ...accountScreen, link: 'myAccount' },
  '/myaccount/myprofile': { ...accountScreen, link: 'myProfile' },
  '/myaccount/editprofile': { ...accountScreen, link: 'editProfile' },
  '/myaccount/addressbook': { ...accountScreen, link: 'addressBook' },
  '/myaccount/addaddress': { ...accountScreen, link: 'addAddress' },
  '/myaccount/editaddress': { ...accountScreen, link: 'editAddress' },
  '/myaccount/myorder': { ...accountScreen, link: 'myOrders' },
  '/myaccount/manageorder': { ...accountScreen, link: 'manageOrder' },
  '/myaccount/trackorder': { ...accountScreen, link: 'trackOrder' },
  '/myaccount/mypayment': { ...accountScreen, link: 'myPayment' },
  '/myaccount/cancellation': { ...accountScreen, link: 'cancellation' },
  '/myaccount/couponoffer': { ...accountScreen, link: 'couponOffer' },
  '/myaccount/myproducts': { ...accountScreen, link: 'myProducts' },
  '/myaccount/sales': { ...accountScreen, link: 'sales' },
  '/myaccount/notifications': { ...accountScreen, link: 'notifications' },
} satisfies RouteManifest<ComponentType>;
