import type { ComponentType } from 'react';
import { AboutPage } from './AboutPage';
import { AlreadyLoggedInPage } from './AlreadyLoggedInPage';
import { ContactPage } from './ContactPage';
import { Error404Page } from './Error404Page';
import { FaqPage } from './FaqPage';
import { GetContactPage } from './GetContactPage';
import { LogoutPage } from './LogoutPage';
import { PreloadPage } from './PreloadPage';

/** The shell's own pages, keyed by their path in ROUTES (area 'shell'). */
export const SHELL_PAGES: Readonly<Record<string, ComponentType>> = {
  '/logout': LogoutPage,
  '/alreadyloggedin': AlreadyLoggedInPage,
  '/about': AboutPage,
  '/faq': FaqPage,
  '/contact': ContactPage,
  '/getcontact': GetContactPage,
  '/preload': PreloadPage,
  '/error404': Error404Page,
};
