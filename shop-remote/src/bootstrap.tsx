import { mountStandalone } from '@marketplace/shared/standalone';
import App from './App';
import { routes } from './routes';

mountStandalone('shop', Object.keys(routes), App);
