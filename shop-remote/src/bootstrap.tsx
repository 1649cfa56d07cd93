import { mountStandalone } from '@marketplace/shared/standalone';
import App from './App';

mountStandalone('shop', App);
