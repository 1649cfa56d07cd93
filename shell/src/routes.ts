// The shell's own pages: the one place their facts are written (the remotes' paths come from the
// runtime config). Its build writes them into the release (routes.json), from which the platform
// derives robots.txt and the sitemap of the site's pages; pages/index.ts renders them.
import type { ComponentType } from 'react';
import type { RouteManifest } from '@marketplace/platform/route-manifest';

// Each in its own chunk: none is on the way to the pages most visits start at.
export const routes = {
  '/logout': { load: () => import('./pages/LogoutPage').then((m) => m.LogoutPage), private: true, link: 'logout' },
  '/alreadyloggedin': {
    load: () => import('./pages/AlreadyLoggedInPage').then((m) => m.AlreadyLoggedInPage),
    private: true,
    link: 'alreadyLoggedIn',
  },
  '/about': { load: () => import('./pages/AboutPage').then((m) => m.AboutPage), sitemap: 'site', link: 'about' },
  '/faq': { load: () => import('./pages/FaqPage').then((m) => m.FaqPage), sitemap: 'site', link: 'faq' },
  '/contact': {
    load: () => import('./pages/ContactPage').then((m) => m.ContactPage),
    sitemap: 'site',
    link: 'contact',
  },
  '/getcontact': { load: () => import('./pages/GetContactPage').then((m) => m.GetContactPage), private: true },
  '/preload': { load: () => import('./pages/PreloadPage').then((m) => m.PreloadPage), private: true },
  '/error404': { load: () => import('./pages/Error404Page').then((m) => m.Error404Page), link: 'error404' },
} satisfies RouteManifest<ComponentType>;
