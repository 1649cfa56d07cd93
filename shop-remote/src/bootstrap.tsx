import { mountStandalone } from '@marketplace/shared/standalone';
import App from './App';
import { routes } from './routes.json';

mountStandalone('shop', routes, App);
