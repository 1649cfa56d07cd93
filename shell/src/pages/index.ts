import { lazyPage, type PageTable } from '@marketplace/shared';

/** The page of any path no front end serves: shared's, the one a remote shows for a path it has no page for. */
export { NotFound as NotFoundPage } from '@marketplace/shared';

// Each in its own chunk: none is on the way to the pages most visits start at.
const LogoutPage = lazyPage(
  () => import('./LogoutPage'),
  (m) => m.LogoutPage,
);
const AlreadyLoggedInPage = lazyPage(
  () => import('./AlreadyLoggedInPage'),
  (m) => m.AlreadyLoggedInPage,
);
const AboutPage = lazyPage(
  () => import('./AboutPage'),
  (m) => m.AboutPage,
);
const FaqPage = lazyPage(
  () => import('./FaqPage'),
  (m) => m.FaqPage,
);
const ContactPage = lazyPage(
  () => import('./ContactPage'),
  (m) => m.ContactPage,
);
const GetContactPage = lazyPage(
  () => import('./GetContactPage'),
  (m) => m.GetContactPage,
);
const PreloadPage = lazyPage(
  () => import('./PreloadPage'),
  (m) => m.PreloadPage,
);
const Error404Page = lazyPage(
  () => import('./Error404Page'),
  (m) => m.Error404Page,
);

/** The shell's own pages, keyed by their path (the remotes' paths come from the runtime config). */
export const SHELL_PAGES: Readonly<PageTable> = {
  '/logout': LogoutPage,
  '/alreadyloggedin': AlreadyLoggedInPage,
  '/about': AboutPage,
  '/faq': FaqPage,
  '/contact': ContactPage,
  '/getcontact': GetContactPage,
  '/preload': PreloadPage,
  '/error404': Error404Page,
};
