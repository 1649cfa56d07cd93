import { mountStandalone } from '@marketplace/shared/standalone';
import App from './App';
import { routes } from './routes';

mountStandalone('auction', Object.keys(routes), App);
